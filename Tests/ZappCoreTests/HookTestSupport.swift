import Foundation
import Logging
import ZappCore
import ZappModel
import Synchronization

/// Events recorded by test hooks and test startup hooks, in order; a test can wait for one.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    private var waiters: [(event: String, continuation: CheckedContinuation<Void, Never>)] = []

    func append(_ event: String) {
        let ready: [CheckedContinuation<Void, Never>] = lock.withLock {
            stored.append(event)
            let ready = waiters.filter { $0.event == event }.map(\.continuation)
            waiters.removeAll { $0.event == event }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    var events: [String] { lock.withLock { stored } }

    /// Returns once `event` has been recorded (at once when it already was).
    func waitFor(_ event: String) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if stored.contains(event) {
                lock.unlock()
                continuation.resume()
            } else {
                waiters.append((event, continuation))
                lock.unlock()
            }
        }
    }
}

/// Suspends until the task is cancelled: a hook that never answers by itself.
func suspendUntilCancelled() async {
    let (stream, continuation) = AsyncStream.makeStream(of: Never.self)
    for await _ in stream {}
    continuation.finish()
}

/// A presenter answering each hook's panes from a script (default: the pane is closed).
final class ScriptedTestPresenter: Presenter, @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [String: [PaneAnswer]]
    private var shownPanes: [Pane] = []
    private var closedCount = 0

    init(answers: [String: [PaneAnswer]] = [:]) {
        self.answers = answers
    }

    var shown: [Pane] { lock.withLock { shownPanes } }
    var closed: Int { lock.withLock { closedCount } }

    func show(_ pane: Pane) async -> any PaneSession {
        lock.withLock { shownPanes.append(pane) }
        return Session(presenter: self, identifier: pane.hookIdentifier)
    }

    fileprivate func nextAnswer(for identifier: String) -> PaneAnswer {
        lock.withLock {
            guard var queue = answers[identifier], !queue.isEmpty else { return .dismissed }
            let answer = queue.removeFirst()
            answers[identifier] = queue
            return answer
        }
    }

    fileprivate func didClose() {
        lock.withLock { closedCount += 1 }
    }

    private struct Session: PaneSession {
        let presenter: ScriptedTestPresenter
        let identifier: String

        func nextAnswer() async -> PaneAnswer { presenter.nextAnswer(for: identifier) }
        func showError(_ message: String) async {}
        func setBusy(_ busy: Bool) async {}
        func close() async { presenter.didClose() }
    }
}

/// A screen hook driven by its `configuration_json`:
/// - `outcome`: `succeed` (default), `fail`, `none` (succeeds returning no dataDict), `pane`
///   (shows a pane: submitted succeeds, closed fails), `hang` (never completes unless cancelled),
///   `twice` (completes twice through `HookCompletion`);
/// - `add`: a dataDict key this hook adds (value "from-<identifier>");
/// - `blocker`: the plugin's own `isFlowBlocker` (absent: no answer);
/// - `ui`: `hasUI`; `allow`: `requestScreenPluginPresentation` (default true);
/// - `inline`: `completesWithoutWaiting` (default false); `cancelSelf`: `executeHook` cancels
///   the task it runs in before answering (a navigation cancelled while the hook runs).
final class TestHook: ScreenHook {
    let context: HookContext
    let events: EventLog
    private let config: JSONObject

    init(context: HookContext, events: EventLog) {
        self.context = context
        self.events = events
        self.config = context.plugin.configuration
    }

    private var identifier: String { context.plugin.identifier }
    var isFlowBlocker: Bool? { config["blocker"]?.boolValue }
    var hasUI: Bool { config["ui"]?.boolValue ?? (config["outcome"]?.stringValue == "pane") }
    var completesWithoutWaiting: Bool { config["inline"]?.boolValue ?? false }

    func requestScreenPluginPresentation() async -> Bool {
        config["allow"]?.boolValue ?? true
    }

    func executeHook(dataDict: JSONObject?) async -> HookOutcome {
        events.append("execute \(identifier) keys=\(dataDict.map { $0.keys.joined(separator: ",") } ?? "nil")")
        if config["cancelSelf"]?.boolValue == true { withUnsafeCurrentTask { $0?.cancel() } }
        var output = dataDict ?? JSONObject()
        if let key = config["add"]?.stringValue { output[key] = .string("from-\(identifier)") }
        switch config["outcome"]?.stringValue ?? "succeed" {
        case "fail":
            return .failed(reason: "test failure", dataDict: output)
        case "none":
            return .succeeded(dataDict: nil)
        case "pane":
            let session = await context.presenter.show(Pane(hookIdentifier: identifier, title: "Pane \(identifier)"))
            switch await session.nextAnswer() {
            case .submitted:
                await session.close()
                return .succeeded(dataDict: output)
            case .dismissed:
                return .failed(reason: "closed", dataDict: output)
            }
        case "hang":
            await suspendUntilCancelled()
            return .succeeded(dataDict: output)
        case "twice":
            let final = output
            return await HookCompletion.run(context: context) { completion in
                completion.complete(.succeeded(dataDict: final))
                completion.complete(.failed(reason: "late", dataDict: nil))
            }
        default:
            return .succeeded(dataDict: output)
        }
    }

