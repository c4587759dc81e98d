import Foundation
import Testing
import ZappCore
import ZappModel
import Synchronization

/// One hook-chain scenario: the target's pre hooks, scripted pane answers, and what must happen.
struct HookChainScenario: CustomTestStringConvertible, Sendable {
    var name: String
    var plugins: [PluginConfiguration]
    var preload: [HookReference]
    var screens: [ScreenModel] = []
    var answers: [String: [PaneAnswer]] = [:]
    var input: JSONObject? = nil
    var timeout: Duration = .seconds(1)
    /// The timeout that runs out: the test expires the first timer, which must not ask for more.
    var timesOutAfter: Duration? = nil
    /// The expected result; for `.presented`, the dataDict is compared by its keys (`finalKeys`).
    var blockedBy: String? = nil
    var blockedReason: String? = nil
    var finalKeys: [String]? = nil
    /// Steps ("identifier step") that must appear, in this order (others may come between).
    var steps: [String] = []
    /// Hook events (executions, disappear calls) expected, exactly and in order.
    var events: [String]? = nil

    var testDescription: String { name }
}

private let input: JSONObject = ["in": "value"]

let hookChainScenarios: [HookChainScenario] = [
    HookChainScenario(
        name: "unknown identifier is skipped with a warning",
        plugins: [TestApp.plugin("a", ["add": "ka"])],
        preload: [TestApp.hook("ghost"), TestApp.hook("a")],
        finalKeys: ["ka"],
        steps: ["ghost warning", "ghost skipped", "a plugin_found", "a succeeded", "presented"],
        events: ["execute a keys=nil"]),
    HookChainScenario(
        name: "plugin with an unknown general class is not available and skipped",
        plugins: [TestApp.plugin("other", className: "Vendor.Thing")],
        preload: [TestApp.hook("other")],
        steps: ["other warning", "other skipped", "presented"], events: []),
    HookChainScenario(
        name: "a menu plugin used as a hook is not a screen hook and is skipped",
        plugins: [TestApp.plugin("menu", className: "ZappShell.SideMenu", type: "menu")],
        preload: [TestApp.hook("menu")],
        steps: ["menu plugin_found", "menu skipped", "presented"], events: []),
    HookChainScenario(
        name: "presentation denied counts as succeeded, nothing shown, dataDict unchanged",
        plugins: [TestApp.plugin("a", ["allow": false, "outcome": "fail", "blocker": true, "add": "ka"])],
        preload: [TestApp.hook("a")], input: input,
        finalKeys: ["in"],
        steps: ["a instance_created", "a presentation_denied", "a data_handed_on", "presented"], events: []),
    HookChainScenario(
        name: "failed flow blocker blocks; later hooks do not run",
        plugins: [TestApp.plugin("a", ["outcome": "fail", "blocker": true]), TestApp.plugin("b")],
        preload: [TestApp.hook("a"), TestApp.hook("b")],
        blockedBy: "a", blockedReason: "test failure",
        steps: ["a failed", "a flow_blocker", "a blocked"], events: ["execute a keys=nil"]),
    HookChainScenario(
        name: "failed non-blocker goes on and hands its dataDict on",
        plugins: [TestApp.plugin("a", ["outcome": "fail", "blocker": false, "add": "ka"]), TestApp.plugin("b", ["add": "kb"])],
        preload: [TestApp.hook("a"), TestApp.hook("b")], input: input,
        finalKeys: ["in", "ka", "kb"],
        steps: ["a failed", "a flow_blocker", "a data_handed_on", "b succeeded", "presented"],
        events: ["execute a keys=in", "execute b keys=in,ka"]),
    HookChainScenario(
        name: "closing a blocker's pane is 'User has closed hook execution' and blocks",
        plugins: [TestApp.plugin("login", ["outcome": "pane", "blocker": true])],
        preload: [TestApp.hook("login")],
        blockedBy: "login", blockedReason: "User has closed hook execution",
        steps: ["login presentation_allowed", "login pane_shown", "login dismissed", "login flow_blocker", "login blocked"],
        events: ["execute login keys=nil", "disappear login"]),
    HookChainScenario(
        name: "closing a non-blocker's pane goes on",
        plugins: [TestApp.plugin("gate", ["outcome": "pane"]), TestApp.plugin("b")],
        preload: [TestApp.hook("gate"), TestApp.hook("b")], input: input,
        finalKeys: ["in"],
        steps: ["gate dismissed", "gate flow_blocker", "b succeeded", "presented"],
        events: ["execute gate keys=in", "disappear gate", "execute b keys=in"]),
    HookChainScenario(
        name: "a submitted pane succeeds",
        plugins: [TestApp.plugin("login", ["outcome": "pane", "blocker": true, "add": "user"])],
        preload: [TestApp.hook("login")], answers: ["login": [.submitted(button: "OK", values: [:])]],
        finalKeys: ["user"],
        steps: ["login pane_shown", "login succeeded", "login data_handed_on", "presented"],
        events: ["execute login keys=nil"]),
    HookChainScenario(
        name: "dataDict handed from hook to hook",
        plugins: [TestApp.plugin("a", ["add": "k1"]), TestApp.plugin("b", ["add": "k2"])],
        preload: [TestApp.hook("a"), TestApp.hook("b")], input: input,
        finalKeys: ["in", "k1", "k2"],
        steps: ["a data_handed_on", "b data_handed_on", "presented"],
        events: ["execute a keys=in", "execute b keys=in,k1"]),
    HookChainScenario(
        name: "a hook returning no dataDict drops it",
        plugins: [TestApp.plugin("a", ["outcome": "none"]), TestApp.plugin("b")],
        preload: [TestApp.hook("a"), TestApp.hook("b")], input: input,
        finalKeys: [],
        steps: ["a succeeded", "a data_dropped", "b succeeded"],
        events: ["execute a keys=in", "execute b keys=nil"]),
    HookChainScenario(
        name: "a second completion is ignored with a warning",
        plugins: [TestApp.plugin("a", ["outcome": "twice", "blocker": true])],
        preload: [TestApp.hook("a")],
        finalKeys: [],
        steps: ["a warning", "a succeeded", "presented"]),
    HookChainScenario(
        name: "a non-UI hook times out (default timeout) and fails",
        plugins: [TestApp.plugin("slow", ["outcome": "hang", "blocker": true])],
        preload: [TestApp.hook("slow")], timesOutAfter: .seconds(1),
        blockedBy: "slow", blockedReason: "timed out after 1 s",
        steps: ["slow running", "slow timed_out", "slow flow_blocker", "slow blocked"]),
    HookChainScenario(
        name: "configuration_json.timeout_seconds overrides the default timeout",
        plugins: [TestApp.plugin("slow", ["outcome": "hang", "blocker": true, "timeout_seconds": 0.05])],
        preload: [TestApp.hook("slow")], timeout: .seconds(60), timesOutAfter: .milliseconds(50),
        blockedBy: "slow", blockedReason: "timed out after 0.05 s",
        steps: ["slow timed_out", "slow blocked"]),
    HookChainScenario(
        name: "a non-blocker that times out goes on",
        plugins: [TestApp.plugin("slow", ["outcome": "hang"]), TestApp.plugin("b")],
        preload: [TestApp.hook("slow"), TestApp.hook("b")], timeout: .milliseconds(20), timesOutAfter: .milliseconds(20),
        finalKeys: [],
        steps: ["slow timed_out", "b succeeded", "presented"]),
    HookChainScenario(
        name: "hooks with UI have no timeout (no running step with a timeout)",
        plugins: [TestApp.plugin("ui", ["ui": true, "blocker": true])],
        preload: [TestApp.hook("ui")], timeout: .milliseconds(1),
        finalKeys: [],
        steps: ["ui presentation_allowed", "ui succeeded", "presented"]),
    HookChainScenario(
        name: "is_flow_blocker: the plugin's own answer wins over hook screen and manifest",
        plugins: [TestApp.plugin("a", ["outcome": "fail", "blocker": false], blockerInitialValue: true)],
        preload: [TestApp.hook("a", screen: "hook-screen")],
        screens: [ScreenModel(id: "hook-screen", name: "Hook", general: ["is_flow_blocker": true])],
        finalKeys: [], steps: ["a flow_blocker", "presented"]),
    HookChainScenario(
        name: "is_flow_blocker: the hook screen's general.is_flow_blocker wins over the manifest",
        plugins: [TestApp.plugin("a", ["outcome": "fail"], blockerInitialValue: false)],
        preload: [TestApp.hook("a", screen: "hook-screen")],
        screens: [ScreenModel(id: "hook-screen", name: "Hook", general: ["is_flow_blocker": "1"])],
        blockedBy: "a", blockedReason: "test failure", steps: ["a flow_blocker", "a blocked"]),
    HookChainScenario(
        name: "is_flow_blocker: a hook screen saying false wins over a manifest saying true",
        plugins: [TestApp.plugin("a", ["outcome": "fail"], blockerInitialValue: true)],
        preload: [TestApp.hook("a", screen: "hook-screen")],
        screens: [ScreenModel(id: "hook-screen", name: "Hook", general: ["is_flow_blocker": false])],
        finalKeys: [], steps: ["a flow_blocker", "presented"]),
    HookChainScenario(
        name: "is_flow_blocker: the manifest initial_value applies when nothing else says",
        plugins: [TestApp.plugin("a", ["outcome": "fail"], blockerInitialValue: true)],
        preload: [TestApp.hook("a")],
        blockedBy: "a", blockedReason: "test failure", steps: ["a flow_blocker", "a blocked"]),
    HookChainScenario(
        name: "is_flow_blocker: false when nothing says",
        plugins: [TestApp.plugin("a", ["outcome": "fail"])],
        preload: [TestApp.hook("a")],
        finalKeys: [], steps: ["a flow_blocker", "presented"]),
    HookChainScenario(
        name: "a missing hook screen is reported and the plugin's defaults apply",
        plugins: [TestApp.plugin("a", ["outcome": "fail"], blockerInitialValue: true)],
        preload: [TestApp.hook("a", screen: "nowhere")],
        blockedBy: "a", blockedReason: "test failure", steps: ["a warning", "a flow_blocker", "a blocked"]),
]

