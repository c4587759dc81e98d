import Foundation
import Testing
import ZappCore
import ZappModel

@testable import zapp_shell

/// `zapp-shell trace`: the real hook manager and built-in plugins, scripted answers for hooks
/// with UI, non-UI hooks run for real.
@Suite("trace runs one navigation's hooks")
struct TraceCommandTests {
    private static func demo() async throws -> ZappApp {
        let result = await AppLocation.demo.load()
        return try #require(result.app)
    }

    private static func trace(
        _ app: ZappApp, _ screen: String, answers: [String] = [], signedIn: String? = nil
    ) async throws -> TraceReport {
        try await TraceCommand.trace(
            app: app, screen: screen, script: try TraceCommand.script(from: answers), signedIn: signedIn)
    }

    @Test func signedOutWithNoAnswerTheLoginPaneIsCancelledAndBlocks() async throws {
        let report = try await Self.trace(try await Self.demo(), "premium")
        let lines = report.text.split(separator: "\n").map(String.init)
        #expect(lines.first == "navigate to premium \"Premium\" from go_to")
        #expect(lines.contains("pre zapptv_analytics: succeeded"))
        #expect(lines.contains("pre zapptv_login: new instance with hook screen sign-in \"Sign in\""))
        #expect(lines.contains("pre zapptv_login: pane shown (present); scripted answer: cancel"))
        #expect(lines.contains("pre zapptv_login: failed: User has closed hook execution"))
        #expect(lines.last == "result: blocked by zapptv_login")
        #expect(report.result == .blocked(by: "zapptv_login", reason: "User has closed hook execution"))
    }

    @Test func aSuccessAnswerPresentsAndRunsPostHooksBeforeTheResultLine() async throws {
        let report = try await Self.trace(try await Self.demo(), "Premium", answers: ["zapptv_login=success"])
        let lines = report.text.split(separator: "\n").map(String.init)
        #expect(lines.contains("pre zapptv_login: pane shown (present); scripted answer: success"))
        #expect(lines.contains("post: post hooks of premium \"Premium\""))
        #expect(lines.last == "result: presented premium")
        #expect(lines.filter { $0.hasPrefix("result:") }.count == 1)
    }

    @Test func aScriptedFailureBlocks() async throws {
        let report = try await Self.trace(try await Self.demo(), "premium", answers: ["zapptv_login=failure"])
        #expect(report.result == .blocked(by: "zapptv_login", reason: "scripted failure"))
    }

    @Test func signedInWithTheEntitlementSkipsThePane() async throws {
        let report = try await Self.trace(try await Self.demo(), "premium", signedIn: "demo")
        #expect(report.text.contains("pre zapptv_login: presentation not requested: counts as succeeded, nothing shown"))
        #expect(report.resultLine == "result: presented premium")
    }

    @Test func signedInWithoutTheEntitlementStillNeedsTheLoginPane() async throws {
        let report = try await Self.trace(try await Self.demo(), "premium", signedIn: "free")
        #expect(report.text.contains("pre zapptv_login: presentation allowed (present)"))
        #expect(report.resultLine == "result: blocked by zapptv_login")
    }