    func hookPluginDidDisappear() async {
        events.append("disappear \(identifier)")
    }
}

/// Makes a new `TestHook` for every run.
struct TestHookFactory: PluginFactory {
    let events: EventLog

    func makeScreenHook(context: HookContext) -> (any ScreenHook)? {
        TestHook(context: context, events: events)
    }
}

/// A startup hook recording each phase as "<phase> <identifier>".
final class TestStartupHook: AppLoadingHook {
    let identifier: String
    let events: EventLog

    init(identifier: String, events: EventLog) {
        self.identifier = identifier
        self.events = events
    }

    func executeOnLaunch() async { events.append("launch \(identifier)") }
    func executeOnFailedLoading() async { events.append("failedLoading \(identifier)") }
    func executeOnApplicationReady() async { events.append("ready \(identifier)") }
    func executeAfterAppRootPresentation() async { events.append("afterRoot \(identifier)") }
    func executeOnContinuingUserActivity(_ url: String) async { events.append("activity \(identifier) \(url)") }
}

/// A startup-only factory whose hook records under the plugin identifier.
struct TestStartupFactory: PluginFactory {
    let hook: TestStartupHook
    var appLoadingHook: (any AppLoadingHook)? { hook }
}

enum TestApp {
    static let hookClass = "Test.Hook"
    static let startupClass = "Test.Startup"

    /// A test plugin: `type` general, class `Test.Hook` unless given.
    static func plugin(
        _ identifier: String, _ configuration: JSONObject = [:], className: String? = hookClass,
        type: String = "general", blockerInitialValue: JSONValue? = nil, presentationInitialValue: JSONValue? = nil,
        startup: Bool = false
    ) -> PluginConfiguration {
        var general: [ManifestField] = []
        if let blockerInitialValue {
            general.append(ManifestField(key: "is_flow_blocker", type: "switch", initialValue: blockerInitialValue))
        }
        var styles: [ManifestField] = []
        if let presentationInitialValue {
            styles.append(ManifestField(key: "presentation", type: "tag_select", initialValue: presentationInitialValue))
        }
        let manifest = PluginManifest(
            identifier: identifier, name: identifier, type: type, preload: true,
            api: PluginAPI(className: className, requireStartupExecution: startup), generalFields: general,
            styleFields: styles)
        return PluginConfiguration(manifest: manifest, configuration: configuration)
    }

    /// An app with a home screen, a `target` screen with the given hooks, and extra screens.
    static func app(
        plugins: [PluginConfiguration], preload: [HookReference], postload: [HookReference] = [],
        screens: [ScreenModel] = []
    ) -> ZappApp {
        let home = ScreenModel(id: "home", name: "Home", isHome: true)
        let target = ScreenModel(
            id: "target", name: "Target", hooks: ScreenHooks(preload: preload, postload: postload))
        return ZappApp(screens: [home, target] + screens, plugins: plugins, name: "test")
    }

    static func hook(_ identifier: String, screen: String? = nil) -> HookReference {
        HookReference(identifier: identifier, type: "general", screenID: screen)
    }

    static var silentLogger: Logger {
        Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    }

    static func environment(presenter: any Presenter = ScriptedTestPresenter(), sessions: PluginEnvironment.Sessions = .persistent)
        -> PluginEnvironment
    {
        PluginEnvironment(
            stateDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("zapp-hooks-tests"),
            appIdentity: "test", logger: silentLogger, presenter: presenter, sessions: sessions)
    }

    static func catalog(events: EventLog) -> PluginCatalog {
        var catalog = PluginCatalog()
        catalog.register(hookClass) { _, _ in TestHookFactory(events: events) }
        catalog.register(startupClass) { configuration, _ in
            TestStartupFactory(hook: TestStartupHook(identifier: configuration.identifier, events: events))
        }
        return catalog
    }
}

/// A manager over a test app with a scripted presenter and timeouts on a `TimeoutClock`.
struct HookHarness {
    let app: ZappApp
    let events = EventLog()
    let presenter: ScriptedTestPresenter
    let trace = TraceLog()
    let clock = TimeoutClock()
    let registry: PluginRegistry
    let manager: ScreenHookManager

    init(app: ZappApp, answers: [String: [PaneAnswer]] = [:], timeout: Duration = .seconds(1)) {
        self.app = app
        presenter = ScriptedTestPresenter(answers: answers)
        registry = PluginRegistry(
            app: app, catalog: TestApp.catalog(events: events), environment: TestApp.environment(presenter: presenter))
        manager = ScreenHookManager(
            app: app, registry: registry, presenter: presenter, trace: trace, hookTimeout: timeout, clock: clock)
    }

    func openTarget(dataDict: JSONObject? = nil) async -> HookChainResult {
        guard let target = app.screen(id: "target") else { return .blocked(by: "test", reason: "no target") }
        return await manager.runPreHooks(for: target, from: .cell, dataDict: dataDict)
    }

    /// (identifier, step) of every trace entry.
    var steps: [String] {
        trace.entries.map { ($0.identifier.map { $0 + " " } ?? "") + $0.step.rawValue }
    }
}
