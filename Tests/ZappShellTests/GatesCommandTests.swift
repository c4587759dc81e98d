import ArgumentParser
import Foundation
import Testing
import ZappCore
import ZappModel
import ZappPlugins

@testable import zapp_shell

/// `zapp-shell gates`: the report against `trace` on the demo app, and on an app with a
/// stand-in gate of a real class name, an external hook and a login; `gates --diff`.
@Suite("gates reports every screen's gating")
final class GatesCommandTests {
    /// The fixture folders this test wrote, removed when it ends.
    private var folders: [URL] = []

    deinit {
        for folder in folders { try? FileManager.default.removeItem(at: folder) }
    }

    private static func demo() async throws -> ZappApp {
        try #require(await AppLocation.demo.load().app)
    }

    /// An app folder: home (side menu: Vault, Members), `vault` gated by a stand-in of class
    /// `PrehookExample.HookManager` (a flow blocker by configuration_json) then an external
    /// hook (not a flow blocker unless `externalBlocks`), `members` behind a local login,
    /// `hidden` that nothing leads to, and `details` reached from a cell on home.
    func fixture(standInBlocks: String = "1", externalBlocks: Bool = false, vaultHooks: [String] = ["parental", "ext"])
        throws -> URL
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-gates-\(UUID().uuidString)")
        folders.append(folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let hooks = vaultHooks.map { #"{"identifier": "\#($0)", "type": "general"}"# }.joined(separator: ", ")
        let river = """
            [{"id": "home", "name": "Home", "home": true,
              "navigations": [{"category": "menu", "navigation_type": "menu", "nav_items": [
                {"id": "i1", "title": "Vault", "type": "label", "data": {"target": "vault"}},
                {"id": "i2", "title": "Members", "type": "label", "data": {"target": "members"}}]}],
              "ui_components": [{"component_type": "list", "data": {"items": [{"title": "Details", "target": "details"}]}}]},
             {"id": "vault", "name": "Vault", "hooks": {"preload_plugins": [\(hooks)]}},
             {"id": "members", "name": "Members", "hooks": {"preload_plugins": [{"identifier": "login", "type": "login"}]}},
             {"id": "details", "name": "Details"},
             {"id": "hidden", "name": "Hidden", "hooks": {"preload_plugins": [{"identifier": "analytics", "type": "analytics"}]}}]
            """
        let plugins = """
            [{"plugin": {"identifier": "menu", "type": "menu", "api": {"class_name": "ZappShell.SideMenu"}}},
             {"plugin": {"identifier": "parental", "name": "Parental gate", "type": "general", "preload": true,
                         "api": {"class_name": "PrehookExample.HookManager"}},
              "configuration_json": {"is_flow_blocker": "\(standInBlocks)"}},
             {"plugin": {"identifier": "ext", "type": "general", "api": {"class_name": "ZappShell.ExternalHook"}},
              "configuration_json": {"command": ["./check.sh"], "is_flow_blocker": \(externalBlocks)}},
             {"plugin": {"identifier": "login", "type": "login", "api": {"class_name": "ZappShell.LocalLogin"},
                         "general": {"fields": [{"key": "is_flow_blocker", "initial_value": true}]}},
              "configuration_json": {"users": [{"username": "ann", "password": "pw"}]}},
             {"plugin": {"identifier": "analytics", "type": "general", "api": {"class_name": "ZappShell.Analytics"}}}]
            """
        try Data(river.utf8).write(to: folder.appendingPathComponent("river.json"))
        try Data(plugins.utf8).write(to: folder.appendingPathComponent("plugin_configurations.json"))
        let script = folder.appendingPathComponent("check.sh")
        try Data("#!/bin/sh\ncat >/dev/null\necho '{\"success\": false, \"error\": \"no\"}'\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return folder
    }

    private static func load(_ folder: URL) async throws -> ZappApp {
        try #require(await AppLocation(argument: folder.path).load().app)
    }

    private static func trace(_ app: ZappApp, _ screen: String, answers: [String] = [], signedIn: String? = nil)
        async throws -> String
    {
        try await TraceReport.run(
            app: app, screen: screen, script: TraceCommand.script(from: answers), signedIn: signedIn, trust: .trusted
        ).resultLine
    }

    @Test("demo app: every screen's outcomes are what trace finds, signed out and signed in")
    func demoAgreesWithTrace() async throws {
        let app = try await Self.demo()
        for user in [nil, "demo", "free"] as [String?] {
            let report = try await GatesReport.builtIn(app: app, signedIn: user, trust: .trusted)
            #expect(report.screens.map(\.id) == app.screens.map(\.id))
            for screen in report.screens {
                let session = try #require(user == nil ? screen.signedOut : screen.signedIn)
                let asking = session.steps.filter { $0.decision == .asks }.map(\.identifier)
                let accepted = try await Self.trace(app, screen.id, answers: asking.map { "\($0)=success" }, signedIn: user)
                #expect(accepted == "result: " + session.whenAccepted, "\(screen.id) signed in as \(user ?? "nobody")")
                // The demo's external age check lets everyone through unless ZAPPTV_PARENTAL_LOCK=1.
                guard !screen.preHooks.contains(where: { $0.kind == .external }) else { continue }
                let declined = try await Self.trace(app, screen.id, signedIn: user)
                #expect(declined == "result: " + session.whenDeclined, "\(screen.id) signed in as \(user ?? "nobody")")
            }
        }
    }

    @Test("demo app: the gated screens, hook kinds and unreachable hook screens")
    func demoReport() async throws {
        let report = try await GatesReport.builtIn(app: try await Self.demo(), signedIn: "demo", trust: .trusted)
        let gated = report.screens.filter(\.isGated).map(\.id)
        #expect(gated == ["premium-matches", "premium", "late-night", "account"])
        let premium = try #require(report.screens.first { $0.id == "premium" })
        #expect(premium.preHooks.map(\.kind) == [.analytics, .login])
        #expect(premium.preHooks.map(\.isFlowBlocker) == [false, true])
        #expect(premium.signedOut.outcome == .gated)
        #expect(premium.signedOut.whenDeclined == "blocked by zapptv_login")
        #expect(premium.signedIn?.outcome == .open)
        #expect(premium.reaches.contains(ScreenReaches.Reach(kind: .rootMenu, label: "Premium")))
        let community = try #require(report.screens.first { $0.id == "community" })
        #expect(community.signedOut.outcome == .asks, "a gate that is no flow blocker asks without blocking")
        #expect(report.screens.filter { !$0.isReachable }.map(\.id) == ["sign-in", "house-rules"])
        #expect(report.text.contains("Unreachable (deep link or go-to only): sign-in, house-rules"))
        #expect(report.text.contains(
            "  signed out: gated: zapptv_login asks (sign-in pane) → accepted: presented premium; declined: blocked by zapptv_login"))
    }

