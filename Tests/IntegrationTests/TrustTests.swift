import Foundation
import LoopbackHTTP
import Testing

/// The built binary keeps its promise that an app is data (ARCHITECTURE.md, "Threat model"): an
/// http(s) app runs no command by any route (`trace`, `gates`, `replay` with a deep link), a local
/// app's commands run only after `zapp-shell trust` and stop running when a script changes, and
/// the demo app and a folder `init` wrote are trusted. Marker files tell whether a command ran.
@Suite("Trust: commands run only for trusted local apps")
struct TrustTests {
    /// A scratch folder: the state directory (`XDG_STATE_HOME`), the markers, the apps.
    private final class Scratch {
        let root: URL

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-trust-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func path(_ name: String) -> String { root.appendingPathComponent(name).path }

        func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }

        /// Runs zapp-shell with the scratch state directory; status and stdout + stderr.
        func zappShell(_ arguments: [String]) async throws -> (status: Int32, output: String) {
            let result = try await OutputChannelTests.run(
                arguments, environment: ["XDG_STATE_HOME": path("state"), "ZAPPTV_PARENTAL_LOCK": "0"])
            return (result.status, String(decoding: result.out + result.err, as: UTF8.self))
        }

        /// A local app whose `late` screen runs `hooks/hook.sh` (it touches `marker`), a flow blocker.
        func localApp(marker: String) throws -> URL {
            let folder = root.appendingPathComponent("app")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("hooks"), withIntermediateDirectories: true)
            try writeScript(touching: marker, in: folder)
            try TrustTests.river.write(to: folder.appendingPathComponent("river.json"), atomically: true, encoding: .utf8)
            try TrustTests.plugins([("hook", ["hooks/hook.sh"])])
                .write(to: folder.appendingPathComponent("plugin_configurations.json"), atomically: true, encoding: .utf8)
            return folder
        }

        func writeScript(touching marker: String, in folder: URL) throws {
            let script = folder.appendingPathComponent("hooks/hook.sh")
            try "#!/bin/sh\ncat >/dev/null\ntouch '\(path(marker))'\necho '{\"success\": true}'\n"
                .write(to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        }
    }

    static let river = """
        [
          {"id": "home", "name": "Home", "type": "general_content", "home": true,
           "navigations": [{"category": "menu", "navigation_type": "menu", "nav_items": []}]},
          {"id": "late", "name": "Late", "type": "general_content",
           "hooks": {"preload_plugins": [{"identifier": "hook", "type": "general"}, {"identifier": "shell", "type": "general"}]}}
        ]
        """

    /// A menu and one `ZappShell.ExternalHook` flow blocker per command.
    static func plugins(_ commands: [(String, [String])]) -> String {
        let menu = #"{"plugin": {"identifier": "menu", "type": "menu", "api": {"class_name": "ZappShell.SideMenu"}}}"#
        let hooks = commands.map { identifier, argv in
            let words = argv.map { "\"\($0)\"" }.joined(separator: ", ")
            return """
                {"plugin": {"identifier": "\(identifier)", "type": "general", "api": {"class_name": "ZappShell.ExternalHook"}},
                 "configuration_json": {"command": [\(words)], "is_flow_blocker": true}}
                """
        }
        return "[" + ([menu] + hooks).joined(separator: ",\n") + "]"
    }

    @Test("an http(s) app: trace, gates and replay run neither `touch` nor `sh -c`, and say `not run`; trust refuses it")
    func remoteAppRunsNothing() async throws {
        let scratch = try Scratch()
        let plugins = Self.plugins([
            ("hook", ["touch", scratch.path("marker")]), ("shell", ["sh", "-c", "touch \(scratch.path("marker2"))"]),
        ])
        let server = try LoopbackHTTPServer { request in
            switch request.path {
            case "/app/river.json": return .init(status: 200, body: TrustTests.river)
            case "/app/plugin_configurations.json": return .init(status: 200, body: plugins)
            default: return .init(status: 404)
            }
        }
        defer { server.stop() }
        let app = server.url("/app/").absoluteString
        let notRun = "not run: \(app) is an http(s) app; its commands never run"

        let trace = try await scratch.zappShell(["trace", app, "--screen", "late", "--answer", "hook=success", "--answer", "shell=success"])
        #expect(trace.status == 0, "\(trace.output)")
        #expect(trace.output.contains("pre hook: warning: \(notRun)"), "\(trace.output)")
        #expect(trace.output.contains("pre shell: warning: \(notRun)"))
        #expect(trace.output.contains("result: presented late"), "the stand-ins answered as scripted")

        let gates = try await scratch.zappShell(["gates", app])
        #expect(gates.status == 0, "\(gates.output)")
        #expect(gates.output.contains("hook asks (\(notRun); stand-in pane"), "\(gates.output)")

        // A deep link reaches the gated screen headless; the tape expects the stand-in panes and
        // the not-run lines, which tapes record in the order they happen.
        let tape = scratch.path("deep-link.tape")
        try """
            zapp-shell tape 1
            app \(app)
            open zapp://screen/late
            size 80x24

            screen home
            hook pre hook: warning: \(notRun)
            pane "Not run: hook" (hook)
            key Enter
            answer "Continue"
            hook pre shell: warning: \(notRun)
            pane "Not run: shell" (shell)
            key Enter
            answer "Continue"
            pushed late

            """.write(toFile: tape, atomically: true, encoding: .utf8)
        let replay = try await scratch.zappShell(["replay", tape])
        #expect(replay.status == 0, "\(replay.output)")
        #expect(replay.output.contains("steps replayed as recorded"))

        let trust = try await scratch.zappShell(["trust", app])
        #expect(trust.status == 1)
        #expect(trust.output.contains("is an http(s) app: its commands never run and it cannot be trusted"), "\(trust.output)")

        #expect(!scratch.exists("marker"), "touch ran")
        #expect(!scratch.exists("marker2"), "sh -c ran")
        #expect(!scratch.exists("state/zapp-shell/trusted-apps.json"), "nothing was recorded for a URL")
    }

    @Test("a local app runs nothing until trusted, runs after `trust`, stops when its script changes, and after --revoke")
    func localAppNeedsTrust() async throws {
        let scratch = try Scratch()
        let folder = try scratch.localApp(marker: "first")
        // No --answer: an answer would stand in for the command, which must really run once trusted.
        let trace = ["trace", folder.path, "--screen", "late"]

        let untrusted = try await scratch.zappShell(trace)
        #expect(untrusted.output.contains("not run: \(folder.path) is not trusted (zapp-shell trust \(folder.path))"), "\(untrusted.output)")
        #expect(!scratch.exists("first"))
        let gates = try await scratch.zappShell(["gates", folder.path])
        #expect(gates.output.contains("not run: \(folder.path) is not trusted"), "\(gates.output)")

        let trust = try await scratch.zappShell(["trust", folder.path])
        #expect(trust.status == 0, "\(trust.output)")
        #expect(trust.output.contains("argv:    \"hooks/hook.sh\""), "\(trust.output)")
        #expect(trust.output.contains("program: hooks/hook.sh (in the app folder: covered)"), "\(trust.output)")
        #expect(trust.output.contains("Covers every file in \(FileSystemPath.real(folder.path)): 3 files,"), "\(trust.output)")
        let attributes = try FileManager.default.attributesOfItem(atPath: scratch.path("state/zapp-shell/trusted-apps.json"))
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

        let trusted = try await scratch.zappShell(trace)
        #expect(trusted.output.contains("pre hook: succeeded"), "\(trusted.output)")
        #expect(scratch.exists("first"), "the trusted command ran")

        try scratch.writeScript(touching: "second", in: folder)
        let changed = try await scratch.zappShell(trace)
        #expect(changed.output.contains("not run: \(folder.path) changed since it was trusted (zapp-shell trust \(folder.path))"), "\(changed.output)")
        #expect(!scratch.exists("second"), "a changed script does not run")

        _ = try await scratch.zappShell(["trust", folder.path])
        #expect(try await scratch.zappShell(["trust", "--list"]).output.contains(FileSystemPath.real(folder.path)))
        let revoke = try await scratch.zappShell(["trust", "--revoke", folder.path])
        #expect(revoke.output.hasPrefix("Revoked:"), "\(revoke.output)")
        let revoked = try await scratch.zappShell(trace)
        #expect(revoked.output.contains("is not trusted"))
        #expect(!scratch.exists("second"))
    }

    @Test("what runs is what was digested: a script swapped in a loop during 30 runs never runs (issue 34)")
    func swapDuringRuns() async throws {
        let scratch = try Scratch()
        let folder = try scratch.localApp(marker: "good")
        _ = try await scratch.zappShell(["trust", folder.path])
        let script = folder.appendingPathComponent("hooks/hook.sh").path
        let good = try Data(contentsOf: URL(fileURLWithPath: script))
        let evil = Data("#!/bin/sh\ncat >/dev/null\ntouch '\(scratch.path("evil"))'\necho '{\"success\": true}'\n".utf8)
        let swapper = Swapper(script: script, versions: [(good, 1_000), (evil, 0)], scratch: scratch.path("swap"))
        swapper.start()
        var ran = 0
        for _ in 0..<30 {
            let run = try await scratch.zappShell(["trace", folder.path, "--screen", "late"])
            if run.output.contains("pre hook: succeeded") { ran += 1 }
        }
        swapper.stop()
        #expect(!scratch.exists("evil"), "the swapped-in script ran")
        #expect(ran > 0, "no run found the trusted script: the test proved nothing")
    }

    /// Swaps `script` between versions (bytes, microseconds kept) by renaming a file written
    /// beside the app (outside its folder) over it, on a thread of its own until stopped.
    private final class Swapper: @unchecked Sendable {
        let script: String
        let versions: [(Data, UInt32)]
        let scratch: String
        private let lock = NSLock()
        private var stopped = false
        private let done = DispatchSemaphore(value: 0)

        init(script: String, versions: [(Data, UInt32)], scratch: String) {
            self.script = script
            self.versions = versions
            self.scratch = scratch
        }

        func start() {
            Thread.detachNewThread { [self] in
                var index = 0
                while !lock.withLock({ stopped }) {
                    let (bytes, pause) = versions[index % versions.count]
                    FileManager.default.createFile(atPath: scratch, contents: bytes, attributes: [.posixPermissions: 0o755])
                    rename(scratch, script)
                    usleep(pause)
                    index += 1
                }
                let (bytes, _) = versions[0]
                FileManager.default.createFile(atPath: scratch, contents: bytes, attributes: [.posixPermissions: 0o755])
                rename(scratch, script)
                done.signal()
            }
        }

        func stop() {
            lock.withLock { stopped = true }
            done.wait()
        }
    }

    @Test("a demo app planted in ../share beside a copied binary is never run nor copied by init: the demo is inside the binary (issue 34)")
    func plantedDemo() async throws {
        let scratch = try Scratch()
        let bin = scratch.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let copy = bin.appendingPathComponent("zapp-shell")
        try Self.place(try OutputChannelTests.executable(), at: copy)
        let planted = scratch.root.appendingPathComponent("share/zapp-shell/DemoApp")
        try FileManager.default.createDirectory(at: planted.appendingPathComponent("hooks"), withIntermediateDirectories: true)
        try Self.river.replacingOccurrences(of: "\"late\"", with: "\"late-night\"")
            .write(to: planted.appendingPathComponent("river.json"), atomically: true, encoding: .utf8)
        try Self.plugins([("hook", ["touch", scratch.path("planted")])])
            .write(to: planted.appendingPathComponent("plugin_configurations.json"), atomically: true, encoding: .utf8)
        let environment = ["XDG_STATE_HOME": scratch.path("state"), "ZAPPTV_PARENTAL_LOCK": "0"]
        let trace = try await OutputChannelTests.run(["trace", "--screen", "late-night"], executable: copy, environment: environment)
        let output = String(decoding: trace.out + trace.err, as: UTF8.self)
        #expect(output.contains("pre zapptv_age_check: succeeded"), "the embedded demo ran: \(output)")
        #expect(!scratch.exists("planted"), "the planted demo's command ran")
        _ = try await OutputChannelTests.run(["init", scratch.path("mine")], executable: copy, environment: environment)
        let written = try String(contentsOfFile: scratch.path("mine/plugin_configurations.json"), encoding: .utf8)
        #expect(written.contains("age-check.sh") && !written.contains(scratch.path("planted")), "init wrote the planted copy")
    }

    /// Puts the built binary at `copy` as a hard link, so that no descriptor open for writing
    /// exists: a copy written here while another test forks a child could be inherited by that
    /// child and make running the copy fail with ETXTBSY ("Text file busy"). A copy is the
    /// fallback where the two paths are on different file systems.
    private static func place(_ binary: URL, at copy: URL) throws {
        if link(binary.path, copy.path) == 0 { return }
        try FileManager.default.copyItem(at: binary, to: copy)
    }

    @Test("a corrupt trust file is reported by the not-run line and by --list, and trusts nothing")
    func corruptTrustFile() async throws {
        let scratch = try Scratch()
        let folder = try scratch.localApp(marker: "ran")
        _ = try await scratch.zappShell(["trust", folder.path])
        try "{\"trusted\": [".write(toFile: scratch.path("state/zapp-shell/trusted-apps.json"), atomically: true, encoding: .utf8)
        let trace = try await scratch.zappShell(["trace", folder.path, "--screen", "late"])
        #expect(trace.output.contains("is not trusted: \(scratch.path("state/zapp-shell/trusted-apps.json")) is corrupt"), "\(trace.output)")
        #expect(!scratch.exists("ran"))
        let list = try await scratch.zappShell(["trust", "--list"])
        #expect(list.status == 1)
        #expect(list.output.contains("is corrupt"))
    }

    @Test("the demo app and a folder init wrote run their hook without `trust`")
    func demoAndInitAreTrusted() async throws {
        let scratch = try Scratch()
        let demo = try await scratch.zappShell(["trace", "--screen", "late-night"])
        #expect(demo.output.contains("pre zapptv_age_check: succeeded"), "\(demo.output)")
        let written = scratch.path("mine")
        let initialised = try await scratch.zappShell(["init", written])
        #expect(initialised.output.contains("Trusted: its hook script runs"), "\(initialised.output)")
        let trace = try await scratch.zappShell(["trace", written, "--screen", "late-night"])
        #expect(trace.output.contains("pre zapptv_age_check: succeeded"), "\(trace.output)")
        let demoTrust = try await scratch.zappShell(["trust"])
        #expect(demoTrust.output.contains("bundled demo app: it is trusted already"), "\(demoTrust.output)")
    }
}

/// Real paths, as the trust file and `trust` print them (the temporary folder may be a link).
enum FileSystemPath {
    static func real(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