@Suite("Hook chain scenarios", .timeLimit(.minutes(1)))
struct HookChainTests {
    @Test(arguments: hookChainScenarios)
    func scenario(_ scenario: HookChainScenario) async {
        let app = TestApp.app(plugins: scenario.plugins, preload: scenario.preload, screens: scenario.screens)
        let harness = HookHarness(app: app, answers: scenario.answers, timeout: scenario.timeout)
        let run = Task { await harness.openTarget(dataDict: scenario.input) }
        if let timeout = scenario.timesOutAfter {
            await harness.clock.waitForRequests(1)
            harness.clock.expirePending()
            #expect(harness.clock.requested.first.map { $0 <= timeout } == true, "asked for \(harness.clock.requested)")
        }
        let result = await run.value

        if let blockedBy = scenario.blockedBy {
            #expect(result == .blocked(by: blockedBy, reason: scenario.blockedReason ?? ""))
            #expect(harness.trace.entries.last?.line == "result: blocked by \(blockedBy)")
        } else {
            guard case .presented(let screenID, let dataDict) = result else {
                Issue.record("expected presented, got \(result)")
                return
            }
            #expect(screenID == "target")
            if let finalKeys = scenario.finalKeys { #expect(dataDict?.keys ?? [] == finalKeys) }
            #expect(harness.trace.entries.last?.line == "result: presented target")
        }
        #expect(harness.steps.first == "navigation_started")
        #expect(isOrderedSubsequence(scenario.steps, of: harness.steps), "steps: \(harness.steps)")
        if let events = scenario.events { #expect(harness.events.events == events) }
    }

    @Test(arguments: [
        (HookScript.Answer.success, HookChainResult.presented(screenID: "target", dataDict: ["in": "value", "kb": "from-b"])),
        (.failure, .blocked(by: "login", reason: "scripted failure")),
        (.cancel, .blocked(by: "login", reason: "User has closed hook execution")),
    ])
    func scriptedAnswersReplaceHooksWithUI(answer: HookScript.Answer, expected: HookChainResult) async {
        let app = TestApp.app(
            plugins: [
                TestApp.plugin("login", ["outcome": "pane", "add": "never"], blockerInitialValue: true),
                TestApp.plugin("b", ["add": "kb"]),
            ],
            preload: [TestApp.hook("login"), TestApp.hook("b")])
        let events = EventLog()
        let presenter = ScriptedTestPresenter()
        let registry = PluginRegistry(
            app: app, catalog: TestApp.catalog(events: events), environment: TestApp.environment())
        let trace = TraceLog()
        let manager = ScreenHookManager(
            app: app, registry: registry, presenter: presenter, trace: trace, clock: TimeoutClock(),
            script: HookScript(answers: ["login": answer]))
        let result = await manager.runPreHooks(for: app.screen(id: "target")!, from: .goTo, dataDict: ["in": "value"])
        #expect(result == expected)
        #expect(presenter.shown.isEmpty)
        #expect(trace.lines.contains("pre login: pane shown (present); scripted answer: \(answer.rawValue)"))
        #expect(events.events == (answer == .cancel ? ["disappear login"] : []) + (answer == .success ? ["execute b keys=in"] : []))
    }

    @Test func scriptWithoutAnAnswerCancelsAndNonUIHooksReallyRun() async {
        let app = TestApp.app(
            plugins: [TestApp.plugin("a", ["add": "ka"]), TestApp.plugin("gate", ["outcome": "pane"])],
            preload: [TestApp.hook("a"), TestApp.hook("gate")])
        let events = EventLog()
        let registry = PluginRegistry(app: app, catalog: TestApp.catalog(events: events), environment: TestApp.environment())
        let trace = TraceLog()
        let manager = ScreenHookManager(
            app: app, registry: registry, presenter: ScriptedTestPresenter(), trace: trace, clock: TimeoutClock(),
            script: HookScript())
        let result = await manager.runPreHooks(for: app.screen(id: "target")!, from: .goTo, dataDict: nil)
        #expect(result == .presented(screenID: "target", dataDict: ["ka": "from-a"]))
        #expect(events.events == ["execute a keys=nil", "disappear gate"])
        #expect(trace.lines.contains("pre gate: failed: User has closed hook execution"))
    }

    @Test func scriptedPresenterAnswersOnceThenCloses() async {
        let presenter = ScriptedPresenter(script: HookScript(answers: ["gate": .success]))
        let pane = Pane(hookIdentifier: "gate", title: "PIN", fields: [PaneField(key: "pin", label: "PIN", value: "12")], buttons: ["Accept", "Decline"])
        let session = await presenter.show(pane)
        #expect(await session.nextAnswer() == .submitted(button: "Accept", values: ["pin": "12"]))
        #expect(await session.nextAnswer() == .dismissed)
        let other = await presenter.show(Pane(hookIdentifier: "other", title: "X"))
        #expect(await other.nextAnswer() == .dismissed)
    }

    @Test func panePresentationComesFromHookScreenThenManifestThenPresent() async {
        let cases: [(JSONObject, JSONValue?, PanePresentation)] = [
            (["presentation": "push"], nil, .push),
            ([:], "push", .push),
            (["presentation": "present"], "push", .present),
            ([:], nil, .present),
            (["presentation": "sideways"], "push", .push),
        ]
        for (styles, initial, expected) in cases {
            let app = TestApp.app(
                plugins: [TestApp.plugin("a", ["outcome": "pane"], presentationInitialValue: initial)],
                preload: [TestApp.hook("a", screen: "hook-screen")],
                screens: [ScreenModel(id: "hook-screen", name: "Hook", styles: styles)])
            let harness = HookHarness(app: app, answers: ["a": [.submitted(button: "OK", values: [:])]])
            _ = await harness.openTarget()
            #expect(harness.presenter.shown.map(\.presentation) == [expected], "styles \(styles), initial \(String(describing: initial))")
            #expect(harness.trace.lines.contains("pre a: pane \"Pane a\" shown (\(expected.rawValue))"))
        }
    }

    @Test func aNewInstanceIsMadeForEveryRunWithTheHookScreenModel() async {
        let app = TestApp.app(
            plugins: [TestApp.plugin("a")], preload: [TestApp.hook("a", screen: "hook-screen")],
            screens: [ScreenModel(id: "hook-screen", name: "Hook Screen")])
        let catalogEvents = EventLog()
        let contexts = ContextRecorder()
        var catalog = PluginCatalog()
        catalog.register(TestApp.hookClass) { _, _ in RecordingFactory(events: catalogEvents, contexts: contexts) }
        let registry = PluginRegistry(app: app, catalog: catalog, environment: TestApp.environment())
        let manager = ScreenHookManager(
            app: app, registry: registry, presenter: ScriptedTestPresenter(), trace: TraceLog(),
            clock: TimeoutClock())
        let target = app.screen(id: "target")!
        _ = await manager.runPreHooks(for: target, from: .rootMenu, dataDict: nil)
        _ = await manager.runPreHooks(for: target, from: .navBar, dataDict: nil)
        #expect(contexts.hooks.count == 2)
        #expect(contexts.hooks.count == 2 && contexts.hooks[0] !== contexts.hooks[1])
        #expect(contexts.hookScreenIDs == ["hook-screen", "hook-screen"])
        #expect(contexts.targetIDs == ["target", "target"])
    }

    @Test func cancellingTheNavigationFailsTheRunningHook() async {
        let app = TestApp.app(
            plugins: [TestApp.plugin("login", ["outcome": "hang", "ui": true, "blocker": true]), TestApp.plugin("b")],
            preload: [TestApp.hook("login"), TestApp.hook("b")])
        let harness = HookHarness(app: app)
        let task = Task { await harness.openTarget() }
        await harness.events.waitFor("execute login keys=nil")
        task.cancel()
        let result = await task.value
        #expect(result == .blocked(by: "login", reason: "cancelled"))
        #expect(harness.trace.lines.contains("pre login: failed: cancelled"))
    }

    @Test func afterCancellationLaterHooksCountAsCancelledWithoutRunning() async {
        let app = TestApp.app(
            plugins: [TestApp.plugin("slow", ["outcome": "hang", "ui": true]), TestApp.plugin("b", ["blocker": true])],
            preload: [TestApp.hook("slow"), TestApp.hook("b")])
        let harness = HookHarness(app: app)
        let task = Task { await harness.openTarget() }
        await harness.events.waitFor("execute slow keys=nil")
        task.cancel()
        #expect(await task.value == .blocked(by: "b", reason: "cancelled"))
        #expect(harness.events.events == ["execute slow keys=nil"])
        #expect(harness.trace.lines.contains("pre b: not run: the navigation was cancelled"))
    }

    @Test func postHooksRunAfterPresentationAndCannotUnpresent() async {
        let app = TestApp.app(
            plugins: [
                TestApp.plugin("pre"), TestApp.plugin("p1", ["add": "k"]),
                TestApp.plugin("p2", ["outcome": "fail", "blocker": true]), TestApp.plugin("p3"),
            ],
            preload: [TestApp.hook("pre")], postload: [TestApp.hook("p1"), TestApp.hook("p2"), TestApp.hook("p3")])
        let harness = HookHarness(app: app)
        let result = await harness.openTarget(dataDict: input)
        guard case .presented(_, let dataDict) = result else {
            Issue.record("expected presented, got \(result)")
            return
        }
        await harness.manager.runPostHooks(for: app.screen(id: "target")!, dataDict: dataDict)
        #expect(harness.events.events == ["execute pre keys=in", "execute p1 keys=in", "execute p2 keys=in,k"])
        #expect(harness.trace.lines.suffix(2) == [
            "post p2: flow blocker (plugin): the remaining post hooks do not run",
            "post p2: post hooks stopped; target stays presented",
        ])
    }