    @Test("a stand-in gate of a real class and an external hook ask, with both branches as trace finds them")
    func standInAndExternal() async throws {
        let app = try await Self.load(try fixture())
        let report = try await GatesReport.builtIn(app: app, signedIn: "ann", trust: .trusted)
        let vault = try #require(report.screens.first { $0.id == "vault" })
        #expect(vault.preHooks.map(\.kind) == [.standIn, .external])
        #expect(vault.preHooks[0].className == "stand-in")
        #expect(vault.preHooks[0].manifestClassName == "PrehookExample.HookManager")
        #expect(vault.preHooks.map(\.isFlowBlocker) == [true, false])
        #expect(vault.signedOut.steps.map(\.decision) == [.asks, .asks])
        #expect(vault.signedOut.outcome == .gated)
        #expect(vault.signedOut.whenDeclined == "blocked by parental")
        #expect(try await Self.trace(app, "vault") == "result: " + vault.signedOut.whenDeclined)
        // The external hook fails, but it is no flow blocker: accepting the stand-in presents the vault.
        #expect(try await Self.trace(app, "vault", answers: ["parental=success"]) == "result: " + vault.signedOut.whenAccepted)
        let members = try #require(report.screens.first { $0.id == "members" })
        #expect(members.signedOut.outcome == .gated)
        #expect(members.signedIn?.outcome == .open)
        #expect(try await Self.trace(app, "members", signedIn: "ann") == "result: presented members")
        let hidden = try #require(report.screens.first { $0.id == "hidden" })
        #expect(!hidden.isReachable)
        #expect(hidden.signedOut.outcome == .open)
        let details = try #require(report.screens.first { $0.id == "details" })
        #expect(details.reaches == [ScreenReaches.Reach(kind: .component, label: "Details", from: "home")])
        #expect(report.text.contains("parental (stand-in, stand-in, manifest class PrehookExample.HookManager): flow blocker (plugin)"))

        let blocking = try await Self.load(try fixture(externalBlocks: true))
        let blocked = try await GatesReport.builtIn(app: blocking, signedIn: nil, trust: .trusted)
        let strict = try #require(blocked.screens.first { $0.id == "vault" })
        #expect(try await Self.trace(blocking, "vault", answers: ["parental=success"]) == "result: blocked by ext")
        #expect(strict.signedOut.steps.last?.decision == .asks)
    }

    @Test("trace --answer stands in for an external hook, so both of gates' branches can be reproduced")
    func answeredExternalHook() async throws {
        // ext is a flow blocker whose command (check.sh) answers failure; nothing runs here.
        let app = try await Self.load(try fixture(externalBlocks: true))
        let vault = try #require(try await GatesReport.builtIn(app: app, signedIn: nil, trust: .trusted).screens.first { $0.id == "vault" })
        let accepted = try await TraceReport.run(
            app: app, screen: "vault", script: TraceCommand.script(from: ["parental=success", "ext=success"]), signedIn: nil, trust: .trusted)
        #expect(accepted.resultLine == "result: " + vault.signedOut.whenAccepted)
        #expect(accepted.resultLine == "result: presented vault")
        #expect(accepted.text.contains("pre ext: not run: scripted answer: success"))
        let declined = try await TraceReport.run(
            app: app, screen: "vault", script: TraceCommand.script(from: ["parental=success", "ext=failure"]), signedIn: nil, trust: .trusted)
        #expect(declined.resultLine == "result: blocked by ext")
        #expect(declined.text.contains("pre ext: failed: scripted failure"))
    }

