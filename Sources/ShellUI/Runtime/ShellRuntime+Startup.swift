import Dispatch
import ZappCore
import ZappModel

/// The startup sequence's callbacks: loading (and loading again after a retry), the root and
/// the deep link's screen presented through events, post hooks after the frame showing them.
@MainActor
extension ShellRuntime {
    func startStartup() {
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
    func loadAppData() async throws {
        loadAttempts += 1
        if loadAttempts == 1 && setup.isLoaded { return }
        inbox.post(.phase(.splash(message: "Loading \(model.view.app.name)…")))
        let load = try await setup.loadApp()
        inbox.post(.phase(.splash(message: "Starting \(load.app.name)…")))
        guard load.app != model.view.app else { return }
        inbox.post(.appLoaded(await revision(of: load)))
    }

    func waitForRetry(_ reason: String) async -> Bool {
        inbox.post(.phase(.loadingFailed(message: reason)))
        guard model.exitStatus == nil else { return false }
        let retry = await withCheckedContinuation { continuation in
            retryWaiter = continuation
        }
        if retry { inbox.post(.phase(.splash(message: "Retrying…"))) }
        return retry
    }

    /// Opens home through the hooks, shows it, and runs its post hooks once it is drawn.
    func presentRoot() async {
        let result = await services.navigator.start()
        inbox.post(.rootPresented(result))
        await nextFrame()
        await services.navigator.finish(result)
    }

    func presentLinkedScreen(_ screen: ScreenModel, dataDict: JSONObject?) async {
        inbox.post(.linkedScreenPresented(screenID: screen.id))
        await nextFrame()
        await services.opener.runPostHooks(for: screen, dataDict: dataDict)
    }

    /// Runs the load's deferred checks (`ShellSetup.checkWarnings`) of `app` and reads its bars'
    /// assets (every screen is decoded by then) on a serial dispatch queue of their own (they
    /// block a thread, and use two on a large app), and posts them for `generation`.
    func checkWarnings(of app: ZappApp, generation: Int) {
        guard let check = setup.checkWarnings else { return }
        let inbox = inbox
        DispatchQueue(label: "zapp-shell.checks").async {
            let warnings = check()
            inbox.post(.loadWarningsChecked(warnings, assets: AssetStore(app: app), generation: generation))
        }
    }

    /// Reads the themes `t` cycles through, off the main actor.
    func loadThemes() {
        guard let loadThemes = setup.loadThemes else { return }
        let inbox = inbox
        runInBackground { _ in
            inbox.post(.themesLoaded(await Task.detached { loadThemes() }.value))
        }
    }

    /// Waits until the next frame has been flushed (at once when the loop has ended).
    func nextFrame() async {
        await frame(after: framesDrawn)
    }

    /// Waits until a frame later than the `count`th has been flushed: at once when it already
    /// was (work started by a task may begin after the frame it waits for) or the loop has ended.
    func frame(after count: Int) async {
        guard model.exitStatus == nil, framesDrawn <= count else { return }
        await withCheckedContinuation { frameWaiters.append($0) }
    }
}
