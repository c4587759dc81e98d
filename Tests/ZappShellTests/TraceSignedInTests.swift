import Foundation
import Testing
import ZappModel
import ZappPlugins

@testable import zapp_shell

/// `trace --signed-in USER` for every login kind: what is seeded is the trace's first line.
@Suite("trace --signed-in for every login kind")
struct TraceSignedInTests {
    /// An app whose `members` screen is gated by a login plugin of `loginClass`, and whose
    /// `premium` screen also requires the `gold` entitlement.
    private static func app(loginClass: String, configuration: String) throws -> ZappApp {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-signed-in-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let river = """
            [{"id": "home", "name": "Home", "home": true, "navigations": [{"category": "menu", "navigation_type": "menu"}]},
             {"id": "members", "name": "Members", "hooks": {"preload_plugins": [{"identifier": "login", "type": "login"}]}},
             {"id": "premium", "name": "Premium", "general": {"required_entitlements": ["gold"]},
              "hooks": {"preload_plugins": [{"identifier": "login", "type": "login"}]}}]
            """
        let plugins = """
            [{"plugin": {"identifier": "menu", "type": "menu", "api": {"class_name": "ZappShell.SideMenu"}}},
             {"plugin": {"identifier": "login", "type": "login", "api": {"class_name": "\(loginClass)"},
                         "general": {"fields": [{"key": "is_flow_blocker", "initial_value": true}]}},
              "configuration_json": \(configuration)}]
            """
        try Data(river.utf8).write(to: folder.appendingPathComponent("river.json"))
        try Data(plugins.utf8).write(to: folder.appendingPathComponent("plugin_configurations.json"))
        return try #require(AppLoader.load(folder: folder).app)
    }

    private static func trace(_ app: ZappApp, _ screen: String, signedIn: String?) async throws -> TraceReport {
        try await TraceReport.run(app: app, screen: screen, script: TraceCommand.script(from: []), signedIn: signedIn, trust: .trusted)
    }

    /// Port 9 (discard) on loopback has no listener: a contacted server would fail the sign-in.
    @Test func httpLoginIsSeededWithoutContactingTheServer() async throws {
        let app = try Self.app(loginClass: "ZappShell.HTTPLogin", configuration: #"{"endpoint": "http://127.0.0.1:9/login"}"#)
        let members = try await Self.trace(app, "members", signedIn: "alice")
        let lines = members.text.split(separator: "\n").map(String.init)
        #expect(lines.first == #"signed in as "alice": login (ZappShell.HTTPLogin): seeded in memory, 127.0.0.1 not contacted, no entitlements"#)
        #expect(lines.contains("pre login: presentation not requested, signed in with what members requires: nothing shown; succeeded"))
        #expect(members.resultLine == "result: presented members")
        let premium = try await Self.trace(app, "premium", signedIn: "alice")
        #expect(premium.resultLine == "result: blocked by login", "no entitlements: the server alone grants them")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(members.json.utf8)) as? [String: Any])
        #expect((object["session"] as? String)?.hasPrefix(#"signed in as "alice": login (ZappShell.HTTPLogin)"#) == true)
        let signedOut = try await Self.trace(app, "members", signedIn: nil)
        #expect(signedOut.text.hasPrefix("navigate to members"))
        #expect(signedOut.resultLine == "result: blocked by login")
    }

    @Test func localLoginUsersGetTheirEntitlementsAndUnknownUsersAreNamed() async throws {
        let users = #"{"users": [{"username": "gina", "password": "pw", "entitlements": ["gold"]}, {"username": "bob", "password": "pw"}]}"#
        let app = try Self.app(loginClass: "ZappShell.LocalLogin", configuration: users)
        let gina = try await Self.trace(app, "premium", signedIn: "gina")
        #expect(gina.text.hasPrefix(#"signed in as "gina": login (ZappShell.LocalLogin): entitlements gold"#))
        #expect(gina.resultLine == "result: presented premium")
        let bob = try await Self.trace(app, "premium", signedIn: "bob")
        #expect(bob.text.hasPrefix(#"signed in as "bob": login (ZappShell.LocalLogin): no entitlements"#))
        #expect(bob.resultLine == "result: blocked by login")
        await #expect(throws: TraceError(
            #"--signed-in "mallory": unknown user; the configured users are "gina", "bob" (configuration_json.users of "login")"#))
        {
            _ = try await Self.trace(app, "premium", signedIn: "mallory")
        }
    }

    @Test func localLoginWithoutUsersAcceptsAnyUser() async throws {
        let app = try Self.app(loginClass: "ZappShell.LocalLogin", configuration: "{}")
        let report = try await Self.trace(app, "members", signedIn: "anyone")
        #expect(report.text.hasPrefix(#"signed in as "anyone": login (ZappShell.LocalLogin): no users configured, any user, no entitlements"#))
        #expect(report.resultLine == "result: presented members")
    }
}
