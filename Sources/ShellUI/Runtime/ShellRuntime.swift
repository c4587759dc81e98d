import ZappCore
import ZappModel

/// The event loop, on the main actor: terminal input → `ShellUpdate` → effects (navigations
/// and hooks run as tasks) → render → one flush per frame.
///
/// Hooks never block the loop: a hook waiting for the user awaits its pane's answer (see
/// `ShellPresenter`) while keys and frames go on; a slow hook shows a spinner and Esc cancels
/// its task. Tests drive it step by step with `send(_:)`, `render()` and `settle(until:)`, or
/// whole with `run()` over a `HeadlessTerminal`.
@MainActor
public final class ShellRuntime {
    /// How long the loop waits for input while tasks run (they report back between waits).
    public static let busyPollMilliseconds = 15
    /// How long it waits while idle (keys and signals end the wait at once).
    public static let idlePollMilliseconds = 250
    /// How often the clock ticks (spinner frames, message expiry).
    public static let tickMilliseconds = 100

    public private(set) var model: ShellModel
    private let terminal: any Terminal
    private let setup: ShellSetup
    private let presenter: ShellPresenter
    private var services: ShellServices
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    private var lastTick = 0
    private var needsRender = true
    private var activityTask: (id: Int, task: Task<Void, Never>)?
    private var backgroundTasks: [Int: Task<Void, Never>] = [:]
    private var nextBackgroundID = 0
    private var paneWaiters: [Int: CheckedContinuation<PaneAnswer, Never>] = [:]
    private var queuedAnswers: [Int: [PaneAnswer]] = [:]
    private var retryWaiter: CheckedContinuation<Bool, Never>?
    private var traceTask: Task<Void, Never>?
    private var isStarted = false

    public init(terminal: any Terminal, setup: ShellSetup, presenter: ShellPresenter = ShellPresenter()) {
        self.terminal = terminal
        self.setup = setup
        self.presenter = presenter
        let services = setup.makeServices(setup.app, presenter)
        self.services = services
        let size = terminal.size
        var view = Self.makeView(app: setup.app, services: services, setup: setup, colorSupport: terminal.colorSupport)
        view.phase = .splash(message: "Starting \(setup.app.name)…")
        model = ShellModel(view: view, columns: size.columns, rows: size.rows, themes: setup.themes)
        started = clock.now
        presenter.runtime = self
    }

    private static func makeView(app: ZappApp, services: ShellServices, setup: ShellSetup, colorSupport: ColorSupport)
        -> ShellViewState
    {
        var view = ShellViewState(
            app: app, rootKind: services.navigator.rootMenu.kind, theme: setup.theme, colorSupport: colorSupport)
        view.forceASCII = setup.forceASCII
        view.loadWarnings = setup.warnings
        view.browser = setup.browser
        return view
    }

    // MARK: - The loop

    /// Runs until the user quits (or a termination signal arrives); returns the exit status.
    /// The terminal is restored before returning.
    public func run() async -> Int32 {
        start()
        while model.exitStatus == nil {
            if needsRender { render() }
            let timeout = isBusy ? Self.busyPollMilliseconds : Self.idlePollMilliseconds
            let waitStart = clock.now
            var event = terminal.nextEvent(timeoutMilliseconds: timeout)
            var drained = 0
            while let current = event, model.exitStatus == nil {
                send(.terminal(current))
                drained += 1
                event = drained < 256 ? terminal.nextEvent(timeoutMilliseconds: 0) : nil
            }
            if drained == 0, clock.now - waitStart < .milliseconds(timeout / 2) {
                try? await Task.sleep(for: .milliseconds(isBusy ? Self.busyPollMilliseconds : Self.tickMilliseconds))
            }
            tickIfDue()
            await Task.yield()
        }
        shutDown()
        terminal.restore()
        return model.exitStatus ?? 0
    }

    /// Starts the startup sequence and the trace feed (once); `run()` calls it. Tests that
    /// drive the runtime step by step call it themselves.
    public func start() {
        guard !isStarted else { return }
        isStarted = true
        startTraceFeed()
        startStartup()
    }

    /// Whether tasks are running that report back to the loop.
    private var isBusy: Bool {
        activityTask != nil || !backgroundTasks.isEmpty || !model.view.panes.isEmpty || model.activity != nil
    }

    /// Feeds one event through the update and performs its effects.
    public func send(_ event: ShellEvent) {
        model.now = elapsedMilliseconds
        let effects = ShellUpdate.update(&model, event)
        needsRender = true
        for effect in effects { perform(effect) }
    }

