import Clocks
import Foundation
import ShellCore
import ShellUI
import Synchronization
import Testing
import ZappCore
import ZappModel

/// A hook manager for the runtime tests: "premium" asks for a sign-in pane (password
/// "right"), "slow" never finishes until its task is cancelled, anything else opens at once.
final class FakeOpener: ScreenOpening {
    let presenter: any Presenter
    let slowHookCancelled = Atomic<Bool>(false)
    let postHookRuns = Atomic<Int>(0)
    /// When set, "premium"'s hook asks for its first answer only after `releaseAnswers()`.
    let holdsAnswers = Atomic<Bool>(false)
    private let gate = AsyncStream<Void>.makeStream()

    init(presenter: any Presenter) {
        self.presenter = presenter
    }

    func runPreHooks(for target: ScreenModel, from source: NavigationSource, dataDict: JSONObject?) async
        -> HookChainResult
    {
        switch target.id {
        case "premium":
            let session = await presenter.show(UpdatePaneTests.signIn)
            if holdsAnswers.load(ordering: .sequentiallyConsistent) {
                for await _ in gate.stream { break }
            }
            while true {
                switch await session.nextAnswer() {
                case .dismissed:
                    return .blocked(by: "login", reason: "User has closed hook execution")
                case .submitted(let button, let values):
                    if button == "Cancel" {
                        await session.close()
                        return .blocked(by: "login", reason: "Sign-in cancelled")
                    }
                    if values["password"] == "right" {
                        await session.close()
                        return .presented(screenID: target.id, dataDict: dataDict)
                    }
                    await session.showError("Wrong username or password")
                }
            }
        case "slow":
            // Waits until its task is cancelled: a stream that never yields ends on cancellation.
            let (never, continuation) = AsyncStream<Never>.makeStream()
            for await _ in never {}
            withExtendedLifetime(continuation) {}
            slowHookCancelled.store(true, ordering: .sequentiallyConsistent)
            return .blocked(by: "slowhook", reason: "cancelled")
        default:
            return .presented(screenID: target.id, dataDict: dataDict)
        }
    }

    func runPostHooks(for target: ScreenModel, dataDict: JSONObject?) async {
        postHookRuns.add(1, ordering: .sequentiallyConsistent)
    }

    func releaseAnswers() {
        gate.continuation.yield()
    }
}

@MainActor
@Suite("ShellRuntime", .timeLimit(.minutes(1)))
struct RuntimeTests {
    /// A runtime over a headless 80x24 terminal, the fake hook manager and a test clock (no
    /// real time passes: spinners and messages move only when the test advances the clock).
    final class Harness {
        let terminal = HeadlessTerminal(columns: 80, rows: 24)
        let clock = TestClock<Duration>()
        var opener: FakeOpener?
        var runtime: ShellRuntime!

        @MainActor
        init(
            isLoaded: Bool = true, loadApp: @escaping @Sendable () async throws -> ZappApp = { UpdateFixture.app },
            warnings: [String] = [], checkWarnings: (@Sendable () -> [String])? = nil,
            loadThemes: (@Sendable () -> [Theme])? = nil, offline: OfflineStart? = nil,
            wrapping: ((HeadlessTerminal) -> any Terminal)? = nil
        ) {
            var setup = ShellSetup(
                app: UpdateFixture.app, isLoaded: isLoaded, loadApp: { AppLoad(app: try await loadApp()) },
                makeServices: { [unowned self] app, presenter, trace in
                    let opener = FakeOpener(presenter: presenter)
                    self.opener = opener
                    let navigator = Navigator(app: app, rootMenu: RootMenu(app: app, kind: .sideMenu), opener: opener)
                    return AppServices(
                        navigator: navigator, startup: StartupSequence(hooks: [], trace: trace), trace: trace,
                        loginProvider: nil)
                })
            setup.warnings = warnings
            setup.checkWarnings = checkWarnings
            setup.loadThemes = loadThemes
            setup.offline = offline
            runtime = ShellRuntime(terminal: wrapping?(terminal) ?? terminal, setup: setup, clock: RuntimeClock(clock))
        }