    @Test func unknownUserAndScreenAreErrors() async throws {
        let demo = try await Self.demo()
        await #expect(throws: TraceError(
            message: #"--signed-in "mallory": unknown user; the configured users are "demo", "free" (configuration_json.users of "zapptv_login")"#))
        {
            _ = try await Self.trace(demo, "premium", signedIn: "mallory")
        }
        await #expect(throws: TraceError(message: "no screen with id or name 'nowhere' in \(demo.name)")) {
            _ = try await Self.trace(demo, "nowhere")
        }
    }

    @Test func badAnswersAreUsageErrors() throws {
        #expect(throws: (any Error).self) { try TraceCommand.script(from: ["zapptv_login"]) }
        #expect(throws: (any Error).self) { try TraceCommand.script(from: ["zapptv_login=maybe"]) }
        #expect(throws: (any Error).self) { try TraceCommand.script(from: ["=success"]) }
        #expect(try TraceCommand.script(from: ["a=SUCCESS", "b=failure", "a=cancel"]).answers == ["a": .cancel, "b": .failure])
    }

    @Test func externalHooksPassTheirDataDictOnAndSecretsStayOut() async throws {
        let folder = try Self.externalHookApp()
        defer { try? FileManager.default.removeItem(at: folder) }
        let loaded = await AppLocation.path(folder.path).load()
        #expect(loaded.diagnostics.filter { $0.severity == .error }.map(\.code) == [.unknownHookPlugin])
        let app = try #require(loaded.app, "a hook naming no plugin does not stop the app: \(loaded.diagnostics)")
        let report = try await Self.trace(app, "target")
        let lines = report.text.split(separator: "\n").map(String.init)
        #expect(lines.contains(
            "pre vendor: warning: stand-in: Vendor.Thing is not built into ZappShell and has no UI; answered success"))
        #expect(lines.contains("pre ghost: warning: no plugin with this identifier in plugin_configurations"))
        #expect(lines.contains("pre issuer: dataDict handed on: keys age, token"))
        #expect(lines.contains("pre checker: succeeded"))
        #expect(lines.contains("pre checker: returned no dataDict: the dictionary (keys age, token) is dropped"))
        #expect(lines.last == "result: presented target")
        #expect(!report.text.contains("t0k3n"))
        #expect(!report.json.contains("t0k3n"))
    }

    @Test func jsonHasStepsAndResult() async throws {
        let report = try await Self.trace(try await Self.demo(), "premium")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        #expect(object["screen"] as? String == "premium")
        #expect(object["signed_in"] is NSNull)
        let result = try #require(object["result"] as? [String: Any])
        #expect(result["outcome"] as? String == "blocked")
        #expect(result["blocked_by"] as? String == "zapptv_login")
        #expect(result["line"] as? String == "result: blocked by zapptv_login")
        let steps = try #require(object["steps"] as? [[String: Any]])
        #expect(steps.count == report.steps.count)
        #expect(steps.first?["step"] as? String == "navigation_started")
    }

    /// An app whose target runs: an unavailable plugin, a hook naming no plugin, an external hook
    /// that issues a dataDict, and one that checks it arrived and returns none.
    private static func externalHookApp() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let issuer = "#!/bin/sh\ncat >/dev/null\necho '{\"success\": true, \"dataDict\": {\"age\": 21, \"token\": \"t0k3n\"}}'\n"
        let checker = """
            #!/bin/sh
            input=$(cat)
            case "$input" in
              *'"age"'*) echo '{"success": true}' ;;
              *) echo '{"success": false, "error": "no age"}' ;;
            esac

            """
        for (name, script) in [("issuer.sh", issuer), ("checker.sh", checker)] {
            let url = folder.appendingPathComponent(name)
            try script.write(to: url, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        }
        let river = """
            [
              {"id": "home", "name": "Home", "type": "general_content", "home": true,
               "navigations": [{"category": "menu", "navigation_type": "menu", "nav_items": []}]},
              {"id": "target", "name": "Target", "type": "general_content",
               "hooks": {"preload_plugins": [
                 {"identifier": "vendor", "type": "general"},
                 {"identifier": "ghost", "type": "general"},
                 {"identifier": "issuer", "type": "general"},
                 {"identifier": "checker", "type": "general"}
               ]}}
            ]
            """
        let plugins = """
            [
              {"plugin": {"identifier": "menu", "type": "menu", "api": {"class_name": "ZappShell.SideMenu"}}},
              {"plugin": {"identifier": "vendor", "type": "general", "api": {"class_name": "Vendor.Thing"}}},
              {"plugin": {"identifier": "issuer", "type": "general", "preload": true,
                          "api": {"class_name": "ZappShell.ExternalHook"}},
               "configuration_json": {"command": ["issuer.sh"]}},
              {"plugin": {"identifier": "checker", "type": "general", "preload": true,
                          "api": {"class_name": "ZappShell.ExternalHook"},
                          "general": {"fields": [{"key": "is_flow_blocker", "initial_value": true}]}},
               "configuration_json": {"command": ["checker.sh"]}}
            ]
            """
        try river.write(to: folder.appendingPathComponent("river.json"), atomically: true, encoding: .utf8)
        try plugins.write(
            to: folder.appendingPathComponent("plugin_configurations.json"), atomically: true, encoding: .utf8)
        return folder
    }
}
