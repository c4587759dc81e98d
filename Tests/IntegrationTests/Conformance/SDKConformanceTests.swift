import Foundation
import ShellCore
import ShellUI
import Testing
import ZappCore
import ZappModel
import ZappPlugins

/// One row of docs/sdk-conformance.md: an app written from the SDK documents, the navigation it
/// makes (to `target`, every hook that asks answered `answer`), and the outcome `run`, `trace` and
/// `gates` must all give (`presented ID` / `blocked by IDENTIFIER`), with what else each must show.
struct ConformanceRow: Sendable, CustomTestStringConvertible {
    var id: String
    var app: ConformanceApp
    var target = "target"
    var answer: HookScript.Answer = .success
    var signedIn: String? = nil
    /// The navigation's result in `trace`'s words, without `result: `.
    var expected: String
    /// What `gates` says of the target in the row's session, when the row says it.
    var gates: GateOutcome? = nil
    /// More the running app must show: nil when it does, else what is wrong.
    var run: @MainActor @Sendable (RunView) -> String? = { _ in nil }
    /// More `trace`'s lines must hold.
    var trace: @Sendable ([String]) -> String? = { _ in nil }
    /// `run --open`.
    var deepLink: String? = nil
    /// The app's data cannot be loaded (`executeOnFailedLoading`).
    var failsLoading = false

    var testDescription: String { id }
}

/// What the running app showed after the row's navigation.
struct RunView {
    var model: ShellModel
    /// The screen, as text.
    var text: String
    /// The run's trace, one line per step.
    var lines: [String]
    /// Every pane shown, in order.
    var panes: [PaneState]
    var currentScreen: String? { model.view.navigation.currentScreenID }
    var toast: String { model.view.toast?.text ?? "" }
}