        @MainActor
        func press(_ keys: Key...) {
            for key in keys { runtime.send(.terminal(.key(key))) }
        }

        @MainActor
        func type(_ text: String) {
            for character in text { runtime.send(.terminal(.key(.character(character)))) }
        }

        @MainActor
        func started() async -> Bool {
            runtime.start()
            return await runtime.settle { $0.isStartupComplete }
        }
    }

    @Test("startup shows home and draws it, and the app is not loaded again")
    func startup() async throws {
        let loads = Atomic<Int>(0)
        let harness = Harness(loadApp: {
            loads.add(1, ordering: .sequentiallyConsistent)
            return UpdateFixture.app
        })
        #expect(await harness.started())
        #expect(harness.runtime.model.view.phase == .running)
        #expect(harness.runtime.model.view.navigation.currentScreenID == "home")
        #expect(harness.terminal.plainText.contains("Picks"))
        #expect(loads.load(ordering: .sequentiallyConsistent) == 0, "the app loaded before the start is used as it is")
    }

    @Test("an offline copy: the trace says loading failed, then that the last good copy opened; home shows, marked offline")
    func offlineCopy() async throws {
        let harness = Harness(offline: OfflineStart(note: "offline: last copy from 2026-11-28 12:40 UTC", reason: "cannot connect"))
        #expect(await harness.started())
        let lines = harness.runtime.model.view.traceLines
        let failed = lines.firstIndex { $0.contains("loading failed: cannot connect") }
        let opened = lines.firstIndex { $0.contains("startup: opened the last good copy (offline)") }
        #expect(failed != nil && opened != nil && failed! < opened!, "\(lines)")
        #expect(harness.runtime.model.view.navigation.currentScreenID == "home")
        #expect(harness.terminal.plainText.contains("offline: last copy from 2026-11-28 12:40 UTC"))
    }

    @Test("deferred load checks run once home is drawn, and their warnings replace those known at start")
    func deferredLoadChecks() async throws {
        let runs = Atomic<Int>(0)
        let harness = Harness(warnings: ["river.json: warning: one"], checkWarnings: {
            runs.add(1, ordering: .sequentiallyConsistent)
            return ["river.json: warning: one", "river.json: $[0]: error: two", "plugin_configurations.json: warning: three"]
        })
        #expect(harness.runtime.model.view.loadWarnings == ["river.json: warning: one"], "those known at start show at once")
        #expect(await harness.started())
        #expect(await harness.runtime.settle { $0.view.loadWarnings.count == 3 })
        #expect(harness.runtime.model.view.loadWarnings[1] == "river.json: $[0]: error: two")
        #expect(harness.terminal.plainText.contains("3 warnings (w)"))
        #expect(harness.runtime.model.view.navigation.currentScreenID == "home")
        #expect(runs.load(ordering: .sequentiallyConsistent) == 1)
    }

    @Test("the themes t cycles through are read once the startup has drawn home, not before")
    func themesAfterStartup() async throws {
        let reads = Atomic<Int>(0)
        let harness = Harness(loadThemes: {
            reads.add(1, ordering: .sequentiallyConsistent)
            var light = Theme.defaultDark
            light.name = "light"
            return [Theme.defaultDark, light]
        })
        #expect(harness.runtime.model.themes == [Theme.defaultDark])
        #expect(await harness.started())
        #expect(await harness.runtime.settle { $0.themes.count == 2 })
        #expect(reads.load(ordering: .sequentiallyConsistent) == 1)
        harness.press(.character("t"))
        #expect(harness.runtime.model.view.theme.name == "light")
    }

