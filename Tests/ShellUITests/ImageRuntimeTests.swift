@testable import ShellUI
import Testing
import ZappCore
import ZappModel

/// The runtime running `.loadImage` through the services' `ImageLoading`: results come back as
/// events, keys are answered while an image is pending, and `--images auto` asks the terminal
/// once, after the first frame.
@Suite("Images in the runtime")
@MainActor
struct ImageRuntimeTests {
    /// A loader whose images wait until released (the logo answers at once).
    actor Gate {
        private var waiters: [CheckedContinuation<Void, Never>] = []
        private var isOpen = false
        func wait() async {
            guard !isOpen else { return }
            await withCheckedContinuation { waiters.append($0) }
        }
        func open() {
            isOpen = true
            for waiter in waiters { waiter.resume() }
            waiters.removeAll()
        }
    }

    struct Scripted: ImageLoading {
        let gate: Gate
        func load(_ request: ImageRequest, mode: ImageMode) async -> Result<PreparedImage, ImageLoadError> {
            if request.address != ImageFixtures.logo { await gate.wait() }
            return .success(ImageFixtures.image(columns: request.columns, rows: request.rows))
        }
    }

    struct Feeds: FeedLoading {
        func load(_ source: String, reload: Bool) async -> Result<Feed, FeedLoadError> { .success(ImageFixtures.feed) }
    }

    func runtime(_ terminal: HeadlessTerminal, gate: Gate, mode: ImageMode, query: (@MainActor () -> ImageMode)? = nil) -> ShellRuntime {
        var setup = ShellSetup(
            app: ImageFixtures.app, loadApp: { AppLoad(app: ImageFixtures.app) },
            makeServices: { app, presenter, trace in
                let navigator = Navigator(app: app, rootMenu: RootMenu(app: app, kind: .sideMenu), opener: FakeOpener(presenter: presenter))
                return AppServices(
                    navigator: navigator, startup: StartupSequence(hooks: [], trace: trace), trace: trace, loginProvider: nil,
                    feeds: Feeds(), images: Scripted(gate: gate))
            })
        setup.imageMode = mode
        setup.queryImageMode = query
        return ShellRuntime(terminal: terminal, setup: setup)
    }

    @Test("a key is answered while images are pending; they arrive in their own cells later")
    func keysWhilePending() async {
        let gate = Gate()
        let terminal = HeadlessTerminal(columns: 80, rows: 30)
        let runtime = runtime(terminal, gate: gate, mode: .symbols)
        runtime.start()
        #expect(await runtime.settle { model in
            model.view.images.values.contains { if case .ready = $0 { true } else { false } }
                && model.view.images.values.contains(.pending)
        })
        runtime.send(.terminal(.key(.character("?"))))
        runtime.render()
        #expect(terminal.plainText.contains("Keys"), "help opened while the artwork is pending")
        #expect(runtime.model.view.images.values.contains(.pending))
        runtime.send(.terminal(.key(.escape)))
        await gate.open()
        #expect(await runtime.settle { model in !model.view.images.values.contains(.pending) })
        #expect(terminal.lastFrame?.images.count == 4, "the logo, the hero and two grid cells")
    }

    @Test("auto asks the terminal once, after the first frame, and its answer replaces symbols")
    func autoQuery() async {
        let gate = Gate()
        await gate.open()
        let terminal = HeadlessTerminal(columns: 80, rows: 30)
        var asked: [Int] = []
        let runtime = runtime(terminal, gate: gate, mode: .auto) {
            asked.append(terminal.flushCount)
            return .kitty
        }
        #expect(runtime.model.view.imageMode == .symbols, "symbols until the terminal answers")
        runtime.start()
        #expect(await runtime.settle { $0.view.imageMode == .kitty })
        #expect(asked == [1], "asked once, after the first frame")
    }
}
