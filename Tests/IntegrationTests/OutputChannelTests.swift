import Foundation
import Logging
import Testing
import ZappModel

@testable import zapp_shell

/// Issue 15: control sequences in a configuration never leave the program as themselves. Each
/// channel is checked byte by byte: the built `zapp-shell`'s stdout and stderr (validate,
/// validate --json, render, render --color, trace, trace --json, and the refusals of render,
/// trace and run), and the `--log` file (the screen's rule is tested in ShellUITests.TextTests).
@Suite("output channels carry no control sequences")
struct OutputChannelTests {
    /// OSC title, BEL, clear screen, 8-bit CSI, right-to-left override.
    static let payload = #"\u001b]0;PWNED\u0007\u001b[2J\u009b31m\u202e"#
    static let plugins = #"""
        [{"plugin": {"identifier": "menu", "type": "menu", "api": {"class_name": "ZappShell.SideMenu"}}},
         {"plugin": {"identifier": "bar", "type": "nav_bar", "api": {"class_name": "ZappShell.NavigationBar"}}}]
        """#

    /// The payload in a nav item target and a style value: errors, so validate reports them
    /// and render, trace and run refuse.
    static let hostileRiver = """
        [{"id": "home", "name": "Home", "home": true, "navigations": [
          {"category": "menu", "navigation_type": "menu",
           "nav_items": [{"id": "m1", "title": "Go", "type": "label", "data": {"target": "x\(payload)"}}]},
          {"category": "nav_bar", "navigation_type": "bar", "styles": {"state": "ontop\(payload)"}}]}]
        """

    /// The payload in titles and the screen name: the app opens and shows them.
    static let titledRiver = """
        [{"id": "home", "name": "Home\(payload)", "home": true, "navigations": [
          {"category": "menu", "navigation_type": "menu",
           "nav_items": [{"id": "m1", "title": "Go\(payload)", "type": "label", "data": {"target": "home"}}]},
          {"category": "nav_bar", "navigation_type": "bar",
           "nav_items": [{"id": "b1", "title": "Btn\(payload)", "type": "button", "data": {"target": "home"}}]}]}]
        """

    static func app(_ river: String, folderSuffix: String = "") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-channels-\(UUID().uuidString)\(folderSuffix)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data(river.utf8).write(to: url.appendingPathComponent("river.json"))
        try Data(plugins.utf8).write(to: url.appendingPathComponent("plugin_configurations.json"))
        return url
    }

    /// The `zapp-shell` built beside this test bundle.
    static func executable() throws -> URL {
        let argument = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = argument.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("zapp-shell")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let built = root.appendingPathComponent(".build/debug/zapp-shell")
        return try #require(FileManager.default.isExecutableFile(atPath: built.path) ? built : nil, "zapp-shell is not built")
    }

    /// Runs zapp-shell and returns its status, stdout and stderr bytes. The wait for the child
    /// happens on a thread of its own, not on one of the few threads every suite's tasks share.
    static func run(_ arguments: [String], executable: URL? = nil, environment extra: [String: String] = [:]) async throws
        -> (status: Int32, out: [UInt8], err: [UInt8])
    {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try runBlocking(arguments, executable: executable, environment: extra) }) }.start()
        }
    }

    private static func runBlocking(_ arguments: [String], executable: URL?, environment extra: [String: String]) throws
        -> (status: Int32, out: [UInt8], err: [UInt8])
    {
        let process = Process()
        process.executableURL = try executable ?? Self.executable()
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        environment["TERM"] = "xterm-256color"
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, Array(outData), Array(errData))
    }

    /// The controls in `bytes` (decoded as UTF-8): everything `TextSanitizer.isControl` names
    /// except line breaks and, with `allowingColour`, SGR sequences (`ESC [ ... m`).
    static func controls(in bytes: [UInt8], allowingColour: Bool = false) -> [String] {
        var text = String(decoding: bytes, as: UTF8.self)
        if allowingColour { text = text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression) }
        return text.unicodeScalars.filter { TextSanitizer.isControl($0) && $0 != "\n" }
            .map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    @Test func validateTextAndJSON() async throws {
        let app = try Self.app(Self.hostileRiver)
        defer { try? FileManager.default.removeItem(at: app) }
        let text = try await Self.run(["validate", app.path])
        #expect(text.status == 1)
        #expect(Self.controls(in: text.out) == [])
        let report = String(decoding: text.out, as: UTF8.self)
        #expect(report.contains(#"got "ontop\u{1B}]0;PWNED\u{7}\u{1B}[2J\u{9B}31m\u{202E}""#))
        #expect(report.contains(#"targets "x\u{1B}]0;PWNED"#))

        let json = try await Self.run(["validate", "--json", app.path])
        #expect(json.status == 1)
        #expect(Self.controls(in: json.out) == [])
        #expect(try JSONSerialization.jsonObject(with: Data(json.out)) is [String: Any])
    }

    /// A flawed app runs (its dangling target and bad style are warnings), and neither output
    /// carries a control.
    @Test(arguments: [["render", "--screen", "home"], ["trace", "--screen", "home"]])
    func flawedAppRunsClean(_ command: [String]) async throws {
        let app = try Self.app(Self.hostileRiver)
        defer { try? FileManager.default.removeItem(at: app) }
        var arguments = command
        arguments.insert(app.path, at: 1)
        let result = try await Self.run(arguments)
        #expect(result.status == 0, "\(command)")
        #expect(Self.controls(in: result.err) == [], "\(command)")
        #expect(Self.controls(in: result.out) == [], "\(command)")
    }

    /// A refusal (a river that does not parse) names the app's folder, whose name holds the
    /// payload: escaped on stderr.
    @Test(arguments: [["render", "--screen", "home"], ["trace", "--screen", "home"]])
    func refusalsOnStderr(_ command: [String]) async throws {
        let app = try Self.app("[", folderSuffix: "\u{1B}]0;PWNED\u{7}")
        defer { try? FileManager.default.removeItem(at: app) }
        var arguments = command
        arguments.insert(app.path, at: 1)
        let result = try await Self.run(arguments)
        #expect(result.status == 1)
        #expect(Self.controls(in: result.err) == [], "\(command)")
        #expect(String(decoding: result.err, as: UTF8.self).contains(#"\u{1B}]0;PWNED\u{7}"#))
        #expect(Self.controls(in: result.out) == [], "\(command)")
    }

    /// `run` needs a terminal before it loads the app: `script` gives it one (its output
    /// lines end in CR LF).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func runRefusalOnATerminal() async throws {
        let app = try Self.app("[", folderSuffix: "\u{1B}]0;PWNED\u{7}")
        defer { try? FileManager.default.removeItem(at: app) }
        let command = "'\(try Self.executable().path)' run '\(app.path)'"
        let result = try await Self.run(["-qec", command, "/dev/null"], executable: URL(fileURLWithPath: "/usr/bin/script"))
        #expect(result.status == 1)
        let text = String(decoding: result.out, as: UTF8.self).replacingOccurrences(of: "\r", with: "")
        #expect(Self.controls(in: Array(text.utf8)) == [])
        #expect(text.contains(#"\u{1B}]0;PWNED\u{7}"#))
    }

    @Test func renderAndTraceOfAnAppShowingThePayload() async throws {
        let app = try Self.app(Self.titledRiver)
        defer { try? FileManager.default.removeItem(at: app) }
        let frame = try await Self.run(["render", app.path, "--screen", "home", "--size", "60x8"])
        #expect(frame.status == 0)
        #expect(Self.controls(in: frame.out) == [])
        #expect(String(decoding: frame.out, as: UTF8.self).contains("Btn"))
        let coloured = try await Self.run(["render", app.path, "--screen", "home", "--size", "60x8", "--color"])
        #expect(coloured.status == 0)
        #expect(coloured.out.contains(0x1B), "colour sequences are there")
        #expect(Self.controls(in: coloured.out, allowingColour: true) == [])

        let trace = try await Self.run(["trace", app.path, "--screen", "home"])
        #expect(trace.status == 0)
        #expect(Self.controls(in: trace.out) == [])
        #expect(String(decoding: trace.out, as: UTF8.self).contains(#"navigate to home "Home\u{1B}]0;PWNED"#))
        let json = try await Self.run(["trace", app.path, "--screen", "home", "--json"])
        #expect(json.status == 0)
        #expect(Self.controls(in: json.out) == [])
        let object = try JSONSerialization.jsonObject(with: Data(json.out)) as? [String: Any]
        let steps = object?["steps"] as? [[String: Any]]
        #expect((steps?.first?["line"] as? String)?.contains("Home\u{1B}]0;PWNED\u{07}") == true, "JSON keeps the text, escaped")
    }

    /// swift-argument-parser's own messages echo the arguments: a usage error, an unknown
    /// option and a bad `--answer` reach stderr escaped, with its exit status; help still goes
    /// to stdout with status 0.
    @Test(arguments: [
        ["render", "--screen", "home", "--size", "80x\u{1B}]0;PWNED\u{7}"],
        ["trace", "--screen", "home", "--answer", "x\u{1B}]0;PWNED\u{7}=maybe"],
        ["validate", "--\u{1B}]0;PWNED\u{7}"],
    ])
    func usageErrorsAreEscaped(_ arguments: [String]) async throws {
        let result = try await Self.run(arguments)
        #expect(result.status == 64, "\(arguments)")
        #expect(Self.controls(in: result.err) == [], "\(arguments)")
        #expect(String(decoding: result.err, as: UTF8.self).contains(#"\u{1B}]0;PWNED\u{7}"#), "\(arguments)")
        #expect(result.out.isEmpty)
        let help = try await Self.run(["render", "--help"])
        #expect(help.status == 0)
        #expect(String(decoding: help.out, as: UTF8.self).contains("--screen"))
    }

    /// A screen whose id and name hold escape sequences, a bidi override, a mark stack and a
    /// 10,000-character name: validate (text and JSON), render and trace stay clean and bounded.
    @Test func hostileScreenIdentifiers() async throws {
        let zalgo = "Z" + String(repeating: "\u{0301}", count: 50)
        let long = String(repeating: "n", count: 10_000)
        let river = """
            [{"id": "home", "name": "Home", "home": true, "ui_components": [{"id": "c", "component_type": "list",
               "data": {"items": [{"title": "Go", "target": "s\\u001b]0;PWNED\\u0007"}]}}]},
             {"id": "s\\u001b]0;PWNED\\u0007", "name": "\\u202eevil\(zalgo)\(long)", "type": "general_content"},
             {"id": "s\\u001b]0;PWNED\\u0007", "name": "twice"}]
            """
        let app = try Self.app(river)
        defer { try? FileManager.default.removeItem(at: app) }
        let text = try await Self.run(["validate", app.path])
        #expect(Self.controls(in: text.out) == [])
        #expect(Self.controls(in: text.err) == [])
        let report = String(decoding: text.out, as: UTF8.self)
        #expect(report.contains(#"s\u{1B}]0;PWNED\u{7}"#), "the duplicate id is named, escaped")
        #expect(!report.contains(long), "a 10,000-character name is cut")
        let json = try await Self.run(["validate", "--json", app.path])
        #expect(Self.controls(in: json.out) == [])
        for command in [["render", "--screen", "twice", "--size", "60x8"], ["render", "--screen", "twice", "--size", "60x8", "--color"], ["trace", "--screen", "home"], ["render", "--screen", "s\u{1B}]0;PWNED\u{7}x"]] {
            var arguments = command
            arguments.insert(app.path, at: 1)
            let result = try await Self.run(arguments)
            #expect(Self.controls(in: result.out, allowingColour: command.contains("--color")) == [], "\(command)")
            #expect(Self.controls(in: result.err) == [], "\(command)")
        }
    }

    @Test func logFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-log-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: url) }
        let handler = FileLogHandler(label: "test", file: try FileLogHandler.File(url: url))
        let logger = Logger(label: "test") { _ in handler }
        logger.warning("target x\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{9B}31m\u{202E}\nnext", metadata: ["value": "\u{1B}[31m"])
        let bytes = Array(try Data(contentsOf: url))
        #expect(Self.controls(in: bytes) == [])
        let line = String(decoding: bytes, as: UTF8.self)
        #expect(line.hasSuffix(#"target x\u{1B}]0;PWNED\u{7}\u{1B}[2J\u{9B}31m\u{202E}\nnext value=\u{1B}[31m"# + "\n"))
    }
}