    @Test("login gating: the pane never freezes the loop; wrong password keeps it; Esc reverts; right password opens")
    func loginGating() async throws {
        let harness = Harness()
        #expect(await harness.started())
        harness.press(.character("m"), .down, .enter)
        #expect(await harness.runtime.settle { $0.view.topPane != nil })
        #expect(harness.terminal.plainText.contains("Sign in"))

        harness.type("demo")
        harness.press(.tab)
        harness.type("wrong")
        harness.press(.enter)
        #expect(await harness.runtime.settle { $0.view.topPane?.error != nil })
        #expect(harness.runtime.model.view.topPane?.error == "Wrong username or password")
        #expect(harness.terminal.plainText.contains("Wrong username or password"))

        harness.press(.escape)
        #expect(await harness.runtime.settle { $0.activity == nil })
        let model = harness.runtime.model
        #expect(model.view.panes.isEmpty)
        #expect(model.view.navigation.currentScreenID == "home")
        #expect(model.view.menuSelection == UpdateFixture.menuIndex("m-premium", model), "the cursor stays on the item chosen")
        #expect(model.view.toast?.text == "Blocked by login: User has closed hook execution")

        harness.press(.enter)
        #expect(await harness.runtime.settle { $0.view.topPane != nil })
        harness.type("demo")
        harness.press(.tab)
        harness.type("right")
        harness.press(.enter)
        #expect(await harness.runtime.settle { $0.view.navigation.currentScreenID == "premium" && $0.activity == nil })
        #expect(harness.runtime.model.view.panes.isEmpty)
    }

    /// Premium's sign-in pane answered with the right password before its hook asks for an answer.
    static func answeredBeforeTheHookAsks() async throws -> Harness {
        let harness = Harness()
        #expect(await harness.started())
        harness.opener?.holdsAnswers.store(true, ordering: .sequentiallyConsistent)
        harness.press(.character("m"), .down, .enter)
        try #require(await harness.runtime.settle { $0.view.topPane != nil })
        harness.type("demo")
        harness.press(.tab)
        harness.type("right")
        harness.press(.enter)
        return harness
    }

    @Test("an answer given before the hook asks waits on the pane, and reaches the hook when it asks")
    func answerBeforeTheHookAsks() async throws {
        let harness = try await Self.answeredBeforeTheHookAsks()
        #expect(harness.runtime.model.view.topPane?.queuedAnswers.count == 1)
        harness.opener?.releaseAnswers()
        #expect(await harness.runtime.settle { $0.view.navigation.currentScreenID == "premium" && $0.activity == nil })
        #expect(harness.runtime.model.view.panes.isEmpty)
    }

    @Test("a pane the update closes is gone: its hook, asking only afterwards, is answered dismissed (the broker keeps no panes)")
    func paneClosedBeforeTheHookAsks() async throws {
        let harness = try await Self.answeredBeforeTheHookAsks()
        harness.press(.escape)
        #expect(harness.runtime.model.view.panes.isEmpty, "closed by the update alone")
        harness.opener?.releaseAnswers()
        #expect(await harness.runtime.settle { $0.activity == nil })
        #expect(harness.runtime.model.view.navigation.currentScreenID == "home", "the answer queued before went with the pane")
        #expect(harness.runtime.model.view.toast?.text == "Blocked by login: User has closed hook execution")
    }

    @Test("a slow hook: no spinner before its delay, a spinner after it, keys still work, and Esc cancels its task")
    func slowHookCancel() async throws {
        let harness = Harness()
        #expect(await harness.started())
        harness.press(.character("m"), .down, .down, .enter)
        #expect(harness.runtime.model.activity != nil)
        #expect(ShellUpdate.nextTickDue(harness.runtime.model) == ShellModel.spinnerDelay)
        #expect(harness.runtime.model.view.toast == nil, "no spinner before its delay")

        await harness.clock.advance(by: .milliseconds(ShellModel.spinnerDelay + 1))
        #expect(await harness.runtime.settle { $0.view.toast?.text.contains("Opening Slow") == true })
        #expect(harness.terminal.plainText.contains("Esc cancels"))
        let frame = harness.runtime.model.view.spinnerFrame
        await harness.clock.advance(by: .milliseconds(ShellModel.tickInterval + 1))
        #expect(await harness.runtime.settle { $0.view.spinnerFrame != frame }, "the spinner turns while it shows")

        harness.press(.character("`"))
        #expect(harness.runtime.model.view.isTracePanelVisible)
        harness.press(.character("`"))

        harness.press(.escape)
        #expect(await harness.runtime.settle { $0.activity == nil })
        #expect(harness.opener?.slowHookCancelled.load(ordering: .sequentiallyConsistent) == true)
        #expect(harness.runtime.model.view.navigation.currentScreenID == "home")
        #expect(harness.runtime.model.view.toast?.text == "Blocked by slowhook: cancelled")
    }