    @Test func postHooksOfAScreenWithoutThemRecordNothing() async {
        let harness = HookHarness(app: TestApp.app(plugins: [], preload: []))
        await harness.manager.runPostHooks(for: harness.app.screen(id: "target")!, dataDict: nil)
        #expect(harness.trace.entries.isEmpty)
    }

    @Test func screenPickerSwitchesOrRevertsTheTab() async {
        let app = TestApp.app(
            plugins: [TestApp.plugin("login", ["outcome": "pane", "blocker": true, "add": "user"])],
            preload: [TestApp.hook("login")])
        let blocked = HookHarness(app: app)
        let helper = ScreenPickerHookHelper(opener: blocked.manager)
        let target = app.screen(id: "target")!
        #expect(
            await helper.switchTab(from: 0, to: 2, target: target)
                == .revert(to: 0, blockedBy: "login", reason: "User has closed hook execution"))
        #expect(blocked.trace.entries.first?.message.hasSuffix("from screen_picker") == true)

        let allowed = HookHarness(app: app, answers: ["login": [.submitted(button: "OK", values: [:])]])
        let decision = await ScreenPickerHookHelper(opener: allowed.manager).switchTab(from: 0, to: 2, target: target)
        #expect(decision == .switchTo(tab: 2, screenID: "target", dataDict: ["user": "from-login"]))
    }

    @Test func aPaneStopsTheTimeoutAndPanesLeftOpenAreClosedWhenTheRunEnds() async {
        let app = TestApp.app(
            plugins: [TestApp.plugin("waiting", blockerInitialValue: true)], preload: [TestApp.hook("waiting")])
        let presenter = ScriptedTestPresenter()
        let clock = TimeoutClock()
        let events = EventLog()
        var catalog = PluginCatalog()
        catalog.register(TestApp.hookClass) { _, _ in PaneThenHangFactory(clock: clock, events: events) }
        let registry = PluginRegistry(app: app, catalog: catalog, environment: TestApp.environment())
        let manager = ScreenHookManager(
            app: app, registry: registry, presenter: presenter, trace: TraceLog(), hookTimeout: .seconds(1),
            clock: clock)
        let task = Task { await manager.runPreHooks(for: app.screen(id: "target")!, from: .cell, dataDict: nil) }
        // The hook shows its pane once its timer sleeps; after that, the clock runs out every
        // timer: one still alive would end the run as timed out.
        await events.waitFor("pane shown")
        clock.runOut()
        task.cancel()
        #expect(await task.value == .blocked(by: "waiting", reason: "cancelled"))
        #expect(clock.requested.count == 1)
        #expect(clock.expired == 0, "the pane stopped the timer")
        #expect(presenter.closed == 1)
    }
}

