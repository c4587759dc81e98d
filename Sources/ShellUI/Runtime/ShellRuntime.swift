import Dispatch
import ZappCore
import ZappModel
import ShellCore

/// The event loop (ARCHITECTURE.md, "The loop"), on the main actor: everything — terminal input
/// (the terminal says when it is waiting), signals, and the results of the tasks it runs, posted
/// to the `RuntimeInbox` — starts a batch (`takeBatch`), which takes all of it at once, feeds each
/// event through the pure `ShellUpdate`, performs the effects the update returns, and renders
/// once after the batch (one flush, only changed cells). Nothing is polled: a timer runs only
/// while the model needs ticks (a spinner, a message that expires).
///
/// The runtime never changes the model itself: the first model comes from a pure function
/// (`ShellModel.initial`), even the app it loads and the root it presents reach the model as
/// events, and it starts no work that no effect asked for (each startup step, the deferred
/// checks, the themes, a reload, the file watcher are effects). It keeps only the handles of the
/// work it runs (tasks, the services of the app the update accepted and those built for a
/// revision it has not answered yet, the pane broker's waiting hooks). Hooks never
/// block the loop: a hook waiting for the user awaits its pane's answer through the `PaneBroker`
/// while keys and frames go on; Esc cancels a slow one.
/// Tests drive it step by step with `send(_:)`, `render()` and `settle(until:)`, or whole with
/// `run()` over a `HeadlessTerminal`, with a test clock.
@MainActor
public final class ShellRuntime {
    public private(set) var model: ShellModel
    let terminal: any Terminal
    let setup: ShellSetup
    let clock: RuntimeClock
    let inbox = RuntimeInbox()
    let presenter: ShellPresenter
    let broker: PaneBroker
    /// The services of the app the update accepted (`.adoptServices`).
    var services: AppServices
    /// Services built for a revision the update has not accepted or dropped yet, by its id.
    var preparedServices: [Int: AppServices] = [:]
    var lastServicesID = 0
    var needsRender = true
    /// The last frame's screen area, copied while its input is unchanged (`ShellView.Layers`).
    var layers = ShellView.Layers()
    var activityTask: (id: Int, task: Task<Void, Never>)?
    var backgroundTasks: [Int: Task<Void, Never>] = [:]
    var nextBackgroundID = 0
    var tickTask: (due: Int, task: Task<Void, Never>)?
    var batchWaiters: [CheckedContinuation<Void, Never>] = []
    /// `run()`, waiting for the update to end the run (`send`).
    var endWaiter: CheckedContinuation<Void, Never>?
    var traceObserver: Int?
    var fileWatch: AnyObject?
    var isRunning = false
    /// The lanes of the load's deferred checks and of the screens the update asks for: made
    /// together, so on two queues (a decode never waits behind the checks).
    let checksLane = BlockingWork.Lane()
    let screensLane = BlockingWork.Lane()

    public init(terminal: any Terminal, setup: ShellSetup, clock: RuntimeClock = .continuous) {
        self.terminal = terminal
        self.setup = setup
        self.clock = clock
        let presenter = ShellPresenter()
        let broker = PaneBroker(inbox: inbox)
        presenter.broker = broker
        self.presenter = presenter
        self.broker = broker
        services = setup.makeServices(setup.app, presenter, setup.trace)
        let size = terminal.size
        var start = ShellModel.Start(
            app: setup.app, rootKind: services.navigator.rootMenu.kind, assets: AssetStore(app: setup.app),
            theme: setup.theme, themes: setup.themes, columns: size.columns, rows: size.rows,
            colorSupport: terminal.colorSupport)
        start.cellPixels = terminal.cellPixelSize
        start.forceASCII = setup.forceASCII
        start.warnings = setup.warnings
        start.browser = setup.browser
        start.imageMode = setup.imageMode
        start.imageNote = setup.imageNote
        start.isLoaded = setup.isLoaded
        start.deepLink = setup.deepLink
        start.offline = setup.offline
        start.hasDeferredChecks = setup.checkWarnings != nil
        start.readsThemes = setup.loadThemes != nil
        start.canQueryTerminal = setup.queryTerminal != nil
        start.themeIsFile = setup.loadTheme != nil
        start.watchesFiles = setup.watchFiles != nil
        start.marksGates = services.gates != nil
        start.shownScreen = setup.shownScreen
        start.embedsImages = setup.embedsImages
        model = ShellModel.initial(start)
    }

    // MARK: - The loop

    /// Runs until the user quits (or a termination signal arrives, or the terminal is lost);
    /// returns the exit status. The terminal is restored before returning.
    public func run() async -> Int32 {
        start()
        isRunning = true
        // Input, and what tasks post, start a batch in a task of its own on the main actor: one
        // thread switch from a key or a result to the update, where resuming the loop's wait
        // would take two (a continuation resumes on the global executor, then hops here;
        // docs/performance.md, "Key → first byte"). The loop waits for the end.
        inbox.deliver { [weak self] in
            Task { @MainActor in self?.takeBatch(input: false) }
        }
        terminal.watchInput { [weak self] in
            Task { @MainActor in self?.takeBatch(input: true) }
        }
        processBatch()
        if model.exitStatus == nil {
            await withCheckedContinuation { endWaiter = $0 }
        }
        inbox.deliver(with: nil)
        isRunning = false
        shutDown()
        terminal.restore()
        return model.exitStatus ?? 0
    }

    /// Starts the loop's work (once): waking for new trace steps, and the `.started` event,
    /// whose effects watch the files and run the startup sequence. `run()` calls it; tests that
    /// drive the runtime step by step call it themselves.
    public func start() {
        guard !model.isStartupRequested else { return }
        let inbox = inbox
        traceObserver = setup.trace.onAppend { _ in inbox.traceIsWaiting() }
        send(.started)
    }