    @Test("a message expires on the clock, and an idle app asks for no tick at all")
    func messagesExpireAndIdleHasNoTimer() async throws {
        let harness = Harness()
        #expect(await harness.started())
        harness.runtime.send(.notice("Hello", isError: false))
        #expect(ShellUpdate.nextTickDue(harness.runtime.model) == ShellModel.toastDuration)
        harness.runtime.render()
        #expect(harness.terminal.plainText.contains("Hello"))
        await harness.clock.advance(by: .milliseconds(ShellModel.toastDuration + 1))
        #expect(await harness.runtime.settle { $0.view.toast == nil })
        #expect(!harness.terminal.plainText.contains("Hello"))
        #expect(ShellUpdate.nextTickDue(harness.runtime.model) == nil, "nothing moves: no timer")
    }

    @Test("mouse: clicks go through the last frame's hit map; a click behind a pane does nothing")
    func clicks() async throws {
        let harness = Harness()
        #expect(await harness.started())
        harness.press(.character("m"))
        harness.runtime.render()
        let region = try #require(
            harness.runtime.model.hitMap.regions.first { $0.action == .selectRootItem("m-premium") })
        harness.runtime.send(.terminal(.click(column: region.rect.x, row: region.rect.y)))
        #expect(await harness.runtime.settle { $0.view.topPane != nil })
        #expect(harness.runtime.model.view.menuSelection == UpdateFixture.menuIndex("m-premium", harness.runtime.model))