    /// Draws the model and flushes the frame (only changed cells reach the terminal).
    public func render() {
        let size = terminal.size
        if size.columns != model.columns || size.rows != model.rows {
            send(.terminal(.resize(columns: size.columns, rows: size.rows)))
        }
        var canvas = Canvas(columns: model.columns, rows: model.rows)
        model.hitMap = ShellView.render(model.view, into: &canvas)
        terminal.flush(canvas)
        needsRender = false
    }

    /// Lets running tasks progress until `condition` holds or `timeout` passes (for tests and
    /// tools driving the runtime without `run()`); renders when something changed.
    @discardableResult
    public func settle(timeout: Duration = .seconds(30), until condition: (ShellModel) -> Bool) async -> Bool {
        let deadline = clock.now + timeout
        while !condition(model) {
            if clock.now >= deadline { return false }
            if needsRender { render() }
            try? await Task.sleep(for: .milliseconds(2))
            tickIfDue()
        }
        if needsRender { render() }
        return true
    }

    private var elapsedMilliseconds: Int {
        let elapsed = clock.now - started
        return Int(elapsed.components.seconds) * 1000 + Int(elapsed.components.attoseconds / 1_000_000_000_000_000)
    }

    private func tickIfDue() {
        let now = elapsedMilliseconds
        guard now - lastTick >= Self.tickMilliseconds else { return }
        lastTick = now
        let before = (model.view.toast, model.view.spinnerFrame)
        model.now = now
        _ = ShellUpdate.update(&model, .tick)
        if model.view.toast != before.0 || model.view.spinnerFrame != before.1 { needsRender = true }
    }

    // MARK: - Effects

    private func perform(_ effect: ShellEffect) {
        switch effect {
        case .navigate(let request, let activityID):
            startNavigation(request, activityID: activityID)
        case .runPostHooks(let screenID, let dataDict, let activityID):
            startPostHooks(screenID: screenID, dataDict: dataDict, activityID: activityID)
        case .cancelActivity(let activityID):
            if let activity = activityTask, activity.id == activityID { activity.task.cancel() }
        case .answerPane(let id, let answer):
            deliver(answer, toPane: id)
        case .openBrowser(let url):
            openBrowser(url)
        case .signOut:
            signOut()
        case .retryLoading:
            retryWaiter?.resume(returning: true)
            retryWaiter = nil
        case .quit:
            // The update has set `model.exitStatus`; the loop ends on its next turn.
            break
        }
    }

    private func startNavigation(_ request: NavigationRequest, activityID: Int) {
        let services = services
        let navigation = model.view.navigation
        let app = model.view.app
        let task = Task { @MainActor [weak self] in
            let outcome = await Self.navigate(request, from: navigation, app: app, services: services)
            guard let self else { return }
            self.activityTask = nil
            self.send(.navigationFinished(activityID: activityID, request: request, outcome: outcome))
            await self.refreshSignedInUser()
        }
        activityTask = (activityID, task)
    }