/// Records every hook made and the context it was made with.
final class ContextRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var made: [(hook: TestHook, context: HookContext)] = []

    func add(_ hook: TestHook, _ context: HookContext) {
        lock.withLock { made.append((hook, context)) }
    }

    var hooks: [TestHook] { lock.withLock { made.map(\.hook) } }
    var hookScreenIDs: [String?] { lock.withLock { made.map { $0.context.hookScreen?.id } } }
    var targetIDs: [String] { lock.withLock { made.map { $0.context.target.id } } }
}

struct RecordingFactory: PluginFactory {
    let events: EventLog
    let contexts: ContextRecorder

    func makeScreenHook(context: HookContext) -> (any ScreenHook)? {
        let hook = TestHook(context: context, events: events)
        contexts.add(hook, context)
        return hook
    }
}

/// A non-UI hook that waits until its timer sleeps, shows a pane ("pane shown") and then never
/// answers: the pane stops its timeout.
struct PaneThenHangFactory: PluginFactory {
    let clock: TimeoutClock
    let events: EventLog

    func makeScreenHook(context: HookContext) -> (any ScreenHook)? {
        PaneThenHang(context: context, clock: clock, events: events)
    }
}

final class PaneThenHang: ScreenHook {
    let context: HookContext
    let clock: TimeoutClock
    let events: EventLog

    init(context: HookContext, clock: TimeoutClock, events: EventLog) {
        self.context = context
        self.clock = clock
        self.events = events
    }

    func executeHook(dataDict: JSONObject?) async -> HookOutcome {
        await clock.waitForRequests(1)
        _ = await context.presenter.show(Pane(hookIdentifier: context.plugin.identifier, title: "Waiting"))
        events.append("pane shown")
        await suspendUntilCancelled()
        return .succeeded(dataDict: dataDict)
    }
}

/// Whether `expected` appears in `actual` in order (other elements may come between).
func isOrderedSubsequence(_ expected: [String], of actual: [String]) -> Bool {
    var remaining = expected[...]
    for element in actual where element == remaining.first {
        remaining = remaining.dropFirst()
    }
    return remaining.isEmpty
}

