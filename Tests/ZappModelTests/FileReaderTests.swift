import Foundation
import Testing

@testable import ZappModel

/// `FileSystem.contents`, the one reader of what a configuration names: regular files only,
/// refused before reading (so a device or a FIFO never blocks or floods memory), and capped.
@Suite("file reader")
struct FileReaderTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-reader-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    func refusal(_ path: String, limit: Int = FileSystem.defaultReadLimit, followingLinks: Bool = true) -> FileReadError.Problem? {
        if case .failure(let error) = FileSystem.contents(atPath: path, limit: limit, followingLinks: followingLinks) {
            #expect(error.path == path)
            #expect(error.description.hasPrefix(path + ": "))
            return error.problem
        }
        return nil
    }

    @Test("a folder, /dev/zero, /dev/null and a FIFO are refused, each named with its kind")
    func specialFilesAreRefused() throws {
        defer { cleanUp() }
        #expect(refusal(folder.path) == .notAFile(.folder))
        #expect(refusal("/dev/zero") == .notAFile(.characterDevice))
        #expect(refusal("/dev/null") == .notAFile(.characterDevice))
        let fifo = folder.appendingPathComponent("pipe.png").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // With no writer, opening it would wait for ever: it is refused before it is opened.
        #expect(refusal(fifo) == .notAFile(.fifo))
        #expect(FileReadError(path: fifo, problem: .notAFile(.fifo)).description == "\(fifo): a FIFO (named pipe), not a regular file")
        #expect(refusal(folder.appendingPathComponent("missing").path) == .missing)
    }

    @Test("a symbolic link to a regular file is read; to a device or a FIFO it is refused; not followed when asked")
    func symbolicLinks() throws {
        defer { cleanUp() }
        let file = folder.appendingPathComponent("logo.txt")
        try Data("logo".utf8).write(to: file)
        let toFile = folder.appendingPathComponent("to-file").path
        try FileManager.default.createSymbolicLink(atPath: toFile, withDestinationPath: "logo.txt")
        #expect(try FileSystem.contents(atPath: toFile).get() == Data("logo".utf8))
        #expect(refusal(toFile, followingLinks: false) == .notAFile(.symbolicLink))
        let toDevice = folder.appendingPathComponent("to-zero").path
        try FileManager.default.createSymbolicLink(atPath: toDevice, withDestinationPath: "/dev/zero")
        #expect(refusal(toDevice) == .notAFile(.characterDevice))
        let fifo = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let toFIFO = folder.appendingPathComponent("to-pipe").path
        try FileManager.default.createSymbolicLink(atPath: toFIFO, withDestinationPath: "pipe")
        #expect(refusal(toFIFO) == .notAFile(.fifo))
    }

    @Test("a file over the cap is refused from its size, before reading; one at the cap is read")
    func theCap() throws {
        defer { cleanUp() }
        let file = folder.appendingPathComponent("big.json")
        try Data(repeating: 0x20, count: 1000).write(to: file)
        #expect(refusal(file.path, limit: 999) == .tooLarge(size: 1000, limit: 999))
        #expect(try FileSystem.contents(atPath: file.path, limit: 1000).get().count == 1000)
        #expect(FileReadError(path: "x", problem: .tooLarge(size: 30_000_000, limit: 20_971_520)).reason
            == "30,000,000 bytes, over the 20,971,520-byte limit")
        // A file that says it is empty and is not (/proc) is read within the same cap.
        #expect(refusal("/proc/self/status", limit: 10) == .tooLarge(size: nil, limit: 10))
    }

    @Test("a file that grows while it is read stops at the cap")
    func growingFile() throws {
        defer { cleanUp() }
        let file = folder.appendingPathComponent("growing.json")
        FileManager.default.createFile(atPath: file.path, contents: Data(repeating: 0x20, count: 4096))
        let writer = open(file.path, O_WRONLY | O_APPEND)
        try #require(writer >= 0)
        let stop = Atomic(false)
        // A writer appending up to 64 MiB while the file is read: a read sees it grow past the cap.
        let finished = DispatchSemaphore(value: 0)
        let growth = Thread {
            let chunk = [UInt8](repeating: 0x20, count: 65_536)
            for _ in 0..<1024 where !stop.value { _ = chunk.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } }
            finished.signal()
        }
        growth.start()
        var result: Result<Data, FileReadError> = .success(Data())
        for _ in 0..<1000 {
            result = FileSystem.contents(atPath: file.path, limit: 1024 * 1024)
            if case .failure = result { break }
            #expect((try? result.get().count) ?? 0 <= 1024 * 1024)
        }
        stop.value = true
        // The writer stops before its descriptor is closed (its number could be reused meanwhile).
        finished.wait()
        close(writer)
        guard case .failure(let error) = result, case .tooLarge(_, 1024 * 1024) = error.problem else {
            Issue.record("the file grew past 1 MiB and was not refused: \(result)")
            return
        }
    }

    @Test("permission denied is said as such")
    func permissionDenied() throws {
        defer { cleanUp() }
        guard getuid() != 0 else { return }  // root reads everything
        let file = folder.appendingPathComponent("secret.json")
        FileManager.default.createFile(atPath: file.path, contents: Data("{}".utf8), attributes: [.posixPermissions: 0])
        #expect(refusal(file.path) == .permissionDenied)
    }
}

/// A flag shared between threads.
final class Atomic<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