    private static func navigate(
        _ request: NavigationRequest, from navigation: NavigationState, app: ZappApp, services: ShellServices
    ) async -> NavigationOutcome {
        let navigator = services.navigator
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
            let decision = await services.pickerHelper.switchTab(from: from, to: to, target: screen)
            return .tab(componentID: componentID, decision: decision)
        }
    }

    private func startPostHooks(screenID: String, dataDict: JSONObject?, activityID: Int) {
        guard let screen = model.view.app.anyScreen(id: screenID) else {
            send(.postHooksFinished(activityID: activityID))
            return
        }
        let opener = services.opener
        let task = Task { @MainActor [weak self] in
            await opener.runPostHooks(for: screen, dataDict: dataDict)
            guard let self else { return }
            self.activityTask = nil
            self.send(.postHooksFinished(activityID: activityID))
        }
        activityTask = (activityID, task)
    }

    private func openBrowser(_ url: String) {
        guard let browser = setup.browser else { return }
        runInBackground { runtime in
            if let failure = await BrowserLauncher.open(url, browser: browser) {
                runtime.send(.notice("Cannot open \(url) with $BROWSER: \(failure)", isError: true))
            }
        }
    }

    private func signOut() {
        guard let provider = services.loginProvider else {
            send(.notice("This app has no login provider", isError: true))
            return
        }
        runInBackground { runtime in
            let user = await provider.signedInUser()
            switch await provider.logout() {
            case .completedSuccessfully:
                runtime.send(.notice(user.map { "Signed out \($0)" } ?? "Signed out", isError: false))
            case .failed(let reason):
                runtime.send(.notice("Sign out failed: \(reason)", isError: true))
            case .cancelled:
                runtime.send(.notice("Sign out cancelled", isError: false))
            }
            await runtime.refreshSignedInUser()
        }
    }

    private func refreshSignedInUser() async {
        let user = await services.loginProvider?.signedInUser()
        if user != model.view.signedInUser { send(.signedInUserChanged(user)) }
    }

    /// Runs work that reports back to the loop, tracked so that the loop polls quickly meanwhile.
    private func runInBackground(_ work: @escaping @MainActor (ShellRuntime) async -> Void) {
        nextBackgroundID += 1
        let id = nextBackgroundID
        backgroundTasks[id] = Task { @MainActor [weak self] in
            guard let self else { return }
            await work(self)
            self.backgroundTasks[id] = nil
        }
    }

    private func startTraceFeed() {
        let updates = services.trace.updates()
        traceTask = Task { @MainActor [weak self] in
            for await entry in updates {
                guard let self else { return }
                self.send(.traceAppended([entry.line]))
            }
        }
    }

    // MARK: - Panes (called by ShellPresenter)

    func openPane(_ pane: Pane) -> Int {
        let id = model.issueID()
        send(.paneShown(id: id, pane: pane))
        return id
    }

    func nextAnswer(forPane id: Int) async -> PaneAnswer {
        if var queue = queuedAnswers[id], !queue.isEmpty {
            let answer = queue.removeFirst()
            queuedAnswers[id] = queue
            return answer
        }
        guard model.view.panes.contains(where: { $0.id == id }) else { return .dismissed }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                paneWaiters[id] = continuation
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.deliver(.dismissed, toPane: id) }
        }
    }

    func closePane(_ id: Int) {
        send(.paneClosed(id: id))
        queuedAnswers[id] = nil
        paneWaiters.removeValue(forKey: id)?.resume(returning: .dismissed)
    }

    private func deliver(_ answer: PaneAnswer, toPane id: Int) {
        if let waiter = paneWaiters.removeValue(forKey: id) {
            waiter.resume(returning: answer)
            return
        }
        if answer == .dismissed {
            queuedAnswers[id] = [.dismissed]
        } else {
            queuedAnswers[id, default: []].append(answer)
        }
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
            switch outcome {
            case .loadingFailed:
                runtime.send(.terminal(.key(.character("q"))))
            case .started(let deepLink):
                switch deepLink {
                case .unresolved(let reason)?:
                    runtime.send(.notice("Cannot open the link: \(reason)", isError: true))
                case .navigated(.blocked(let identifier, let reason))?:
                    runtime.send(.notice(ShellUpdate.blockedMessage(identifier, reason), isError: true))
                case .navigated(.presented)?, nil:
                    break
                }
            }
            await runtime.refreshSignedInUser()
        }
    }

    private func loadAppData() async throws {
        send(.phase(.splash(message: "Loading \(model.view.app.name)…")))
        let app = try await setup.loadApp()
        send(.phase(.splash(message: "Starting \(app.name)…")))
        guard app != model.view.app else { return }
        services = setup.makeServices(app, presenter)
        traceTask?.cancel()
        startTraceFeed()
        var view = Self.makeView(app: app, services: services, setup: setup, colorSupport: terminal.colorSupport)
        view.phase = model.view.phase
        view.theme = model.view.theme
        view.themeNames = model.view.themeNames
        view.panes = model.view.panes
        model.view = view
        needsRender = true
    }

    private func waitForRetry(_ reason: String) async -> Bool {
        send(.phase(.loadingFailed(message: reason)))
        guard model.exitStatus == nil else { return false }
        let retry = await withCheckedContinuation { continuation in
            retryWaiter = continuation
        }
        if retry { send(.phase(.splash(message: "Retrying…"))) }
        return retry
    }

    private func presentRoot() async {
        let result = await services.navigator.start()
        switch result {
        case .shown(let state, _, _):
            model.view.navigation = state
        case .blocked(let identifier, let reason):
            send(.notice(ShellUpdate.blockedMessage(identifier, reason), isError: true))
        case .openURL, .unavailable:
            break
        }
        send(.rootPresented)
        render()
        await services.navigator.finish(result)
    }

    private func presentLinkedScreen(_ screen: ScreenModel, dataDict: JSONObject?) async {
        var navigation = model.view.navigation
        if let item = model.view.rootMenu.item(forScreen: screen.id) {
            navigation.selectRoot(item.id, rootScreenID: screen.id)
            navigation.stacks[item.id] = [screen.id]
        } else {
            navigation.push(screen.id)
        }
        ShellUpdate.show(navigation, &model)
        send(.rootPresented)
        render()
        await services.opener.runPostHooks(for: screen, dataDict: dataDict)
    }

    // MARK: - Shutdown

    private func shutDown() {
        activityTask?.task.cancel()
        for task in backgroundTasks.values { task.cancel() }
        traceTask?.cancel()
        retryWaiter?.resume(returning: false)
        retryWaiter = nil
        for (_, waiter) in paneWaiters { waiter.resume(returning: .dismissed) }
        paneWaiters.removeAll()
    }
}
