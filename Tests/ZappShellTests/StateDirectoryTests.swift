import Foundation
import Logging
import ShellCore
import Testing
import ZappModel

@testable import zapp_shell

/// The state directory is ours (issue 34): the log is never written through a symbolic link
/// planted at its name, a tape (which holds what was typed) is 0600 under any umask, and URL
/// credentials never reach a log line or a warning on stderr.
@Suite("state directory files")
struct StateDirectoryTests {
    private static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("a symbolic link at the log's name is refused, and its target is not written")
    func logFollowsNoLink() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let target = root.appendingPathComponent("elsewhere.txt")
        try Data("precious\n".utf8).write(to: target)
        let log = root.appendingPathComponent("zapp-shell.log")
        try FileManager.default.createSymbolicLink(at: log, withDestinationURL: target)
        #expect(throws: (any Error).self) { try FileLogHandler.File(url: log) }
        #expect(try String(contentsOf: target, encoding: .utf8) == "precious\n")
    }

    @Test("log lines redact URL credentials: user:***@ and token=***")
    func logRedacts() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let url = root.appendingPathComponent("zapp-shell.log")
        let file = try FileLogHandler.File(url: url)
        let logger = Logger(label: "t") { FileLogHandler(label: $0, file: file) }
        logger.warning("cannot fetch https://ann:hunter2@cdn.example.com/feed.json?token=SECRET&page=2")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("https://ann:***@cdn.example.com/feed.json?token=***&page=2"), "\(text)")
        #expect(!text.contains("hunter2") && !text.contains("SECRET"))
    }

    @Test("a tape is written 0600 where a plain file is readable by others")
    func tapeIsPrivate() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("run.tape").path
        // The umask is the process's, left alone: tests run side by side, and umask(0) here made
        // the files of others world-writable. A plain file made beside is readable by others, so
        // 0600 is the code's own doing.
        try TapeFile.write(Tape(header: Tape.Header(), steps: []), to: path)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["run.tape"], "no temporary file left")
        let plain = root.appendingPathComponent("plain-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: plain.path, contents: Data())
        defer { try? FileManager.default.removeItem(at: plain) }
        try #require(((try FileManager.default.attributesOfItem(atPath: plain.path)[.posixPermissions] as? NSNumber)?.intValue ?? 0) & 0o044 != 0,
                     "a plain file is private already under this umask: the test would prove nothing")

    }
}
