import Foundation
import ModelTestFixtures
import Synchronization
import Testing
import ZappCore
import ZappModel
import ZappPlugins

@testable import zapp_shell

/// Issue 29's "Done when": `gates`, `trace` and the running app agree on every screen of every
/// example app (the demo and `examples/*`) and of the apps of `Tests/` (the shared fixture and an
/// app with every hook kind), signed out, signed in as each configured user, and for each
/// scripted answer given to every hook that asks (success, failure, cancel; and each hook that
/// asks failing alone, for `trace` against gates' steps). The running app is
/// the same engine `run` uses (`AppServices.builtIn`: its registry, hook manager and `Navigator`),
/// its panes answered by a person (`Person`): the right PIN, a configured user's password,
/// Decline/Fail/Cancel, Esc. External hooks really run there (a person cannot answer a
/// command), so the running app is compared with `trace` leaving them unanswered too, and with
/// one of gates' two branches.
@Suite("gates, trace and the running app agree")
struct EngineAgreementTests {
    @Test("every screen of every example and test app, signed out and in, for every scripted answer")
    func everyScreenAgrees() async throws {
        var compared = 0
        var personCannot = 0
        let everyKind = try Self.everyKind()
        defer { try? FileManager.default.removeItem(at: everyKind) }
        for (name, app) in try await Self.apps(everyKind: everyKind) {
            for user in [nil] + Self.users(of: app) {
                let report = try await GatesReport.builtIn(app: app, signedIn: user, trust: .trusted)
                #expect(report.screens.map(\.id) == app.screens.map(\.id), "\(name)")
                for screen in report.screens {
                    let target = try #require(app.screen(id: screen.id))
                    let session = try #require(user == nil ? screen.signedOut : screen.signedIn)
                    let asking = session.steps.filter { $0.decision == .asks }.map(\.identifier)
                    let external = Set(screen.preHooks.filter { $0.kind == .external && !$0.hasUI }.map(\.identifier))
                    // One hook that asks fails, the others succeed: trace ends where gates' steps say.
                    for failing in asking {
                        let script = HookScript(answers: Dictionary(uniqueKeysWithValues: asking.map { ($0, $0 == failing ? .failure : .success) }))
                        let traced = try await TraceReport.run(app: app, screen: screen.id, script: script, signedIn: user, trust: .trusted)
                        let expected = Self.gatesResult(session, screen.preHooks, target: target) { $0 == failing ? .failure : .success }
                        #expect(traced.resultLine == expected, "\(name) \(screen.id): only \(failing) fails")
                    }
                    for answer in HookScript.Answer.allCases {
                        let place = "\(name) \(screen.id), \(user.map { "signed in as \($0)" } ?? "signed out"), \(answer)"
                        let gates = "result: " + (answer == .success ? session.whenAccepted : session.whenDeclined)
                        let scripted = HookScript(answers: Dictionary(uniqueKeysWithValues: asking.map { ($0, answer) }))
                        let traced = try await TraceReport.run(app: app, screen: screen.id, script: scripted, signedIn: user, trust: .trusted)
                        #expect(traced.resultLine == gates, "\(place): trace vs gates")

                        guard let running = try await Self.navigate(app, to: target, signedIn: user, answer: answer) else {
                            personCannot += 1
                            continue
                        }
                        var unanswered = scripted
                        for identifier in external { unanswered.answers[identifier] = nil }
                        let real = try await TraceReport.run(app: app, screen: screen.id, script: unanswered, signedIn: user, trust: .trusted)
                        #expect(running == real.resultLine, "\(place): the running app vs trace")
                        // Gates' steps with the commands' real answers: the first hook that asks, fails
                        // and is a flow blocker blocks.
                        let expected = try Self.gatesResult(session, screen.preHooks, target: target) { identifier in
                            external.contains(identifier) ? try Self.realAnswer(of: identifier) : answer
                        }
                        #expect(running == expected, "\(place): the running app vs gates")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 300, "compared \(compared), \(personCannot) a person cannot answer")
    }

    /// What gates' report says a navigation ends in when each hook that asks answers `answer`.
    private static func gatesResult(
        _ session: GatesReport.Session, _ hooks: [HookGate], target: ScreenModel,
        answer: (String) throws -> HookScript.Answer
    ) rethrows -> String {
        for (step, hook) in zip(session.steps, hooks) where step.decision == .asks || step.decision == .fails {
            let given = step.decision == .fails ? .failure : try answer(step.identifier)
            if given != .success, hook.isFlowBlocker { return "result: blocked by \(step.identifier)" }
        }
        return "result: presented \(target.id)"
    }

    /// What the external commands of these apps answer: the demo's age check lets everyone
    /// through (without ZAPPTV_PARENTAL_LOCK=1); `yes.sh` succeeds, `no.sh` fails.
    private static func realAnswer(of identifier: String) throws -> HookScript.Answer {
        switch identifier {
        case "zapptv_age_check", "yes": return .success
        case "no", "no_soft": return .failure
        default: throw AgreementError(description: "no known answer for the external hook \(identifier)")
        }
    }

    private struct AgreementError: Error, CustomStringConvertible {
        var description: String
    }

    // MARK: The running app

    /// Navigates to `target` as `run` does (go-to from home), with a person answering panes;
    /// "result: presented ID" or "result: blocked by IDENTIFIER"; nil when a pane asks for
    /// something the person cannot give (a sign-in no configured user can make).
    private static func navigate(_ app: ZappApp, to target: ScreenModel, signedIn user: String?, answer: HookScript.Answer)
        async throws -> String?
    {
        var environment = BuiltInRegistry.inMemoryEnvironment(app: app, signedIn: user, trust: .trusted)
        let person = Person(answer: answer, app: app, target: target)
        environment.presenter = person
        let services = AppServices.builtIn(app: app, environment: environment)
        let result = await services.opener.runPreHooks(for: target, from: .goTo, dataDict: nil)
        if person.wasStumped.withLock({ $0 }) { return nil }
        switch result {
        case .presented(let id, _): return "result: presented \(id)"
        case .blocked(let identifier, _): return "result: blocked by \(identifier)"
        }
    }

    /// Someone answering panes: success gives what the pane asks for (the PIN, a configured
    /// user who holds the target's entitlements, the default button), failure chooses the
    /// failing button (Decline, Fail, Cancel) or closes the pane, cancel closes it. One answer
    /// per pane; a second request closes it.
    private final class Person: Presenter, @unchecked Sendable {
        let answer: HookScript.Answer
        let app: ZappApp
        let target: ScreenModel
        let wasStumped = Mutex(false)

        init(answer: HookScript.Answer, app: ZappApp, target: ScreenModel) {
            self.answer = answer
            self.app = app
            self.target = target
        }

        func show(_ pane: Pane) async -> any PaneSession {
            Session(first: reply(to: pane))
        }

        private func reply(to pane: Pane) -> PaneAnswer {
            let keys = Set(pane.fields.map(\.key))
            switch answer {
            case .cancel:
                return .dismissed
            case .failure:
                let failing = pane.buttons.first { ["Decline", "Fail", "Cancel"].contains($0) }
                return failing.map { .submitted(button: $0, values: [:]) } ?? .dismissed
            case .success:
                let configuration = app.plugin(identifier: pane.hookIdentifier)?.configuration ?? [:]
                var values: [String: String] = [:]
                if keys.contains("pin") {
                    values["pin"] = configuration["pin"]?.stringValue ?? configuration["pin"]?.intValue.map(String.init) ?? ""
                }
                if keys.contains("username") {
                    guard let credentials = credentials(configuration) else {
                        wasStumped.withLock { $0 = true }
                        return .dismissed
                    }
                    values["username"] = credentials.username
                    values["password"] = credentials.password
                }
                return .submitted(button: pane.buttons.first ?? "OK", values: values)
            }
        }

        /// A configured user holding what the target requires; anyone when the login lists no
        /// users; nil for a login checked by a server.
        private func credentials(_ configuration: JSONObject) -> (username: String, password: String)? {
            if configuration["endpoint"] != nil { return nil }
            guard let users = configuration["users"]?.arrayValue else { return ("tester", "tester") }
            let required = target.general["required_entitlements"].map { value in
                value.stringValue.map { [$0] } ?? value.arrayValue?.compactMap(\.stringValue) ?? []
            } ?? []
            for user in users {
                let held = Set(user["entitlements"]?.arrayValue?.compactMap(\.stringValue) ?? [])
                if let name = user["username"]?.stringValue, let password = user["password"]?.stringValue,
                    required.allSatisfy(held.contains)
                {
                    return (name, password)
                }
            }
            return nil
        }

        private final class Session: PaneSession, @unchecked Sendable {
            private let first: PaneAnswer
            private let answered = Mutex(false)

            init(first: PaneAnswer) {
                self.first = first
            }

            func nextAnswer() async -> PaneAnswer {
                answered.withLock { done in
                    defer { done = true }
                    return done ? .dismissed : first
                }
            }

            func showError(_ message: String) async {}
            func setBusy(_ busy: Bool) async {}
            func close() async {}
        }
    }

    // MARK: The apps

    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The demo, every folder of `examples/`, the shared fixture of `Tests/Support` and an app
    /// with every hook kind.
    private static func apps(everyKind: URL) async throws -> [(String, ZappApp)] {
        var apps: [(String, ZappApp)] = [("demo", try #require(await AppLocation.demo.load().app))]
        let examples = root.appendingPathComponent("examples")
        for name in try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted() {
            let folder = examples.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("river.json").path) else { continue }
            apps.append((name, try #require(await AppLocation(argument: folder.path).load().app, "\(name)")))
        }
        let fixture = AppLoader.load(river: Fixtures.data(Fixtures.fullRiver), plugins: Fixtures.data(Fixtures.fullPlugins))
        apps.append(("Fixtures.fullRiver", try #require(fixture.app)))
        apps.append(("every hook kind", try #require(await AppLocation(argument: everyKind.path).load().app)))
        return apps
    }

    /// The users to sign in as: each of a local login's configured users (at most two), else
    /// one any login accepts.
    private static func users(of app: ZappApp) -> [String] {
        let logins = app.plugins.filter { $0.manifest.type == "login" || $0.manifest.api.className?.hasSuffix("Login") == true }
        guard !logins.isEmpty else { return [] }
        let configured = logins.flatMap { $0.configuration["users"]?.arrayValue?.compactMap { $0["username"]?.stringValue } ?? [] }
        return configured.isEmpty ? ["tester"] : Array(configured.prefix(2))
    }

    /// An app whose screens have every hook kind: a local login with entitlements, a terms gate
    /// and a PIN gate, a stand-in of a real class (a flow blocker) and one that is not, an
    /// external hook that succeeds and one that fails (a flow blocker), analytics, a missing
    /// plugin, a hook screen that disallows presentation, and chains of several.
    private static func everyKind() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-agreement-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func hook(_ id: String, screen: String? = nil) -> String {
            #"{"identifier": "\#(id)", "type": "general"\#(screen.map { #", "screen_id": "\#($0)""# } ?? "")}"#
        }
        func screen(_ id: String, _ hooks: [String], general: String = "{}") -> String {
            #"{"id": "\#(id)", "name": "\#(id)", "general": \#(general), "hooks": {"preload_plugins": [\#(hooks.joined(separator: ", "))]}}"#
        }
        let screens = [
            #"{"id": "home", "name": "Home", "home": true}"#,
            screen("members", [hook("login")]),
            screen("gold", [hook("analytics"), hook("login")], general: #"{"required_entitlements": ["gold"]}"#),
            screen("terms", [hook("terms")]),
            screen("pin", [hook("pin"), hook("analytics")]),
            screen("vault", [hook("parental"), hook("yes"), hook("no")]),
            screen("soft", [hook("optional"), hook("no_soft")]),
            screen("ghost", [hook("nosuch"), hook("terms")]),
            screen("quiet", [hook("parental", screen: "quiet-screen")]),
            #"{"id": "quiet-screen", "name": "Quiet", "general": {"allow_screen_plugin_presentation": false}}"#,
            screen("everything", [hook("analytics"), hook("terms"), hook("login"), hook("pin"), hook("yes"), hook("parental")]),
        ]
        func plugin(_ id: String, _ className: String, type: String = "general", preload: Bool = false, _ configuration: String = "{}")
            -> String
        {
            #"{"plugin": {"identifier": "\#(id)", "type": "\#(type)", "preload": \#(preload), "api": {"class_name": "\#(className)"}}, "configuration_json": \#(configuration)}"#
        }
        let plugins = [
            plugin(
                "login", "ZappShell.LocalLogin", type: "login",
                #"{"users": [{"username": "ann", "password": "pw", "entitlements": ["gold"]}, {"username": "bob", "password": "pw"}]}"#),
            plugin("terms", "ZappShell.Gate", #"{"kind": "terms", "is_flow_blocker": true}"#),
            plugin("pin", "ZappShell.Gate", #"{"kind": "pin", "pin": "1234", "is_flow_blocker": true}"#),
            plugin("parental", "PrehookExample.HookManager", preload: true, #"{"is_flow_blocker": "1"}"#),
            plugin("optional", "Vendor.Optional", preload: true),
            plugin("yes", "ZappShell.ExternalHook", #"{"command": ["./yes.sh"]}"#),
            plugin("no", "ZappShell.ExternalHook", #"{"command": ["./no.sh"], "is_flow_blocker": true}"#),
            plugin("no_soft", "ZappShell.ExternalHook", #"{"command": ["./no.sh"]}"#),
            plugin("analytics", "ZappShell.Analytics"),
        ]
        try Data("[\(screens.joined(separator: ",\n"))]".utf8).write(to: folder.appendingPathComponent("river.json"))
        try Data("[\(plugins.joined(separator: ",\n"))]".utf8).write(to: folder.appendingPathComponent("plugin_configurations.json"))
        for (name, success) in [("yes.sh", true), ("no.sh", false)] {
            let script = folder.appendingPathComponent(name)
            try Data("#!/bin/sh\ncat >/dev/null\necho '{\"success\": \(success)}'\n".utf8).write(to: script)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        }
        return folder
    }
}
