import Clocks
import Foundation
import Testing
import ZappCore
import ZappModel

@testable import ShellCore
@testable import ShellUI

/// A hook manager that writes the trace as `ScreenHookManager` does: "detail" passes four pre
/// hooks (`gates`) that each fail without being a flow blocker; "premium" asks for a sign-in
/// pane and is blocked when it is closed; anything else opens at once.
final class TracingOpener: ScreenOpening {
    /// The pre hooks of "detail", in order.
    static let gates = ["gate-a", "gate-b", "gate-c", "gate-d"]
    let presenter: any Presenter
    let trace: TraceLog

    init(presenter: any Presenter, trace: TraceLog) {
        self.presenter = presenter
        self.trace = trace
    }

    private func record(_ stage: HookTrace.Stage, _ step: HookTrace.Step, _ identifier: String?, _ message: String) {
        trace.append(HookTrace(stage: stage, step: step, identifier: identifier, message: message))
    }

    func runPreHooks(for target: ScreenModel, from source: NavigationSource, dataDict: JSONObject?) async -> HookChainResult {
        record(.navigation, .navigationStarted, nil, "navigate to \(target.id) from \(source.rawValue)")
        switch target.id {
        case "detail":
            for gate in Self.gates {
                record(.pre, .pluginFound, gate, "plugin found (Test.Gate)")
                record(.pre, .running, gate, "running without UI (timeout 30 s)")
                record(.pre, .failed, gate, "failed: no network")
                record(.pre, .flowBlocker, gate, "not a flow blocker (plugin): going on")
            }
        case "premium":
            let session = await presenter.show(UpdatePaneTests.signIn)
            while true {
                switch await session.nextAnswer() {
                case .dismissed:
                    record(.pre, .dismissed, "login", "dismissed: User has closed hook execution")
                    record(.pre, .flowBlocker, "login", "flow blocker (plugin): stop")
                    record(.result, .blocked, "login", "blocked by login")
                    return .blocked(by: "login", reason: "User has closed hook execution")
                case .submitted:
                    await session.showError("Wrong username or password")
                }
            }
        default:
            break
        }
        record(.result, .presented, nil, "presented \(target.id)")
        return .presented(screenID: target.id, dataDict: dataDict)
    }

    func runPostHooks(for target: ScreenModel, dataDict: JSONObject?) async {}
}

/// The one event log: hook steps read from the trace by sequence into the model
/// (`ShellModel.log`), and what reads it — the trace panel, `run --record` and `replay` — never
/// losing an event, however long the run, and across a reload.
@MainActor
@Suite("Event log", .timeLimit(.minutes(3)))
struct EventLogTests {
    static func setup(app: ZappApp = UpdateFixture.app, reloaded: ZappApp? = nil) -> ShellSetup {
        ShellSetup(
            app: app, loadApp: { AppLoad(app: reloaded ?? app) },
            makeServices: { app, presenter, trace in
                let navigator = Navigator(
                    app: app, rootMenu: RootMenu(app: app, kind: .sideMenu), opener: TracingOpener(presenter: presenter, trace: trace))
                return AppServices(navigator: navigator, startup: StartupSequence(hooks: [], trace: trace), trace: trace, loginProvider: nil)
            })
    }

    /// How many times the long tape opens Detail and goes back (12 lines and 18 trace steps each).
    static let roundTrips = 850
    /// The lines of one round trip.
    static let roundTrip = ["key Enter"] + TracingOpener.gates.flatMap { gate in
        ["hook pre \(gate): failed: no network", "hook pre \(gate): not a flow blocker (plugin): going on"]
    } + ["pushed detail", "key Esc", "screen home"]

    /// Records `roundTrips` round trips from home to Detail, through its failing pre hook.
    func recordLongTape() async throws -> Tape {
        let recorder = TapeRecorder()
        var setup = Self.setup()
        setup.observer = { recorder.observe($0) }
        let runtime = ShellRuntime(
            terminal: HeadlessTerminal(columns: 80, rows: 24), setup: setup, clock: RuntimeClock(TestClock<Duration>()))
        runtime.start()
        #expect(await runtime.settle { $0.isStartupComplete })
        for _ in 0..<Self.roundTrips {
            runtime.send(.terminal(.key(.enter)))
            #expect(await runtime.settle { $0.view.navigation.currentScreenID == "detail" && $0.activity == nil })
            runtime.send(.terminal(.key(.escape)))
            #expect(await runtime.settle { $0.view.navigation.currentScreenID == "home" })
        }
        return try Tape.parse(recorder.tape(header: Tape.Header()).text)
    }

