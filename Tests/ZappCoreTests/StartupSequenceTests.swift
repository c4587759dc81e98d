import Foundation
import Testing
import ZappCore
import ZappModel

struct LoadError: Error, CustomStringConvertible {
    var description: String { "server unreachable" }
}

/// Counts attempts; fails the first `failures` ones.
final class FlakyLoader: @unchecked Sendable {
    private let lock = NSLock()
    private var attempts = 0
    let failures: Int
    let events: EventLog

    init(failures: Int, events: EventLog) {
        self.failures = failures
        self.events = events
    }

    func load() throws {
        let attempt = lock.withLock {
            attempts += 1
            return attempts
        }
        events.append("load \(attempt)")
        if attempt <= failures { throw LoadError() }
    }
}

@Suite("Startup sequence")
struct StartupSequenceTests {
    private struct Setup {
        let events = EventLog()
        let trace = TraceLog()
        let app: ZappApp
        let manager: ScreenHookManager
        let sequence: StartupSequence

        init(extraPlugins: [PluginConfiguration] = [], targetHooks: [HookReference] = []) {
            let plugins =
                [
                    TestApp.plugin("first", className: TestApp.startupClass, startup: true),
                    TestApp.plugin("menu", className: "ZappShell.SideMenu", type: "menu"),
                    TestApp.plugin("second", className: TestApp.startupClass, startup: true),
                ] + extraPlugins
            app = TestApp.app(plugins: plugins, preload: targetHooks)
            let registry = PluginRegistry(
                app: app, catalog: TestApp.catalog(events: events), environment: TestApp.environment())
            manager = ScreenHookManager(
                app: app, registry: registry, presenter: ScriptedTestPresenter(), trace: trace,
                sleep: TimeoutClock().sleep)
            sequence = StartupSequence(registry: registry, trace: trace)
        }

        func callbacks(loader: FlakyLoader, retries: Int, offline: String? = nil) -> StartupSequence.Callbacks {
            let remaining = Counter(retries)
            return StartupSequence.Callbacks(
                loadAppData: {
                    try loader.load()
                    return offline
                },
                loadingFailed: { reason in
                    events.append("loading failed screen: \(reason)")
                    return remaining.take()
                },
                presentRoot: { events.append("root presented") },
                presentLinkedScreen: { screen, _ in events.append("linked screen \(screen.id)") })
        }
    }

