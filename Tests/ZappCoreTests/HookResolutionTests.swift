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

    private static func resolution(_ script: HookScript? = nil) -> (HookResolution, ScreenModel) {
        let registry = PluginRegistry(
            app: app, catalog: TestApp.catalog(events: EventLog()), environment: TestApp.environment())
        return (HookResolution(app: app, registry: registry, script: script), app.screen(id: "target")!)
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
        #expect(HookResolution.result(of: plan, target: target) { _ in .failure } == "blocked by pane")
        #expect(HookResolution.result(of: plan, target: target) { _ in .success } == "presented target")

        let harness = HookHarness(app: Self.app)
        _ = await harness.openTarget()
        let recorded = harness.trace.entries.filter { $0.identifier == "ghost" || $0.identifier == "odd" }
        let planned = plan.prefix(2).flatMap { step in step.entry.notes.map { (step.entry.gate.identifier, $0) } }
        #expect(recorded.map(\.message) == planned.map(\.1.message))
        #expect(recorded.map(\.step) == planned.map(\.1.step))
    }

    @Test("scripted answers: any hook the script names, and every hook with UI by default")
    func scriptedAnswers() async throws {
        let (resolution, target) = Self.resolution(HookScript(answers: ["program": .success]))
        let plan = await resolution.plan(of: target)
        #expect(plan.map(\.decision.answer) == [nil, nil, .cancel, .success])
        #expect(HookResolution.result(of: plan, target: target) == "blocked by pane")
        let unscripted = await Self.resolution().0.plan(of: target)
        #expect(unscripted.map(\.decision.answer) == [nil, nil, nil, nil])
        #expect(HookResolution.unknownAnswers(HookScript(answers: ["pane": .success, "nosuch": .failure]), target: target) == ["nosuch"])
    }
}
