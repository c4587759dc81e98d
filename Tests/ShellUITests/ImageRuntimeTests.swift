@testable import ShellCore
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
        func load(_ request: ImageRequest) async -> Result<PreparedImage, ImageLoadError> {
            if request.address != ImageFixtures.logo { await gate.wait() }
            // Kitty's placements are made from its transmission's image id.
            let bytes: [UInt8]? = request.mode == .kitty ? KittyImageProtocol.transmission(png: [1], id: 1)
                : request.mode.usesProtocol ? Array("\u{1B}P\(request.mode.rawValue)\u{1B}\\".utf8) : nil
            return .success(ImageFixtures.image(columns: request.columns, rows: request.rows, protocolBytes: bytes, mode: request.mode))
        }

        func encode(_ part: ImagePart, of image: PreparedImage) async -> Result<[UInt8], ImageLoadError> {
            .success(Array("\u{1B}Ppart \(part)\u{1B}\\".utf8))
        }
    }

    struct Feeds: FeedLoading {
        func load(_ source: String, reload: Bool) async -> Result<Feed, FeedLoadError> { .success(ImageFixtures.feed) }
    }

    func runtime(_ terminal: some Terminal, gate: Gate, mode: ImageMode, query: (@MainActor () -> TerminalImageAnswer)? = nil)
        -> ShellRuntime
    {
        var setup = ShellSetup(
            app: ImageFixtures.app, loadApp: { AppLoad(app: ImageFixtures.app) },
            makeServices: { app, presenter, trace in
                let navigator = Navigator(app: app, rootMenu: RootMenu(app: app, kind: .sideMenu), opener: FakeOpener(presenter: presenter))
                return AppServices(
                    navigator: navigator, startup: StartupSequence(hooks: [], trace: trace), trace: trace, loginProvider: nil,
                    feeds: Feeds(), images: Scripted(gate: gate))
            })
        setup.imageMode = mode
        setup.queryTerminal = query
        return ShellRuntime(terminal: terminal, setup: setup)
    }

    @Test("a key is answered while images are pending; they arrive in their own cells later")
    func keysWhilePending() async {
        let gate = Gate()
        let terminal = HeadlessTerminal(columns: 80, rows: 30)
        // kitty: the bar's logo (which answers at once) is asked for only where it is drawn as
        // pixels; with symbols its box is too small and the title stands in.
        let runtime = runtime(terminal, gate: gate, mode: .kitty)
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
            return TerminalImageAnswer(mode: .kitty, cell: nil)
        }
        #expect(runtime.model.view.imageMode == .symbols, "symbols until the terminal answers")
        runtime.start()
        #expect(await runtime.settle { $0.view.imageMode == .kitty })
        #expect(asked == [1], "asked once, after the first frame")
    }

    @Test("auto answered sixel with a cell size: the logo (ready as symbols first) and the artwork all end as sixel")
    func oneDecision() async {
        let gate = Gate()
        let terminal = HeadlessTerminal(columns: 80, rows: 30)
        let runtime = runtime(terminal, gate: gate, mode: .auto) {
            TerminalImageAnswer(mode: .sixel, cell: CellPixelSize(width: 8, height: 17))
        }
        runtime.start()
        #expect(await runtime.settle { $0.view.imageMode == .sixel })
        await gate.open()
        #expect(await runtime.settle { model in
            let shown = model.view.imagesOnScreen(columns: 80, rows: 30)
            return !shown.isEmpty && shown.allSatisfy { if case .ready = model.view.images[$0] { true } else { false } }
        })
        runtime.render()
        let frame = terminal.lastFrame
        #expect(frame?.images.count == 4 && frame?.images.allSatisfy { $0.protocolBytes == Array("\u{1B}Psixel\u{1B}\\".utf8) } == true)
        #expect(frame?.placements.count == 4)
    }

    @Test("sixel under help: the runtime has each visible part encoded and places it as pixels; closed, the whole image again")
    func sixelParts() async {
        let gate = Gate()
        await gate.open()
        let terminal = HeadlessTerminal(columns: 120, rows: 40)
        let runtime = runtime(terminal, gate: gate, mode: .sixel) { TerminalImageAnswer(mode: .sixel, cell: CellPixelSize(width: 8, height: 17)) }
        runtime.start()
        #expect(await runtime.settle { model in
            let shown = model.view.imagesOnScreen(columns: 120, rows: 40)
            return model.view.imageRequestMode == .sixel && !shown.isEmpty
                && shown.allSatisfy { if case .ready = model.view.images[$0] { true } else { false } }
        })
        runtime.render()
        let whole = terminal.lastFrame?.placements ?? []
        #expect(whole.count == 4)
        runtime.send(.terminal(.key(.character("?"))))
        runtime.render()
        let wanted = terminal.lastFrame?.wantedImageParts ?? []
        #expect(!wanted.isEmpty, "help covers the hero in part")
        guard !wanted.isEmpty else { return }
        #expect(await runtime.settle { model in
            !model.view.imageParts.isEmpty && model.view.imageParts.values.allSatisfy { $0.values.allSatisfy { $0 != .pending } }
        })
        runtime.render()
        let parts = terminal.lastFrame?.placements.filter { $0.key.contains(" part ") } ?? []
        #expect(!parts.isEmpty && parts.allSatisfy { String(decoding: $0.bytes, as: UTF8.self).hasPrefix("\u{1B}Ppart ") })
        #expect(terminal.lastFrame?.wantedImageParts.isEmpty == true)
        runtime.send(.terminal(.key(.escape)))
        runtime.render()
        #expect(terminal.lastFrame?.placements == whole, "help closed: the whole images as before")
    }

    @Test("sixel asked for explicitly without a cell size from the window: the query is made for the cell size")
    func queryForCellSize() async {
        let gate = Gate()
        await gate.open()
        let terminal = HeadlessTerminal(columns: 80, rows: 30)
        let runtime = runtime(terminal, gate: gate, mode: .sixel) {
            TerminalImageAnswer(mode: .kitty, cell: CellPixelSize(width: 7, height: 15))
        }
        #expect(runtime.model.view.imageRequestMode == .symbols, "symbols until the cell size is known")
        runtime.start()
        #expect(await runtime.settle { $0.view.cellPixels == CellPixelSize(width: 7, height: 15) })
        #expect(runtime.model.view.imageMode == .sixel, "an explicit mode is kept whatever the terminal says")
    }
}

