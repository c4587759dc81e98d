import Foundation
import Testing
@testable import ZappCore
import ZappModel

/// A chain of test hooks (identifier, `configuration_json`) run once in tasks and once inline.
struct InlineChain: CustomTestStringConvertible, Sendable {
    var name: String
    var hooks: [(identifier: String, configuration: JSONObject)]
    var input: JSONObject? = nil

    var testDescription: String { name }
}

/// Hooks that complete without waiting (`completesWithoutWaiting`) run inline in the chain's
/// task: the same results, trace and events as hooks run in a task of their own.
@Suite("Inline hooks", .timeLimit(.minutes(1)))
struct InlineHookTests {
    /// Every way a non-UI hook ends.
    static let chains: [InlineChain] = [
        InlineChain(name: "succeeded, handing on and adding", hooks: [("a", ["add": "ka"]), ("b", ["add": "kb"])], input: ["in": "value"]),
        InlineChain(name: "a failed blocker blocks", hooks: [("a", ["outcome": "fail", "blocker": true]), ("b", [:])]),
        InlineChain(
            name: "a failed non-blocker goes on", hooks: [("a", ["outcome": "fail", "blocker": false, "add": "ka"]), ("b", [:])],
            input: ["in": "value"]),
        InlineChain(
            name: "presentation denied counts as succeeded", hooks: [("a", ["allow": false, "outcome": "fail", "blocker": true])],
            input: ["in": "value"]),
        InlineChain(name: "no dataDict returned drops it", hooks: [("a", ["outcome": "none"]), ("b", [:])], input: ["in": "value"]),
        InlineChain(name: "a second completion is ignored with a warning", hooks: [("a", ["outcome": "twice", "blocker": true])]),
        InlineChain(name: "a pane shown anyway and closed", hooks: [("a", ["outcome": "pane", "ui": false, "blocker": true])]),
    ]

    @Test(arguments: chains)
    func inlineTraceEqualsTaskTrace(_ chain: InlineChain) async {
        func run(inline: Bool) async -> (result: HookChainResult, trace: [HookTrace], events: [String]) {
            let plugins = chain.hooks.map { identifier, configuration in
                var configuration = configuration
                configuration["inline"] = .bool(inline)
                return TestApp.plugin(identifier, configuration)
            }
            let harness = HookHarness(app: TestApp.app(plugins: plugins, preload: chain.hooks.map { TestApp.hook($0.identifier) }))
            let result = await harness.openTarget(dataDict: chain.input)
            return (result, harness.trace.entries, harness.events.events)
        }
        let inTasks = await run(inline: false)
        let inline = await run(inline: true)
        #expect(inline.result == inTasks.result)
        #expect(inline.trace == inTasks.trace)
        #expect(inline.events == inTasks.events)
        #expect(inline.trace.contains { $0.message == "running without UI (timeout 1 s)" || $0.step == .presentationDenied })
    }

    @Test func anInlineHookAfterCancellationIsNotRun() async {
        let app = TestApp.app(
            plugins: [
                TestApp.plugin("slow", ["outcome": "hang", "ui": true]),
                TestApp.plugin("stats", ["inline": true, "blocker": true]),
            ],
            preload: [TestApp.hook("slow"), TestApp.hook("stats")])
        let harness = HookHarness(app: app)
        let task = Task { await harness.openTarget() }
        await harness.events.waitFor("execute slow keys=nil")
        task.cancel()
        #expect(await task.value == .blocked(by: "stats", reason: "cancelled"))
        #expect(harness.events.events == ["execute slow keys=nil"])
        #expect(harness.trace.lines.contains("pre stats: not run: the navigation was cancelled"))
    }

    @Test func aNavigationCancelledWhileAnInlineHookRunsFailsIt() async {
        let app = TestApp.app(
            plugins: [
                TestApp.plugin("stats", ["inline": true, "cancelSelf": true, "blocker": true, "add": "never"]),
                TestApp.plugin("b"),
            ],
            preload: [TestApp.hook("stats"), TestApp.hook("b")])
        let harness = HookHarness(app: app)
        let result = await Task { await harness.openTarget() }.value
        #expect(result == .blocked(by: "stats", reason: "cancelled"))
        #expect(harness.events.events == ["execute stats keys=nil"])
        #expect(harness.trace.lines.suffix(3) == [
            "pre stats: failed: cancelled",
            "pre stats: flow blocker (plugin): target is not presented",
            "result: blocked by stats",
        ])
    }

    @Test func aHookThatWaitsStillTimesOut() async {
        let app = TestApp.app(
            plugins: [
                TestApp.plugin("stats", ["inline": true, "add": "k"]),
                TestApp.plugin("slow", ["outcome": "hang", "blocker": true]),
            ],
            preload: [TestApp.hook("stats"), TestApp.hook("slow")])
        let harness = HookHarness(app: app, timeout: .milliseconds(20))
        let run = Task { await harness.openTarget() }
        // The inline hook has no timer: the first one asked for is the waiting hook's.
        await harness.clock.waitForRequests(1)
        harness.clock.expirePending()
        #expect(await run.value == .blocked(by: "slow", reason: "timed out after 0.02 s"))
        #expect(harness.trace.lines.contains("pre slow: failed: timed out after 0.02 s"))
    }

    @Test func aHookWithUIIsNeverRunInline() async {
        // A hook with UI that claims to complete without waiting still waits for its pane's answer.
        let app = TestApp.app(
            plugins: [TestApp.plugin("login", ["outcome": "pane", "inline": true, "blocker": true, "add": "user"])],
            preload: [TestApp.hook("login")])
        let harness = HookHarness(app: app, answers: ["login": [.submitted(button: "OK", values: [:])]])
        #expect(await harness.openTarget() == .presented(screenID: "target", dataDict: ["user": "from-login"]))
        #expect(harness.trace.lines.contains("pre login: presentation allowed (present)"))
        #expect(!harness.trace.entries.contains { $0.step == .running })
    }
}
