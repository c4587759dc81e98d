import Dispatch
import ZappCore
import ZappModel

/// The event loop (ARCHITECTURE.md, "The loop"), on the main actor: it waits in one place,
/// the `RuntimeInbox`, for everything — terminal input (the terminal says when it is waiting),
/// signals, and the results of the tasks it runs — takes all of it as one batch, feeds each
/// event through the pure `ShellUpdate`, performs the effects the update returns, and renders
/// once after the batch (one flush, only changed cells). Nothing is polled: a timer runs only
/// while the model needs ticks (a spinner, a message that expires).
///
/// The runtime never changes the model itself: even the app it loads and the root it presents
/// reach the model as events, and it starts no work that no effect asked for (the startup, the
/// deferred checks, the themes, a reload are effects). It keeps only the handles of the work it
/// runs (tasks, the services of the running app, the pane broker's waiting hooks). Hooks never
/// block the loop: a hook waiting for the user awaits its pane's answer through the `PaneBroker`
/// while keys and frames go on; Esc cancels a slow one.
/// Tests drive it step by step with `send(_:)`, `render()` and `settle(until:)`, or whole with
/// `run()` over a `HeadlessTerminal`, with a test clock.
@MainActor
public final class ShellRuntime {
    public private(set) var model: ShellModel
    private let terminal: any Terminal
    private let setup: ShellSetup
    private let clock: RuntimeClock
    private let inbox = RuntimeInbox()
    private let presenter: ShellPresenter
    private let broker: PaneBroker
    private var services: AppServices
    private var needsRender = true
    private var activityTask: (id: Int, task: Task<Void, Never>)?
    private var backgroundTasks: [Int: Task<Void, Never>] = [:]
    private var nextBackgroundID = 0
    private var tickTask: (due: Int, task: Task<Void, Never>)?
    private var retryWaiter: CheckedContinuation<Bool, Never>?
    private var frameWaiters: [CheckedContinuation<Void, Never>] = []
    /// Frames flushed so far: work that waits for "the next frame" counts from when it asked.
    private var framesDrawn = 0
    private var batchWaiters: [CheckedContinuation<Void, Never>] = []
    private var traceObserver: Int?
    private var fileWatch: AnyObject?
    private var loadAttempts = 0
    private var isRunning = false

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
        var view = ShellViewState(
            app: setup.app, rootKind: services.navigator.rootMenu.kind, theme: setup.theme,
            colorSupport: terminal.colorSupport)
        view.forceASCII = setup.forceASCII
        view.loadWarnings = setup.warnings
        view.browser = setup.browser
        // Images need colours: a terminal without them shows titles, as with --images off.
        view.imageMode = terminal.colorSupport == .none ? .off : (setup.imageMode == .auto ? .symbols : setup.imageMode)
        view.gates = services.gates
        view.phase = .splash(message: "Starting \(setup.app.name)…")
        model = ShellModel(view: view, columns: size.columns, rows: size.rows, themes: setup.themes)
        model.areChecksPending = setup.checkWarnings != nil
        model.areThemesPending = setup.loadThemes != nil
        model.fileThemeName = setup.loadTheme == nil ? nil : setup.theme.name
        model.holdSplash()
    }

    // MARK: - The loop

    /// Runs until the user quits (or a termination signal arrives, or the terminal is lost);
    /// returns the exit status. The terminal is restored before returning.
    public func run() async -> Int32 {
        start()
        isRunning = true
        terminal.watchInput { [inbox] in inbox.inputIsWaiting() }
        processBatch()
        while model.exitStatus == nil {
            await inbox.nextWakeup()
            processBatch()
        }
        isRunning = false
        shutDown()
        terminal.restore()
        return model.exitStatus ?? 0
    }

    /// Starts the loop's work (once): waking for new trace steps, the file watcher, and the
    /// `.started` event, whose effect runs the startup sequence. `run()` calls it; tests that
    /// drive the runtime step by step call it themselves.
    public func start() {
        guard !model.isStartupRequested else { return }
        let inbox = inbox
        traceObserver = setup.trace.onAppend { _ in inbox.traceIsWaiting() }
        fileWatch = setup.watchFiles? { inbox.post(.filesChanged) }
        send(.started)
    }

    /// Takes everything posted since the last batch — the terminal's waiting input first —
    /// feeds it through the update, and renders once.
    private func processBatch() {
        let batch = inbox.take()
        if batch.isTraceWaiting { readTrace() }
        if batch.isInputWaiting {
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
        if model.exitStatus == nil { scheduleTick() }
    }

    /// Draws the model and flushes the frame (only changed cells reach the terminal); the
    /// frame's hit map goes back to the model for clicks.
    public func render() {
        let size = terminal.size
        if size.columns != model.columns || size.rows != model.rows {
            send(.terminal(.resize(columns: size.columns, rows: size.rows)))
        }
        // A held splash: no frame until there is something to show (ShellViewState.isBlank).
        if model.view.isBlank {
            needsRender = false
            return
        }
        var canvas = Canvas(columns: model.columns, rows: model.rows)
        let hitMap = ShellView.render(model.view, into: &canvas)
        terminal.flush(canvas)
        if model.view.imageMode.usesProtocol { terminal.showImages(canvas.images.compactMap(\.placement)) }
        needsRender = false
        framesDrawn += 1
        // `--images auto` that the environment left open: one bounded query, after the first frame.
        if framesDrawn == 1, setup.imageMode == .auto, let query = setup.queryImageMode {
            inbox.post(.imageModeQueried(query()))
        }
        // The hit map changes nothing drawn; what the frame lets start (ShellUpdate.afterFrame) runs.
        for effect in ShellUpdate.update(&model, .frameDrawn(hitMap), now: clock.milliseconds) { perform(effect) }
        if model.exitStatus == nil { scheduleTick() }
        let waiters = frameWaiters
        frameWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
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

    /// Sets the timer for the next tick the model asks for (none when nothing moves).
    private func scheduleTick() {
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

    // MARK: - Effects

    private func perform(_ effect: ShellEffect) {
        switch effect {
        case .runStartup:
            startStartup()
        case .checkWarnings(let app, let generation):
            checkWarnings(of: app, generation: generation)
        case .loadThemes:
            loadThemes()
        case .redraw:
            terminal.redraw()
            needsRender = true
        case .navigate(let request, let activityID):
            startNavigation(request, activityID: activityID)
        case .runPostHooks(let screenID, let dataDict, let activityID):
            startPostHooks(screenID: screenID, dataDict: dataDict, activityID: activityID)
        case .cancelActivity(let activityID):
            if let activity = activityTask, activity.id == activityID { activity.task.cancel() }
        case .answerPane(let id, let answer):
            broker.deliver(answer, toPane: id)
        case .openBrowser(let url):
            openBrowser(url)
        case .signOut:
            signOut()
        case .loadFeed(let source, let reload, let generation):
            loadFeed(source, reload: reload, generation: generation)
        case .loadFeedPage(let source, let page, let generation):
            loadFeedPage(page, of: source, generation: generation)
        case .loadImage(let request, let generation):
            loadImage(request, generation: generation)
        case .retryLoading:
            retryWaiter?.resume(returning: true)
            retryWaiter = nil
        case .reloadApp(let generation):
            reload(generation: generation)
        case .suspend:
            if !terminal.suspend() {
                inbox.post(.notice("Cannot suspend: this shell has no job control", isError: true))
            }
            needsRender = true
        case .quit:
            // The update has set `model.exitStatus`; the loop ends after this batch.
            break
        }
    }

    private func startNavigation(_ request: NavigationRequest, activityID: Int) {
        let navigator = services.navigator
        let pickerHelper = services.pickerHelper
        let navigation = model.view.navigation
        let app = model.view.app
        let inbox = inbox
        let task = Task { [weak self] in
            let outcome = await Self.navigate(
                request, from: navigation, app: app, navigator: navigator, pickerHelper: pickerHelper)
            inbox.post(.navigationFinished(activityID: activityID, request: request, outcome: outcome))
            guard let self else { return }
            if self.activityTask?.id == activityID { self.activityTask = nil }
            await self.refreshSignedInUser()
        }
        activityTask = (activityID, task)
    }

    private static func navigate(
        _ request: NavigationRequest, from navigation: NavigationState, app: ZappApp, navigator: Navigator,
        pickerHelper: ScreenPickerHookHelper
    ) async -> NavigationOutcome {
        switch request {
        case .selectRootItem(let id):
            return .navigation(await navigator.selectRootItem(id, in: navigation))
        case .push(let target, let source):
            return .navigation(await navigator.push(target, from: source, in: navigation))
        case .present(let target, let source):
            return .navigation(await navigator.present(target, from: source, in: navigation))
        case .goTo(let target):
            return .navigation(await navigator.goTo(target, in: navigation))
        case .selectTab(let componentID, let from, let to, let target):
            guard let screen = app.anyScreen(idOrName: target) else {
                return .navigation(.unavailable(reason: "no screen \"\(target)\""))
            }
            let decision = await pickerHelper.switchTab(from: from, to: to, target: screen)
            return .tab(componentID: componentID, decision: decision)
        case .openEntry(let screenID, let entry):
            return .navigation(await navigator.push(screenID, from: .cell, dataDict: ["entry": entry.json], in: navigation))
        }
    }

    private func startPostHooks(screenID: String, dataDict: JSONObject?, activityID: Int) {
        guard let screen = model.view.app.anyScreen(id: screenID) else {
            inbox.post(.postHooksFinished(activityID: activityID))
            return
        }
        let opener = services.opener
        let inbox = inbox
        let task = Task { [weak self] in
            await opener.runPostHooks(for: screen, dataDict: dataDict)
            inbox.post(.postHooksFinished(activityID: activityID))
            guard let self, self.activityTask?.id == activityID else { return }
            self.activityTask = nil
        }
        activityTask = (activityID, task)
    }

    /// Opens a web link with `$BROWSER` in the background; a failure comes back as a notice.
    private func openBrowser(_ url: String) {
        guard let browser = setup.browser else { return }
        let inbox = inbox
        runInBackground { _ in
            if let failure = await BrowserLauncher.open(url, browser: browser) {
                inbox.post(.notice("Cannot open \(url) with $BROWSER: \(failure)", isError: true))
            }
        }
    }

    private func signOut() {
        guard let provider = services.loginProvider else {
            inbox.post(.notice("This app has no login provider", isError: true))
            return
        }
        runInBackground { runtime in
            let user = await provider.signedInUser()
            switch await provider.logout() {
            case .completedSuccessfully:
                runtime.inbox.post(.notice(user.map { "Signed out \($0)" } ?? "Signed out", isError: false))
            case .failed(let reason):
                runtime.inbox.post(.notice("Sign out failed: \(reason)", isError: true))
            case .cancelled:
                runtime.inbox.post(.notice("Sign out cancelled", isError: false))
            }
            await runtime.refreshSignedInUser()
        }
    }

    /// Loads a feed in a task (loads run concurrently; the loader caches them for the session).
    private func loadFeed(_ source: String, reload: Bool, generation: Int) {
        let feeds = services.feeds
        let inbox = inbox
        runInBackground { _ in
            let result = await feeds.load(source, reload: reload)
            inbox.post(.feedLoaded(source: source, result: result, generation: generation))
        }
    }

    /// Loads the next page `page` of the feed from `source` in a task, as a feed of its own.
    private func loadFeedPage(_ page: String, of source: String, generation: Int) {
        let feeds = services.feeds
        let inbox = inbox
        runInBackground { _ in
            let result = await feeds.load(page, reload: false)
            inbox.post(.feedPageLoaded(source: source, page: page, result: result, generation: generation))
        }
    }

    /// Loads an image in a task; fetching and decoding happen off the main actor, in the loader.
    private func loadImage(_ request: ImageRequest, generation: Int) {
        let images = services.images
        let mode = model.view.imageMode
        let inbox = inbox
        runInBackground { _ in
            let result = await images.load(request, mode: mode)
            inbox.post(.imageLoaded(request, generation: generation, result: result))
        }
    }

    private func refreshSignedInUser() async {
        let user = await services.loginProvider?.signedInUser()
        if user != model.view.signedInUser { inbox.post(.signedInUserChanged(user)) }
    }

    /// Runs work that reports back through the inbox; cancelled when the loop ends.
    private func runInBackground(_ work: @escaping @MainActor (ShellRuntime) async -> Void) {
        nextBackgroundID += 1
        let id = nextBackgroundID
        backgroundTasks[id] = Task { [weak self] in
            guard let self else { return }
            await work(self)
            self.backgroundTasks[id] = nil
        }
    }

    /// Feeds the trace steps after the model's cursor through the update, by sequence, in chunks.
    private func readTrace() {
        while true {
            let slice = setup.trace.entries(after: model.log.traceCursor, limit: EventLog.traceChunk)
            guard !slice.entries.isEmpty || slice.missed > 0 else { return }
            send(.traceAppended(slice))
        }
    }

    /// Reads the app of `generation` again (and the theme file, when the theme comes from one);
    /// a new app gets new services (the hook manager, the registry) over the run's one trace, and
    /// its assets are read before the update shows it. Hooks still running keep the services
    /// they started with; their steps reach the same trace.
    private func reload(generation: Int) {
        let loadApp = setup.loadApp
        let loadTheme = setup.loadTheme
        runInBackground { runtime in
            do {
                if let loadTheme {
                    runtime.inbox.post(.themeReloaded(try await loadTheme()))
                }
                let revision = await runtime.revision(of: try await loadApp())
                runtime.inbox.post(.appReloaded(revision, generation: generation))
            } catch {
                runtime.inbox.post(.reloadFailed("\(error)"))
            }
        }
    }

    /// A loaded app with new services (whose root menu it reports) and its bars' assets, read off
    /// the main actor.
    private func revision(of load: AppLoad) async -> AppRevision {
        services = setup.makeServices(load.app, presenter, setup.trace)
        let app = load.app
        let assets = await Task.detached { AssetStore(app: app) }.value
        return AppRevision(
            app: app, rootKind: services.navigator.rootMenu.kind, warnings: load.warnings, assets: assets)
    }

    // MARK: - Startup

    private func startStartup() {
        let startup = services.startup
        let deepLink = setup.deepLink
        let app = model.view.app
        let opener = services.opener
        runInBackground { runtime in
            let callbacks = StartupSequence.Callbacks(
                loadAppData: { [weak runtime] in try await runtime?.loadAppData() },
                loadingFailed: { [weak runtime] reason in await runtime?.waitForRetry(reason) ?? false },
                presentRoot: { [weak runtime] in await runtime?.presentRoot() },
                presentLinkedScreen: { [weak runtime] screen, dataDict in
                    await runtime?.presentLinkedScreen(screen, dataDict: dataDict)
                })
            let outcome = await startup.run(callbacks, deepLink: deepLink, app: app, opener: opener)
            runtime.inbox.post(.startupEnded(outcome))
            await runtime.refreshSignedInUser()
        }
    }

    /// The startup sequence's load: the first uses the app loaded before the terminal started
    /// (when it was), later ones (retry) load it again and rebuild the services.
    private func loadAppData() async throws {
        loadAttempts += 1
        if loadAttempts == 1 && setup.isLoaded { return }
        inbox.post(.phase(.splash(message: "Loading \(model.view.app.name)…")))
        let load = try await setup.loadApp()
        inbox.post(.phase(.splash(message: "Starting \(load.app.name)…")))
        guard load.app != model.view.app else { return }
        inbox.post(.appLoaded(await revision(of: load)))
    }

    private func waitForRetry(_ reason: String) async -> Bool {
        inbox.post(.phase(.loadingFailed(message: reason)))
        guard model.exitStatus == nil else { return false }
        let retry = await withCheckedContinuation { continuation in
            retryWaiter = continuation
        }
        if retry { inbox.post(.phase(.splash(message: "Retrying…"))) }
        return retry
    }

    /// Opens home through the hooks, shows it, and runs its post hooks once it is drawn.
    private func presentRoot() async {
        let result = await services.navigator.start()
        inbox.post(.rootPresented(result))
        await nextFrame()
        await services.navigator.finish(result)
    }

    private func presentLinkedScreen(_ screen: ScreenModel, dataDict: JSONObject?) async {
        inbox.post(.linkedScreenPresented(screenID: screen.id))
        await nextFrame()
        await services.opener.runPostHooks(for: screen, dataDict: dataDict)
    }

    /// Runs the load's deferred checks (`ShellSetup.checkWarnings`) of `app` and reads its bars'
    /// assets (every screen is decoded by then) on a serial dispatch queue of their own (they
    /// block a thread, and use two on a large app), and posts them for `generation`.
    private func checkWarnings(of app: ZappApp, generation: Int) {
        guard let check = setup.checkWarnings else { return }
        let inbox = inbox
        DispatchQueue(label: "zapp-shell.checks").async {
            let warnings = check()
            inbox.post(.loadWarningsChecked(warnings, assets: AssetStore(app: app), generation: generation))
        }
    }

    /// Reads the themes `t` cycles through, off the main actor.
    private func loadThemes() {
        guard let loadThemes = setup.loadThemes else { return }
        let inbox = inbox
        runInBackground { _ in
            inbox.post(.themesLoaded(await Task.detached { loadThemes() }.value))
        }
    }

    /// Waits until the next frame has been flushed (at once when the loop has ended).
    private func nextFrame() async {
        await frame(after: framesDrawn)
    }

    /// Waits until a frame later than the `count`th has been flushed: at once when it already
    /// was (work started by a task may begin after the frame it waits for) or the loop has ended.
    private func frame(after count: Int) async {
        guard model.exitStatus == nil, framesDrawn <= count else { return }
        await withCheckedContinuation { frameWaiters.append($0) }
    }

    // MARK: - Shutdown

    private func shutDown() {
        activityTask?.task.cancel()
        for task in backgroundTasks.values { task.cancel() }
        tickTask?.task.cancel()
        if let traceObserver { setup.trace.removeObserver(traceObserver) }
        fileWatch = nil
        retryWaiter?.resume(returning: false)
        retryWaiter = nil
        broker.dismissAll()
        for waiter in frameWaiters { waiter.resume() }
        frameWaiters.removeAll()
        for waiter in batchWaiters { waiter.resume() }
        batchWaiters.removeAll()
    }
}
