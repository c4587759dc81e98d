import Foundation
import Logging
import Synchronization
import Testing
@testable import ZappCore
import ZappModel

@Suite("Hook trace", .timeLimit(.minutes(1)))
struct HookTraceTests {
    @Test func lineFormats() {
        #expect(HookTrace(stage: .navigation, step: .navigationStarted, message: "navigate to a \"A\" from cell").line
            == "navigate to a \"A\" from cell")
        #expect(HookTrace(stage: .pre, step: .succeeded, identifier: "login", message: "succeeded").line
            == "pre login: succeeded")
        #expect(HookTrace(stage: .post, step: .warning, identifier: "x", message: "second completion ignored").line
            == "post x: warning: second completion ignored")
        #expect(HookTrace(stage: .startup, step: .phase, message: "launch").line == "startup: launch")
        #expect(HookTrace(stage: .result, step: .blocked, identifier: "login", message: "blocked by login").line
            == "result: blocked by login")
    }

    @Test func aWholeChainReadsAsOneLinePerStep() async {
        let app = TestApp.app(
            plugins: [
                TestApp.plugin("analytics", ["outcome": "none"]),
                TestApp.plugin("login", ["outcome": "pane", "add": "user"], blockerInitialValue: true),
            ],
            preload: [TestApp.hook("ghost"), TestApp.hook("analytics"), TestApp.hook("login", screen: "login-screen")],
            screens: [ScreenModel(id: "login-screen", name: "Sign in", styles: ["presentation": "push"])])
        let harness = HookHarness(app: app, answers: ["login": [.submitted(button: "OK", values: [:])]])
        _ = await harness.openTarget(dataDict: ["token": "s3cr3t-value", "source": "cell"])
        #expect(harness.trace.lines == [
            "navigate to target \"Target\" from cell",
            "pre ghost: warning: no plugin with this identifier in plugin_configurations",
            "pre ghost: skipped",
            "pre analytics: plugin found (Test.Hook)",
            "pre analytics: new instance",
            "pre analytics: running without UI (timeout 1 s)",
            "pre analytics: succeeded",
            "pre analytics: returned no dataDict: the dictionary (keys token, source) is dropped",
            "pre login: plugin found (Test.Hook)",
            "pre login: new instance with hook screen login-screen \"Sign in\"",
            "pre login: presentation allowed (push)",
            "pre login: pane \"Pane login\" shown (push)",
            "pre login: succeeded",
            "pre login: dataDict handed on: keys user",
            "result: presented target",
        ])
        #expect(harness.trace.entries.last?.keys == ["user"])
    }

    @Test func dataDictValuesNeverReachTheTrace() async {
        let app = TestApp.app(
            plugins: [TestApp.plugin("a", ["add": "session"]), TestApp.plugin("b", ["outcome": "fail"])],
            preload: [TestApp.hook("a"), TestApp.hook("b")])
        let harness = HookHarness(app: app)
        _ = await harness.openTarget(dataDict: ["token": "s3cr3t-value", "password": "hunter2"])
        let text = harness.trace.lines.joined(separator: "\n")
        #expect(!text.contains("s3cr3t-value"))
        #expect(!text.contains("hunter2"))
        #expect(!text.contains("from-a"))
        #expect(text.contains("keys token, password, session"))
    }

    @Test func logKeepsTheNewestEntriesNumberedAndWakesObservers() {
        let log = TraceLog(capacity: 2)
        let woken = Mutex<[Int]>([])
        let observer = log.onAppend { sequence in woken.withLock { $0.append(sequence) } }
        for index in 1...5 {
            log.append(HookTrace(stage: .startup, step: .phase, message: "step \(index)"))
        }
        #expect(woken.withLock { $0 } == [1, 2, 3, 4, 5])
        #expect(log.lastSequence == 5)
        // Trimmed at twice the capacity: 4 and 5 kept after the fourth append dropped 1 and 2.
        let all = log.entries(after: 0)
        #expect(all.missed == 2)
        #expect(all.entries.map(\.sequence) == [3, 4, 5])
        #expect(all.cursor(from: 0) == 5)
        #expect(log.entries(after: 3).entries.map(\.trace.message) == ["step 4", "step 5"])
        #expect(log.entries(after: 3).missed == 0)
        #expect(log.entries(after: 3, limit: 1).entries.map(\.sequence) == [4])
        #expect(log.entries(after: 5).entries.isEmpty)
        #expect(log.lines == ["startup: step 4", "startup: step 5"])
        log.removeObserver(observer)
        log.append(HookTrace(stage: .startup, step: .phase, message: "step 6"))
        #expect(woken.withLock { $0.count } == 5)
    }

    @Test func logWritesEveryLineToTheLogger() {
        let handler = CollectingLogHandler()
        let log = TraceLog(logger: Logger(label: "test") { _ in handler })
        log.append(HookTrace(stage: .pre, step: .succeeded, identifier: "a", message: "succeeded"))
        log.append(HookTrace(stage: .pre, step: .warning, identifier: "a", message: "second completion ignored"))
        #expect(handler.records == [
            "info trace 1: pre a: succeeded", "warning trace 2: pre a: warning: second completion ignored",
        ])
    }

    @Test func hookCompletionTakesTheFirstAndReportsLaterOnes() async {
        let warnings = EventLog()
        let outcome = await HookCompletion.run(reportWarning: { warnings.append($0) }) { completion in
            completion.complete(succeeded: false, error: "no network", dataDict: ["a": 1])
            completion.complete(succeeded: true, error: nil, dataDict: nil)
        }
        #expect(outcome == .failed(reason: "no network", dataDict: ["a": 1]))
        #expect(warnings.events == ["second completion ignored (succeeded)"])
    }

    @Test func hookCompletionWaitsForALaterCallback() async {
        // The completion is handed out of `start` and called only once `start` is done.
        let (handedOut, handOut) = AsyncStream.makeStream(of: HookCompletion.self)
        async let outcome = HookCompletion.run(reportWarning: { _ in }) { completion in
            handOut.yield(completion)
            handOut.finish()
        }
        var completions: [HookCompletion] = []
        for await completion in handedOut { completions.append(completion) }
        #expect(completions.count == 1)
        for completion in completions { completion.complete(.succeeded(dataDict: ["late": true])) }
        #expect(await outcome == .succeeded(dataDict: ["late": true]))
    }
}

/// Keeps "level message" of every record.
final class CollectingLogHandler: LogHandler, @unchecked Sendable {
    private let stored = Mutex<[String]>([])
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    var records: [String] { stored.withLock { $0 } }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        stored.withLock { $0.append("\(event.level) \(event.message)") }
    }
}
