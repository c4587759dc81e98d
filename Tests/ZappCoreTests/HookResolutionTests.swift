import Testing
@testable import ZappCore
import ZappModel

/// `HookResolution`: the one resolution the hook manager executes and the gates report reads.
@Suite("one hook resolution")
struct HookResolutionTests {
    /// A target with a missing plugin, a plugin of no known class (unavailable), a hook with UI
    /// that is a flow blocker, and one without UI that is waited for.
    private static let app = TestApp.app(
        plugins: [
            TestApp.plugin("pane", ["outcome": "pane", "blocker": true]),
            TestApp.plugin("program", ["outcome": "fail"]),
            TestApp.plugin("odd", className: "Vendor.Unknown"),
        ],
        preload: [TestApp.hook("ghost"), TestApp.hook("odd"), TestApp.hook("pane"), TestApp.hook("program")],
        postload: [TestApp.hook("pane")])

    private static func registry() -> PluginRegistry {
        PluginRegistry(app: app, catalog: TestApp.catalog(events: EventLog()), environment: TestApp.environment())
    }

    private static func resolution() -> (HookResolution, ScreenModel) {
        (HookResolution(app: app, registry: registry()), app.screen(id: "target")!)
    }

    /// The chain interpreter walking the target with a branch as its source of answers (gates).
    private static func walk(_ branch: HookScript.Answer) async -> HookChainResult {
        let manager = ScreenHookManager(
            app: app, registry: registry(), presenter: ScriptedTestPresenter(), trace: TraceLog(),
            clock: TimeoutClock(), answers: .branch(branch))
        return await manager.runPreHooks(for: app.screen(id: "target")!, from: .goTo, dataDict: nil)
    }

    @Test("the plan: kinds, skip reasons, decisions; the manager records the same lines")
    func planAndTraceAgree() async throws {
        let (resolution, target) = Self.resolution()
        let plan = await resolution.plan(of: target)
        #expect(plan.map(\.entry.gate.kind) == [.missing, .unavailable, .other, .other])
        #expect(plan.map(\.decision.decision) == [.skipped, .skipped, .asks, .asks])
        #expect(plan[0].entry.gate.skipReason == "no plugin with this identifier in plugin_configurations")
        #expect(plan.map(\.entry.gate.isFlowBlocker) == [false, false, true, false])
        #expect(plan.map(\.entry.gate.mayAsk) == [false, false, true, true])
        #expect(await Self.walk(.failure) == .blocked(by: "pane", reason: HookScript.failureReason))
        #expect(await Self.walk(.success) == .presented(screenID: "target", dataDict: nil))

        let harness = HookHarness(app: Self.app)
        _ = await harness.openTarget()
        let recorded = harness.trace.entries.filter { $0.identifier == "ghost" || $0.identifier == "odd" }
        let planned = plan.prefix(2).flatMap { step in step.entry.notes.map { (step.entry.gate.identifier, $0) } }
        #expect(recorded.map(\.message) == planned.map(\.1.message))
        #expect(recorded.map(\.step) == planned.map(\.1.step))
    }

    @Test("scripted answers: any hook the script names, and every hook with UI by default")
    func scriptedAnswers() async throws {
        let (resolution, target) = Self.resolution()
        let plan = await resolution.plan(of: target)
        let script = HookAnswers.script(HookScript(answers: ["program": .success]))
        #expect(plan.map { script.answer(for: $0.entry, decision: $0.decision.decision) } == [nil, nil, .cancel, .success])
        #expect(plan.map { HookAnswers.person.answer(for: $0.entry, decision: $0.decision.decision) } == [nil, nil, nil, nil])
        #expect(plan.map { HookAnswers.branch(.failure).answer(for: $0.entry, decision: $0.decision.decision) }
            == [.success, .success, .failure, .failure])
        #expect(HookResolution.unknownAnswers(HookScript(answers: ["pane": .success, "nosuch": .failure]), target: target) == ["nosuch"])
    }
}

/// The presentation and flow-blocker rules of every hook (issue 32): the hook screen before the
/// manifest; `configuration_json` (the plugin's own answer) before both.
@Suite("presentation and flow-blocker precedence")
struct HookPrecedenceTests {
    private static func plugin(allow: JSONValue?, blocker: JSONValue?, own: JSONValue? = nil) -> PluginConfiguration {
        var general: [ManifestField] = []
        if let allow { general.append(ManifestField(key: "allow_screen_plugin_presentation", type: "switch", initialValue: allow)) }
        if let blocker { general.append(ManifestField(key: "is_flow_blocker", type: "switch", initialValue: blocker)) }
        let manifest = PluginManifest(
            identifier: "p", name: "P", type: "login", api: PluginAPI(className: "Test.Hook"), generalFields: general)
        return PluginConfiguration(manifest: manifest, configuration: own.map { ["is_flow_blocker": $0] } ?? [:])
    }

    private static func screen(_ general: JSONObject) -> ScreenModel {
        ScreenModel(id: "hook-screen", name: "Hook screen", general: general)
    }

    @Test func presentationRefusal() {
        #expect(HookResolution.presentationRefusal(Self.plugin(allow: nil, blocker: nil), hookScreen: nil) == nil)
        #expect(HookResolution.presentationRefusal(Self.plugin(allow: false, blocker: nil), hookScreen: nil)
            == "manifest allow_screen_plugin_presentation initial_value is false")
        #expect(HookResolution.presentationRefusal(
            Self.plugin(allow: false, blocker: nil), hookScreen: Self.screen(["allow_screen_plugin_presentation": true])) == nil)
        #expect(HookResolution.presentationRefusal(
            Self.plugin(allow: true, blocker: nil), hookScreen: Self.screen(["allow_screen_plugin_presentation": false]))
            == "hook screen general.allow_screen_plugin_presentation is false")
    }

    @Test func flowBlocker() {
        let manifestTrue = Self.plugin(allow: nil, blocker: true, own: false)
        #expect(HookResolution.flowBlocker(own: HookTraits.configuredFlowBlocker(manifestTrue), manifestTrue, hookScreen: nil)
            == (false, "plugin"), "configuration_json first: a soft login")
        let bare = Self.plugin(allow: nil, blocker: false)
        #expect(HookResolution.flowBlocker(own: nil, bare, hookScreen: Self.screen(["is_flow_blocker": true]))
            == (true, "hook screen general.is_flow_blocker"))
        #expect(HookResolution.flowBlocker(own: nil, bare, hookScreen: nil) == (false, "manifest is_flow_blocker initial_value"))
        let lenient = Self.plugin(allow: nil, blocker: nil, own: "1")
        #expect(HookTraits.configuredFlowBlocker(lenient) == true)
    }
}