/// The runtime and the terminal when tmux hides the pane: the answer to the visibility question
/// comes back as an event; hidden, the terminal is told to take its images off and is given none;
/// the focus back draws in full and places them again.
@Suite("Pane visibility in the runtime")
@MainActor
struct PaneVisibilityRuntimeTests {
    /// A headless terminal that answers whether the pane shows and records what it is told.
    final class TmuxPane: Terminal {
        let screen = HeadlessTerminal(columns: 80, rows: 30)
        var shows = true
        var hidden = 0
        var redraws = 0
        var placed: [[ImagePlacement]] = []
        var size: (columns: Int, rows: Int) { screen.size }
        var colorSupport: ColorSupport { screen.colorSupport }
        var cellPixelSize: CellPixelSize? { CellPixelSize(width: 10, height: 20) }
        func flush(_ canvas: Canvas) { screen.flush(canvas) }
        func watchInput(_ inputReady: @escaping @Sendable () -> Void) { screen.watchInput(inputReady) }
        func readEvents(_ handle: (TerminalEvent) -> Bool) { screen.readEvents(handle) }
        func suspend() -> Bool { false }
        func restore() {}
        func redraw() { redraws += 1 }
        func showImages(_ placements: [ImagePlacement]) { placed.append(placements) }
        func isPaneVisible() -> Bool { shows }
        func hideImages() { hidden += 1 }
    }

    @Test("kitty: focus out with the pane hidden takes the images off and places none; focus back places them again")
    func hiddenAndBack() async {
        let pane = TmuxPane()
        let gate = ImageRuntimeTests.Gate()
        await gate.open()
        let runtime = ImageRuntimeTests().runtime(pane, gate: gate, mode: .kitty)
        runtime.start()
        #expect(await runtime.settle { model in
            let shown = model.view.imagesOnScreen(columns: 80, rows: 30)
            return !shown.isEmpty && shown.allSatisfy { if case .ready = model.view.images[$0] { true } else { false } }
        })
        runtime.render()
        #expect(pane.placed.last?.count == 4)
        pane.shows = false
        runtime.send(.terminal(.focus(gained: false)))
        #expect(await runtime.settle { $0.isPaneHidden })
        runtime.render()
        #expect(pane.hidden == 1 && pane.placed.last?.isEmpty == true, "hidden: taken off, none placed")
        pane.shows = true
        runtime.send(.terminal(.focus(gained: true)))
        runtime.render()
        #expect(pane.redraws == 1 && pane.placed.last?.count == 4, "back: drawn in full, placed again")
    }
}
