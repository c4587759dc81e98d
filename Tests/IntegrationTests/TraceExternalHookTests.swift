import Foundation
import Testing
import ZappCore
import ZappModel
import ZappPlugins

@testable import zapp_shell

/// `zapp-shell trace` running real external hook scripts.
@Suite("trace runs external hooks")
struct TraceExternalHookTests {
    private static func trace(_ app: ZappApp, _ screen: String) async throws -> TraceReport {
        try await TraceReport.run(app: app, screen: screen, script: try TraceCommand.script(from: []), signedIn: nil)
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