    @Test("a tape of more than 10,000 events, through 15,000 trace steps, records every hook line and replays exactly; a late hook line changed, or expected but never done, fails at that line")
    func longTape() async throws {
        let tape = try await recordLongTape()
        let lines = tape.steps.map(\.action.text)
        #expect(lines.count > 10_000)
        let expected: [String] = ["screen home"] + Array(repeating: Self.roundTrip, count: Self.roundTrips).flatMap { $0 }
        #expect(lines == expected, "every hook line, the last ones too")
        let clock = RuntimeClock(TestClock<Duration>())
        #expect(await TapePlayer.play(tape, setup: Self.setup(), clock: clock) == .matched(steps: tape.steps.count))

        let late = try #require(tape.steps.lastIndex { $0.action.text == "hook pre gate-d: failed: no network" })
        var changed = tape
        changed.steps[late].action = .expect(TapeObservation(verb: "hook", detail: "pre gate-d: failed: timed out"))
        #expect(await TapePlayer.play(changed, setup: Self.setup(), clock: clock) == .diverged(.init(
            line: tape.steps[late].line,
            message: "expected `hook pre gate-d: failed: timed out`, got `hook pre gate-d: failed: no network`")))

        var extra = tape
        let pushed = tape.steps[late + 2]
        #expect(pushed.action.text == "pushed detail")
        extra.steps.insert(TapeStep(line: pushed.line, action: .expect(TapeObservation(verb: "hook", detail: "post gate: failed"))), at: late + 2)
        for index in (late + 3)..<extra.steps.count { extra.steps[index].line += 1 }
        #expect(await TapePlayer.play(extra, setup: Self.setup(), clock: clock) == .diverged(.init(
            line: pushed.line, message: "expected `hook post gate: failed`, got `pushed detail`")))
    }

    @Test("a reload while a hook's pane is open keeps the hook's outcome: in the trace panel and on the tape, which replays")
    func reloadDuringPane() async throws {
        let recorder = TapeRecorder()
        var setup = Self.setup()
        setup.observer = { recorder.observe($0) }
        let clock = TestClock<Duration>()
        let runtime = ShellRuntime(terminal: HeadlessTerminal(columns: 80, rows: 24), setup: setup, clock: RuntimeClock(clock))
        runtime.start()
        #expect(await runtime.settle { $0.isStartupComplete })
        for key in [Key.character("m"), .down, .enter] { runtime.send(.terminal(.key(key))) }
        #expect(await runtime.settle { $0.view.topPane != nil })
        runtime.send(.filesChanged)
        await clock.advance(by: .milliseconds(ShellModel.reloadSettle + 1))
        #expect(await runtime.settle { $0.appGeneration == 1 && !$0.isReloading })
        #expect(runtime.model.view.topPane != nil, "the pane stays: the new app has its plugin")
        runtime.send(.terminal(.key(.escape)))
        #expect(await runtime.settle { $0.activity == nil })
        #expect(runtime.model.view.traceLines.contains("pre login: dismissed: User has closed hook execution"))
        #expect(runtime.model.view.traceLines.last == "result: blocked by login")
        let lines = recorder.steps.map(\.text)
        #expect(Array(lines.suffix(5)) == [
            "key Esc", "answer cancel", "hook pre login: dismissed: User has closed hook execution",
            "hook pre login: flow blocker (plugin): stop", "blocked by login: User has closed hook execution",
        ])
        // The tape replays: the reload was no input, and the hook comes to the same outcome without it.
        let tape = try Tape.parse(recorder.tape(header: Tape.Header()).text)
        #expect(await TapePlayer.play(tape, setup: Self.setup(), clock: RuntimeClock(TestClock<Duration>())) == .matched(steps: tape.steps.count))
    }

    @Test("the model's log is read by sequence: a reader that fell behind its capacity is told what it missed")
    func logReadBySequence() {
        var model = UpdateFixture.model()
        let trace = TraceLog(capacity: 10_000)
        for index in 1...(EventLog.capacity * 2) {
            trace.append(HookTrace(stage: .pre, step: .failed, identifier: "h", message: "failed: \(index)"))
        }
        while true {
            let slice = trace.entries(after: model.log.traceCursor, limit: EventLog.traceChunk)
            guard !slice.entries.isEmpty else { break }
            _ = ShellUpdate.update(&model, .traceAppended(slice))
        }
        // Every trace step, and home once (the screen on screen when the first batch came).
        #expect(model.log.lastSequence == EventLog.capacity * 2 + 1)
        #expect(model.log.traceCursor == EventLog.capacity * 2)
        let behind = model.log.entries(after: 0)
        #expect(behind.missed > 0)
        #expect(behind.missed + behind.entries.count == EventLog.capacity * 2 + 1)
        #expect(model.log.entries(after: model.log.lastSequence - 1).entries.map(\.event) == [
            .hook(HookTrace(stage: .pre, step: .failed, identifier: "h", message: "failed: \(EventLog.capacity * 2)")),
        ])
        #expect(model.view.traceLines.count == ShellModel.traceCapacity)
        #expect(model.view.traceLines.last == "pre h: failed: \(EventLog.capacity * 2)")

        // Steps the trace dropped before the model read them are logged as lost, not skipped silently.
        let small = TraceLog(capacity: 2)
        for index in 1...5 { small.append(HookTrace(stage: .pre, step: .failed, identifier: "h", message: "\(index)")) }
        var late = UpdateFixture.model()
        _ = ShellUpdate.update(&late, .traceAppended(small.entries(after: 0)))
        #expect(late.log.entries(after: 0).entries.first?.event == .traceLost(2))
        #expect(late.view.traceLines.first == "2 trace steps were dropped before they were read")
    }

    @Test("a recorder that fell behind the log's capacity says on the tape how many events it lost, so the replay cannot match silently")
    func recorderSaysWhatItLost() {
        let recorder = TapeRecorder()
        var model = UpdateFixture.model()
        recorder.observe(ShellObservation(event: .started, effects: [], model: model))
        let trace = TraceLog(capacity: 10_000)
        for index in 1...4_500 { trace.append(HookTrace(stage: .pre, step: .failed, identifier: "h", message: "failed: \(index)")) }
        while true {
            let slice = trace.entries(after: model.log.traceCursor, limit: EventLog.traceChunk)
            guard !slice.entries.isEmpty else { break }
            _ = ShellUpdate.update(&model, .traceAppended(slice))
        }
        recorder.observe(ShellObservation(event: .tick, effects: [], model: model))
        let lost = model.log.entries(after: 0).missed
        #expect(lost > 0)
        #expect(recorder.observations.first?.text == "hook \(lost) events were dropped before they were recorded")
        #expect(recorder.observations.last?.text == "hook pre h: failed: 4500", "what is still kept is recorded")
    }

    @Test("a pane closed because its plugin left the app: its message outlasts the navigation the closed hook ends")
    func paneClosedByReloadSaysSo() throws {
        var model = UpdateFixture.model()
        model.view.phase = .running
        model.activity = ShellModel.Activity(id: 4, title: "Opening Premium", startedAt: 0)
        model.view.panes = [PaneState(id: 7, pane: UpdatePaneTests.signIn)]
        _ = ShellUpdate.update(&model, .paneAwaitingAnswer(id: 7))
        let plugins = UpdateFixture.plugins.replacingOccurrences(
            of: #"  {"plugin": {"identifier": "login", "type": "login", "api": {"class_name": "Test.Login"}}, "configuration_json": {}},"# + "\n",
            with: "")
        let app = try #require(AppLoader.load(river: Data(UpdateFixture.river.utf8), plugins: Data(plugins.utf8), name: "Fixture").app)
        #expect(!app.plugins.contains { $0.identifier == "login" })
        let effects = ShellUpdate.update(
            &model, .appReloaded(AppRevision(app: app, rootKind: .sideMenu, warnings: [], assets: AssetStore()), generation: 0))
        #expect(effects.contains(.answerPane(id: 7, answer: .dismissed)))
        #expect(model.view.panes.isEmpty)
        _ = ShellUpdate.update(&model, .navigationFinished(
            activityID: 4, request: .selectRootItem("m-premium"),
            outcome: .navigation(.blocked(by: "login", reason: "User has closed hook execution"))))
        #expect(model.view.toast?.text == "Closed the pane of login: the reloaded app no longer has that plugin")
        #expect(model.view.toast?.kind == .error)
    }
}