    /// The terminal has input waiting (`input`), or something was posted: processes it, with
    /// everything posted so far, as one batch.
    func takeBatch(input: Bool) {
        guard isRunning, model.exitStatus == nil else { return }
        processBatch(isInputWaiting: input)
    }

    /// Takes everything posted since the last batch — the terminal's waiting input first, when
    /// there is some — feeds it through the update, and renders once.
    func processBatch(isInputWaiting: Bool = false) {
        let batch = inbox.take()
        if batch.isTraceWaiting { readTrace() }
        if isInputWaiting {
            terminal.readEvents { event in
                send(.terminal(event))
                return model.exitStatus == nil
            }
        }
        for event in batch.events where model.exitStatus == nil {
            if event == .tick { tickTask = nil }
            send(event)
        }
        if model.exitStatus == nil, needsRender { render() }
        // The terminal watches its input again once the answer to what it read is written.
        if isInputWaiting { terminal.resumeInput() }
        let waiters = batchWaiters
        batchWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    /// Feeds one event through the update (after the trace steps not read yet: each is logged
    /// before what its hook did next), performs its effects, and sets the timer for the next tick.
    public func send(_ event: ShellEvent) {
        if case .traceAppended = event {} else { readTrace() }
        let effects = ShellUpdate.update(&model, event, now: clock.milliseconds)
        setup.observer?(ShellObservation(event: event, effects: effects, model: model))
        needsRender = true
        for effect in effects { perform(effect) }
        if model.exitStatus == nil {
            scheduleTick()
        } else if let endWaiter {
            self.endWaiter = nil
            endWaiter.resume()
        }
    }

    /// Draws the model and flushes the frame (only changed cells reach the terminal); the
    /// frame's hit map goes back to the model for clicks.
    public func render() {
        let size = terminal.size
        if size.columns != model.columns || size.rows != model.rows {
            send(.terminal(.resize(columns: size.columns, rows: size.rows)))
        }
        if let cell = terminal.cellPixelSize, cell != model.view.cellPixels { send(.cellSizeChanged(cell)) }
        // A held splash: no frame until there is something to show (ShellViewState.isBlank).
        if model.view.isBlank {
            needsRender = false
            return
        }
        // The layout the update made for this state, shared with its keys and its feed and image
        // requests (made here only when the model was changed outside the update, as tests do).
        let layout = model.frame.flatMap { model.isFrameCurrent ? $0 : nil }
            ?? FrameLayout(state: model.view, columns: model.columns, rows: model.rows)
        let (canvas, hitMap) = ShellView.render(model.view, layout: layout, columns: model.columns, rows: model.rows, layers: &layers)
        terminal.flush(canvas)
        if model.view.imageMode.usesProtocol { terminal.showImages(model.isPaneHidden ? [] : canvas.placements) }
        needsRender = false
        // The hit map changes nothing drawn; what the frame lets start (ShellUpdate.afterFrame) runs.
        for effect in ShellUpdate.update(&model, .frameDrawn(hitMap), now: clock.milliseconds) { perform(effect) }
        if !canvas.wantedImageParts.isEmpty {
            for effect in ShellUpdate.update(&model, .imagePartsWanted(canvas.wantedImageParts), now: clock.milliseconds) { perform(effect) }
        }
        if model.exitStatus == nil { scheduleTick() }
    }

    /// Lets the runtime work until `condition` holds, processing what tasks post (for tests and
    /// tools that drive it without `run()`, or beside a running loop); renders what changed.
    /// Returns false when the loop has ended without the condition holding. It waits for events,
    /// not for time: callers bound it with their own time limit.
    @discardableResult
    public func settle(until condition: (ShellModel) -> Bool) async -> Bool {
        while !condition(model) {
            if model.exitStatus != nil { return false }
            if isRunning {
                await withCheckedContinuation { batchWaiters.append($0) }
            } else {
                await inbox.nextWakeup()
                processBatch()
            }
        }
        if needsRender && model.exitStatus == nil { render() }
        return true
    }

    /// Runs with no terminal input until nothing is pending — no task running, nothing posted,
    /// no event waiting for screens to be decoded: the feeds and images the frame shows have
    /// loaded or failed, through the same effects, generation checks and clamping as `run()` —
    /// draws the last frame and ends (`render`).
    public func runUntilIdle() async {
        start()
        await settle { model in
            self.backgroundTasks.isEmpty && self.activityTask == nil && self.inbox.isEmpty && model.heldEvents.isEmpty
        }
        shutDown()
    }

    /// Sets the timer for the next tick the model asks for (none when nothing moves).
    func scheduleTick() {
        guard let due = ShellUpdate.nextTickDue(model) else {
            tickTask?.task.cancel()
            tickTask = nil
            return
        }
        if let current = tickTask, current.due == due { return }
        tickTask?.task.cancel()
        let clock = clock
        let inbox = inbox
        tickTask = (due, Task {
            do {
                try await clock.sleep(untilMilliseconds: due)
                inbox.post(.tick)
            } catch {}
        })
    }

    // MARK: - Shutdown

    func shutDown() {
        activityTask?.task.cancel()
        for task in backgroundTasks.values { task.cancel() }
        tickTask?.task.cancel()
        if let traceObserver { setup.trace.removeObserver(traceObserver) }
        fileWatch = nil
        broker.dismissAll()
        for waiter in batchWaiters { waiter.resume() }
        batchWaiters.removeAll()
    }
}