@MainActor
@Suite("SDK conformance (docs/sdk-conformance.md): run, trace and gates give each row's outcome", .timeLimit(.minutes(5)))
struct SDKConformanceTests {
    @Test(arguments: ConformanceRows.all)
    func row(_ row: ConformanceRow) async throws {
        let (folder, app, warnings) = try row.app.load()
        defer { try? FileManager.default.removeItem(at: folder) }

        // The running app: a headless runtime over the built-in services, a person at the keys.
        let view = try await Self.run(row, app: app, warnings: warnings)
        let ran = view.currentScreen == row.target ? "presented \(row.target)" : Self.blockedBy(view)
        #expect(ran == row.expected, "\(row.id): run (screen \(view.currentScreen ?? "none"), status \"\(view.toast)\")")
        if let problem = row.run(view) { Issue.record("\(row.id): run: \(problem)\n\(view.lines.joined(separator: "\n"))") }

        // trace, every hook that asks answered alike (external commands are left to run when the row's answer is success).
        let traced = try await TraceReport.run(
            app: app, screen: row.target, script: Self.script(row, app: app), signedIn: row.signedIn, trust: .trusted)
        #expect(traced.resultLine == "result: " + row.expected, "\(row.id): trace\n\(traced.text)")
        if let problem = row.trace(traced.text.components(separatedBy: "\n")) {
            Issue.record("\(row.id): trace: \(problem)\n\(traced.text)")
        }

        // gates: the branch the row's answer takes.
        let report = try await GatesReport.builtIn(app: app, signedIn: row.signedIn, trust: .trusted)
        let screen = try #require(report.screens.first { $0.id == row.target }, "\(row.id): gates lists the target")
        let session = try #require(row.signedIn == nil ? screen.signedOut : screen.signedIn)
        #expect((row.answer == .success ? session.whenAccepted : session.whenDeclined) == row.expected, "\(row.id): gates")
        if let outcome = row.gates { #expect(session.outcome == outcome, "\(row.id): gates outcome") }
    }

    /// Row L5: the policies of `isUserComply` hold the cell's entry as the playable item. `trace`
    /// and `gates` take no entry, so the chain interpreter is walked with each of their sources
    /// (a script, a branch) and with a person, from a cell whose entry requires `gold`.
    @Test("L5: a cell's entry is a policy (playable item): its required_entitlements are checked")
    func entryPolicies() async throws {
        let (folder, app, _) = try ConformanceRows.gated([App.hook("zapptv_login")], [App.login()]).load()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = try #require(app.screen(id: "target"))
        let entries: [(JSONObject, String)] = [
            (["id": "e1", "extensions": ["required_entitlements": ["gold"]]], "blocked by zapptv_login"),
            (["id": "e2", "required_entitlements": "gold"], "blocked by zapptv_login"),
            (["id": "e3"], "presented target"),
        ]
        for (entry, expected) in entries {
            for answers in [HookAnswers.person, .script(HookScript()), .branch(.failure)] {
                let environment = BuiltInRegistry.inMemoryEnvironment(app: app, signedIn: "bob", trust: .trusted)
                let manager = ScreenHookManager(
                    app: app, registry: BuiltInRegistry.make(app: app, environment: environment),
                    presenter: ScriptedPresenter(script: HookScript()), trace: TraceLog(), answers: answers)
                let result = await manager.runPreHooks(for: target, from: .cell, dataDict: ["entry": .object(entry)])
                let said = switch result {
                case .presented(let id, _): "presented \(id)"
                case .blocked(let identifier, _): "blocked by \(identifier)"
                }
                #expect(said == expected, "\(entry) with \(answers)")
            }
        }
    }

    /// "blocked by IDENTIFIER" from the run's trace (the status line names the plugin by name).
    private static func blockedBy(_ view: RunView) -> String {
        let result = view.lines.last { $0.hasPrefix("result: blocked by ") }
        return result.map { String($0.dropFirst("result: ".count)) } ?? "not presented (status \"\(view.toast)\")"
    }

    /// The script `trace` gets: every hook of the target answered as the row says, except external
    /// commands when the row's answer is success (they run, as in the running app).
    private static func script(_ row: ConformanceRow, app: ZappApp) -> HookScript {
        guard let target = app.screen(id: row.target) else { return HookScript() }
        var answers: [String: HookScript.Answer] = [:]
        for hook in target.hooks.preload where app.plugin(identifier: hook.identifier) != nil {
            let external = app.plugin(identifier: hook.identifier)?.manifest.api.className == "ZappShell.ExternalHook"
            if !(external && row.answer == .success) { answers[hook.identifier] = row.answer }
        }
        return HookScript(answers: answers, defaultAnswer: row.answer)
    }

    // MARK: The running app

    static func run(_ row: ConformanceRow, app: ZappApp, warnings: [String]) async throws -> RunView {
        let terminal = HeadlessTerminal(columns: 100, rows: 30)
        let trace = TraceLog(capacity: 10_000)
        let user = row.signedIn
        var setup = ShellSetup(
            app: app, loadApp: { AppLoad(app: app) },
            makeServices: { app, presenter, trace in
                var environment = BuiltInRegistry.inMemoryEnvironment(app: app, signedIn: user, trust: .trusted)
                environment.presenter = presenter
                return AppServices.builtIn(app: app, environment: environment, trace: trace)
            },
            trace: trace, deepLink: row.deepLink, warnings: warnings)
        if row.failsLoading {
            setup.isLoaded = false
            setup.loadApp = { throw ConformanceFailure("the server is down") }
        }
        let runtime = ShellRuntime(terminal: terminal, setup: setup)
        var panes: [PaneState] = []
        runtime.start()
        if row.failsLoading {
            _ = await runtime.settle { if case .loadingFailed = $0.view.phase { true } else { false } }
        } else {
            try await answerPanes(runtime, row: row, panes: &panes) { $0.isStartupComplete }
            if row.target != app.homeScreen?.id, row.deepLink == nil {
                runtime.send(.terminal(.key(.character("g"))))
                for character in app.screen(id: row.target)?.name ?? row.target { runtime.send(.terminal(.key(.character(character)))) }
                runtime.send(.terminal(.key(.enter)))
            }
            try await answerPanes(runtime, row: row, panes: &panes) { $0.activity == nil }
        }
        runtime.render()
        return RunView(model: runtime.model, text: terminal.plainText, lines: trace.entries(after: 0).entries.map(\.trace.line), panes: panes)
    }

    /// Answers every pane that comes up until `done`, with keys as a person would: success types
    /// what the pane asks for (ann's password, the PIN) and presses the default button; failure
    /// presses the pane's second button (Decline, Fail, Cancel); cancel closes it (Esc).
    private static func answerPanes(
        _ runtime: ShellRuntime, row: ConformanceRow, panes: inout [PaneState], until done: @escaping (ShellModel) -> Bool
    ) async throws {
        for _ in 0..<12 {
            _ = await runtime.settle { $0.view.topPane != nil || done($0) }
            guard let pane = runtime.model.view.topPane else { return }
            panes.append(pane)
            let keys = Set(pane.pane.fields.map(\.key))
            func key(_ key: Key) { runtime.send(.terminal(.key(key))) }
            func type(_ text: String) { for character in text { key(.character(character)) } }
            switch row.answer {
            case .cancel:
                key(.escape)
            case .failure:
                for _ in pane.pane.fields { key(.tab) }
                key(.right)
                key(.enter)
            case .success:
                if keys.contains("username") {
                    type("ann")
                    key(.tab)
                    type("pw")
                } else if keys.contains("pin") {
                    type("1234")
                }
                key(.enter)
            }
            _ = await runtime.settle { $0.view.topPane?.id != pane.id || done($0) }
        }
        throw ConformanceFailure("\(row.id): more than 12 panes")
    }
}
