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
                clock: TimeoutClock())
            sequence = StartupSequence(registry: registry, trace: trace)
        }
    }

    @Test func phasesRunInOrderOnEveryHook() async throws {
        let setup = Setup()
        let loader = FlakyLoader(failures: 0, events: setup.events)
        await setup.sequence.launch()
        try await setup.sequence.loadAppData { try loader.load() }
        await setup.sequence.applicationReady()
        await setup.sequence.afterRootPresentation()
        #expect(setup.events.events == [
            "launch first", "launch second", "load 1", "ready first", "ready second", "afterRoot first", "afterRoot second",
        ])
        #expect(setup.trace.lines == [
            "startup: launch", "startup first: executeOnLaunch", "startup second: executeOnLaunch",
            "startup: loading app data", "startup: app data loaded", "startup: application ready",
            "startup first: executeOnApplicationReady", "startup second: executeOnApplicationReady",
            "startup: root presented", "startup first: executeAfterAppRootPresentation",
            "startup second: executeAfterAppRootPresentation",
        ])
    }

    @Test func failedLoadingIsTracedAndRunsExecuteOnFailedLoadingOnEveryHook() async throws {
        let setup = Setup()
        let loader = FlakyLoader(failures: 1, events: setup.events)
        await #expect(throws: LoadError.self) { try await setup.sequence.loadAppData { try loader.load() } }
        await setup.sequence.failedLoading()
        setup.sequence.retrying()
        try await setup.sequence.loadAppData { try loader.load() }
        #expect(setup.events.events == ["load 1", "failedLoading first", "failedLoading second", "load 2"])
        #expect(setup.trace.lines == [
            "startup: loading app data", "startup: loading failed: server unreachable",
            "startup first: executeOnFailedLoading", "startup second: executeOnFailedLoading", "startup: retrying",
            "startup: loading app data", "startup: app data loaded",
        ])
    }

    @Test(arguments: ["zapp://screen/target", "zappshell://open?screen=target", "target", "Target", "zapp-shell://screen/Target"])
    func deepLinkContinuesUserActivityThenNavigatesThroughTheHookManager(_ link: String) async {
        let setup = Setup(extraPlugins: [TestApp.plugin("a", ["add": "k"])], targetHooks: [TestApp.hook("a")])
        let outcome = await setup.sequence.continueUserActivity(link, app: setup.app, opener: setup.manager)
        #expect(outcome == .navigated(.presented(screenID: "target", dataDict: ["k": "from-a"])))
        #expect(setup.events.events == ["activity first \(link)", "activity second \(link)", "execute a keys=nil"])
        #expect(setup.trace.lines.contains("navigate to target \"Target\" from deep_link"))
    }

    @Test func blockedDeepLink() async {
        let setup = Setup(
            extraPlugins: [TestApp.plugin("a", ["outcome": "fail", "blocker": true])], targetHooks: [TestApp.hook("a")])
        let outcome = await setup.sequence.continueUserActivity("zapp://screen/target", app: setup.app, opener: setup.manager)
        #expect(outcome == .navigated(.blocked(by: "a", reason: "test failure")))
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