    @Test func phasesRunInOrderOnEveryHook() async {
        let setup = Setup()
        let outcome = await setup.sequence.run(
            setup.callbacks(loader: FlakyLoader(failures: 0, events: setup.events), retries: 0), deepLink: nil,
            app: setup.app, opener: setup.manager)
        #expect(outcome == .started(deepLink: nil))
        #expect(setup.events.events == [
            "launch first", "launch second", "load 1", "ready first", "ready second", "root presented",
            "afterRoot first", "afterRoot second",
        ])
        #expect(setup.trace.lines == [
            "startup: launch", "startup first: executeOnLaunch", "startup second: executeOnLaunch",
            "startup: loading app data", "startup: app data loaded", "startup: application ready",
            "startup first: executeOnApplicationReady", "startup second: executeOnApplicationReady",
            "startup: root presented", "startup first: executeAfterAppRootPresentation",
            "startup second: executeAfterAppRootPresentation",
        ])
    }

    @Test func failedLoadingRunsExecuteOnFailedLoadingThenRetries() async {
        let setup = Setup()
        let outcome = await setup.sequence.run(
            setup.callbacks(loader: FlakyLoader(failures: 1, events: setup.events), retries: 1), deepLink: nil,
            app: setup.app, opener: setup.manager)
        #expect(outcome == .started(deepLink: nil))
        #expect(setup.events.events == [
            "launch first", "launch second", "load 1", "failedLoading first", "failedLoading second",
            "loading failed screen: server unreachable", "load 2", "ready first", "ready second", "root presented",
            "afterRoot first", "afterRoot second",
        ])
        #expect(setup.trace.lines.contains("startup: loading failed: server unreachable"))
        #expect(setup.trace.lines.contains("startup: retrying"))
    }

    @Test("an app that went on with its last good copy ran executeOnFailedLoading, then starts offline")
    func offlineCopyRunsExecuteOnFailedLoading() async {
        let setup = Setup()
        let outcome = await setup.sequence.run(
            setup.callbacks(loader: FlakyLoader(failures: 0, events: setup.events), retries: 0, offline: "server unreachable"),
            deepLink: nil, app: setup.app, opener: setup.manager)
        #expect(outcome == .started(deepLink: nil))
        #expect(setup.events.events == [
            "launch first", "launch second", "load 1", "failedLoading first", "failedLoading second",
            "ready first", "ready second", "root presented", "afterRoot first", "afterRoot second",
        ])
        #expect(setup.trace.lines.contains("startup: loading failed: server unreachable"))
        #expect(setup.trace.lines.contains("startup: opened the last good copy (offline)"))
    }

    @Test func givingUpAfterFailedLoadingNeverPresentsTheRoot() async {
        let setup = Setup()
        let outcome = await setup.sequence.run(
            setup.callbacks(loader: FlakyLoader(failures: 5, events: setup.events), retries: 0), deepLink: nil,
            app: setup.app, opener: setup.manager)
        #expect(outcome == .loadingFailed(reason: "server unreachable"))
        #expect(!setup.events.events.contains("root presented"))
        #expect(!setup.events.events.contains { $0.hasPrefix("ready") })
    }

    @Test(arguments: ["zapp://screen/target", "zappshell://open?screen=target", "target", "Target", "zapp-shell://screen/Target"])
    func deepLinkContinuesUserActivityThenNavigatesThroughTheHookManager(_ link: String) async {
        let setup = Setup(extraPlugins: [TestApp.plugin("a", ["add": "k"])], targetHooks: [TestApp.hook("a")])
        let outcome = await setup.sequence.run(
            setup.callbacks(loader: FlakyLoader(failures: 0, events: setup.events), retries: 0), deepLink: link,
            app: setup.app, opener: setup.manager)
        #expect(outcome == .started(deepLink: .navigated(.presented(screenID: "target", dataDict: ["k": "from-a"]))))
        #expect(Array(setup.events.events.suffix(5)) == [
            "afterRoot second", "activity first \(link)", "activity second \(link)", "execute a keys=nil",
            "linked screen target",
        ])
        #expect(setup.trace.lines.contains("navigate to target \"Target\" from deep_link"))
    }

    @Test func blockedDeepLinkKeepsTheRoot() async {
        let setup = Setup(
            extraPlugins: [TestApp.plugin("a", ["outcome": "fail", "blocker": true])], targetHooks: [TestApp.hook("a")])
        let outcome = await setup.sequence.run(
            setup.callbacks(loader: FlakyLoader(failures: 0, events: setup.events), retries: 0),
            deepLink: "zapp://screen/target", app: setup.app, opener: setup.manager)
        #expect(outcome == .started(deepLink: .navigated(.blocked(by: "a", reason: "test failure"))))
        #expect(!setup.events.events.contains("linked screen target"))
    }

    @Test func unresolvableDeepLinks() async {
        let setup = Setup()
        let unknown = await setup.sequence.continueUserActivity("zapp://screen/nowhere", app: setup.app, opener: setup.manager)
        #expect(unknown == .unresolved(reason: "cannot open 'zapp://screen/nowhere': no screen with id or name 'nowhere'"))
        let foreign = await setup.sequence.continueUserActivity("https://example.com/x", app: setup.app, opener: setup.manager)
        #expect(foreign == .unresolved(
            reason: "cannot open 'https://example.com/x': unsupported link (use <scheme>://present?screen_id=<id>, zapp://screen/<id>, zapp://open?screen=<id>, or a screen id or name)"))
    }

    @Test func deepLinkForms() throws {
        #expect(try DeepLink("zapp://screen/premium%20movies").screenKey == "premium movies")
        #expect(try DeepLink("ZAPP://open?screen=home&x=1").screenKey == "home")
        #expect(try DeepLink("  home ").screenKey == "home")
        #expect(throws: DeepLinkError.self) { try DeepLink("zapp://screen/") }
        #expect(throws: DeepLinkError.self) { try DeepLink("zapp://elsewhere/home") }
        #expect(throws: DeepLinkError.self) { try DeepLink("") }
    }
}

/// A countdown shared by callbacks.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var remaining: Int

    init(_ remaining: Int) { self.remaining = remaining }

    /// True (and one fewer left) while some remain.
    func take() -> Bool {
        lock.withLock {
            guard remaining > 0 else { return false }
            remaining -= 1
            return true
        }
    }
}

@Suite("Zapp present deep links")
struct PresentDeepLinkTests {
    @Test func anySchemePresentsAScreenIDWithItsOtherKeysInTheDataDict() throws {
        let link = try DeepLink(#"myapp://present?screen_id=premium&data=%7B%22a%22%3A1%7D&campaign=spring"#)
        #expect(link.screenKey == "premium")
        #expect(link.dataDict == ["data": ["a": 1], "campaign": "spring"])
        #expect(try DeepLink("other-app://present?screen_id=home").dataDict == nil)
        #expect(throws: DeepLinkError.self) { try DeepLink("myapp://present?screen=home") }
        #expect(throws: DeepLinkError.self) { try DeepLink("myapp://screen/home") }
    }
}