    @Test("trace --answer naming no hook of the screen is an error that names it, exit status 2")
    func unknownAnswer() async throws {
        let app = try await Self.load(try fixture())
        await #expect(
            throws: TraceError(
                "--answer 'nosuch': no hook of vault has this identifier (its hooks are parental, ext)", exitStatus: 2)
        ) {
            _ = try await TraceReport.run(
                app: app, screen: "vault", script: TraceCommand.script(from: ["parental=success", "nosuch=failure"]),
                signedIn: nil, trust: .trusted)
        }
        await #expect(throws: TraceError("--answer 'login': no hook of details has this identifier (it has no hooks)", exitStatus: 2)) {
            _ = try await TraceReport.run(
                app: app, screen: "details", script: TraceCommand.script(from: ["login=success"]), signedIn: nil, trust: .trusted)
        }
    }

    @Test("diff: an input that does not parse exits 2, never 1 (gating changed)")
    func diffOfABrokenInput() async throws {
        let good = try fixture()
        let broken = try fixture()
        try Data(#"[{"id": "home", "home": true,"#.utf8).write(to: broken.appendingPathComponent("river.json"))
        for (old, new) in [(good, broken), (broken, good)] {
            let command = try #require(try GatesCommand.parseAsRoot(["--diff", old.path, new.path]) as? GatesCommand)
            await #expect(throws: ExitCode(2)) { try await command.run() }
        }
    }

    @Test("the JSON has every screen, in the schema's shape")
    func json() async throws {
        let report = try await GatesReport.builtIn(app: try await Self.load(try fixture()), signedIn: nil, trust: .trusted)
        let json = report.json
        #expect(json["screens"]?.arrayValue?.count == 5)
        #expect(json["unreachable"] == ["hidden"])
        let vault = try #require(json["screens"]?.arrayValue?[1])
        #expect(vault["gated"] == true)
        #expect(vault["pre_hooks"]?.arrayValue?.map { $0["kind"] } == ["stand-in", "external"])
        #expect(vault["signed_out"]?["when_declined"] == "blocked by parental")
        #expect(vault["signed_in"] == .null)
    }

    @Test("markdown is one table, html one self-contained page")
    func documents() async throws {
        let report = try await GatesReport.builtIn(app: try await Self.load(try fixture()), signedIn: "ann", trust: .trusted)
        let lines = report.markdown.split(separator: "\n")
        #expect(lines.contains("| Screen | Reached by | Pre hooks | Signed out | Signed in as ann |"))
        #expect(lines.filter { $0.hasPrefix("| `") }.count == 5)
        let html = report.html
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.hasSuffix("</html>"))
        #expect(!html.contains("src=") && !html.contains("<link") && !html.contains("<script"))
        #expect(html.contains("<tr class=\"gated\" id=\"screen-vault\">"))
    }

    @Test("diff: a removed hook and a hook made a flow blocker are named")
    func diff() async throws {
        let before = try await GatesReport.builtIn(app: try await Self.load(try fixture()), signedIn: nil, trust: .trusted)
        #expect(!GatesDiff(old: before, new: before).isChanged)
        #expect(GatesDiff(old: before, new: before).text.hasSuffix("gating unchanged"))

        let removed = try await GatesReport.builtIn(
            app: try await Self.load(try fixture(vaultHooks: ["ext"])), signedIn: nil, trust: .trusted)
        let ungated = GatesDiff(old: before, new: removed)
        #expect(ungated.changes.map(\.kind) == [.ungated, .outcome, .hookRemoved])
        #expect(ungated.text.contains("vault: pre hook removed: parental (stand-in"))
        #expect(ungated.text.contains("vault: no longer gated (was gated by parental)"))

        let blocking = try await GatesReport.builtIn(
            app: try await Self.load(try fixture(externalBlocks: true)), signedIn: nil, trust: .trusted)
        let stricter = GatesDiff(old: before, new: blocking)
        #expect(stricter.changes.map(\.kind) == [.flowBlocker])
        #expect(stricter.changes.first?.line == "vault: pre hook ext: not a flow blocker → flow blocker (plugin)")

        let reordered = try await GatesReport.builtIn(
            app: try await Self.load(try fixture(vaultHooks: ["ext", "parental"])), signedIn: nil, trust: .trusted)
        #expect(GatesDiff(old: before, new: reordered).changes.map(\.kind) == [.hooksReordered])
    }
}