        let menuBefore = try #require(
            harness.runtime.model.hitMap.regions.first { $0.action == .selectRootItem("m-home") })
        harness.runtime.render()
        harness.runtime.send(.terminal(.click(column: menuBefore.rect.x, row: menuBefore.rect.y)))
        #expect(harness.runtime.model.view.topPane != nil, "a click behind a pane does nothing")
        #expect(harness.runtime.model.view.menuSelection == UpdateFixture.menuIndex("m-premium", harness.runtime.model))
        harness.press(.escape)
        #expect(await harness.runtime.settle { $0.activity == nil })
    }

    @Test("post hooks run once home is drawn, and after a shown navigation")
    func postHooks() async throws {
        let harness = Harness()
        #expect(await harness.started())
        let postHookRuns = { harness.opener?.postHookRuns.load(ordering: .sequentiallyConsistent) ?? 0 }
        #expect(postHookRuns() == 1, "home's post hooks ran once it was shown")
        harness.press(.enter)
        #expect(await harness.runtime.settle { $0.view.navigation.currentScreenID == "detail" })
        #expect(harness.runtime.model.view.navigation.position == .pushed)
        #expect(await harness.runtime.settle { $0.activity == nil })
        #expect(postHookRuns() == 2, "detail's post hooks ran once it was shown")
    }

    @Test("loading failed shows the reason, and retry loads again")
    func loadingFailedRetry() async throws {
        let attempts = Atomic<Int>(0)
        let harness = Harness(isLoaded: false, loadApp: {
            if attempts.add(1, ordering: .sequentiallyConsistent).newValue == 1 {
                throw CocoaError(.fileReadNoSuchFile)
            }
            return UpdateFixture.app
        })
        harness.runtime.start()
        #expect(await harness.runtime.settle { if case .loadingFailed = $0.view.phase { true } else { false } })
        harness.press(.enter)
        #expect(await harness.runtime.settle { $0.view.phase == .running })
        #expect(attempts.load(ordering: .sequentiallyConsistent) == 2)
    }

    @Test("loading failed and q ends the app with status 1, without faking a key")
    func loadingFailedQuit() async throws {
        let harness = Harness(isLoaded: false, loadApp: { throw CocoaError(.fileReadNoSuchFile) })
        let task = Task { @MainActor in await harness.runtime.run() }
        #expect(await harness.runtime.settle { if case .loadingFailed = $0.view.phase { true } else { false } })
        harness.terminal.enqueue(.key(.character("q")))
        #expect(await task.value == 1)
        #expect(harness.terminal.isRestored)
    }

    @Test("run() draws, handles typed keys and resizes, and restores the terminal on q")
    func runLoop() async throws {
        let harness = Harness()
        harness.terminal.enqueue(.resize(columns: 60, rows: 20))
        let task = Task { @MainActor in await harness.runtime.run() }
        #expect(await harness.runtime.settle { $0.isStartupComplete && $0.columns == 60 })
        harness.terminal.enqueue(.key(.character("?")))
        #expect(await harness.runtime.settle { $0.view.overlay == .help(scroll: 0) })
        #expect(harness.terminal.plainText.contains("help") || harness.terminal.plainText.contains("Help"))
        harness.terminal.enqueue(.key(.character("q")))
        let status = await task.value
        #expect(status == 0)
        #expect(harness.terminal.isRestored)
        #expect(harness.terminal.lastFrame?.columns == 60)
    }

    @Test("Ctrl-Z suspends through the terminal and draws the screen again afterwards")
    func suspend() async throws {
        let harness = Harness()
        let task = Task { @MainActor in await harness.runtime.run() }
        #expect(await harness.runtime.settle { $0.isStartupComplete })
        let flushes = harness.terminal.flushCount
        harness.terminal.enqueue(.key(.control("z")))
        #expect(await harness.runtime.settle { _ in harness.terminal.suspendCount == 1 })
        #expect(harness.terminal.flushCount > flushes, "a frame is drawn after the resume")
        harness.terminal.enqueue(.key(.character("q")))
        #expect(await task.value == 0)
    }

    /// The headless terminal, with the order of the calls that read input, draw and watch again.
    final class OrderedTerminal: Terminal {
        let screen: HeadlessTerminal
        var calls: [String] = []
        init(_ screen: HeadlessTerminal) { self.screen = screen }
        var size: (columns: Int, rows: Int) { screen.size }
        var colorSupport: ColorSupport { screen.colorSupport }
        func flush(_ canvas: Canvas) {
            calls.append("flush")
            screen.flush(canvas)
        }
        func watchInput(_ inputReady: @escaping @Sendable () -> Void) { screen.watchInput(inputReady) }
        func readEvents(_ handle: (TerminalEvent) -> Bool) {
            calls.append("read")
            screen.readEvents(handle)
        }
        func resumeInput() { calls.append("resume") }
        func suspend() -> Bool { false }
        func restore() { screen.restore() }
    }

    @Test("the terminal watches its input again only once the frame that answers a key is written")
    func resumesAfterTheFrame() async throws {
        var ordered: OrderedTerminal?
        let harness = Harness(wrapping: { screen in
            let terminal = OrderedTerminal(screen)
            ordered = terminal
            return terminal
        })
        let terminal = try #require(ordered)
        let task = Task { @MainActor in await harness.runtime.run() }
        #expect(await harness.runtime.settle { $0.isStartupComplete })
        terminal.calls.removeAll()
        harness.terminal.enqueue(.key(.character("?")))
        #expect(await harness.runtime.settle { _ in terminal.calls.contains("resume") })
        #expect(terminal.calls == ["read", "flush", "resume"], "read, drawn and written, then watched again")
        harness.terminal.enqueue(.key(.character("q")))
        #expect(await task.value == 0)
    }

    @Test("SIGTERM ends the loop with 143 and restores the terminal")
    func terminateSignal() async throws {
        let harness = Harness()
        harness.terminal.enqueue(.terminate(signal: 15))
        let status = await harness.runtime.run()
        #expect(status == 143)
        #expect(harness.terminal.isRestored)
    }
}
