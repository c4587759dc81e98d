import Dispatch
import ZappCore
import ZappModel
import ShellCore

/// The startup sequence's callbacks: loading (and loading again after a retry), the root and
/// the deep link's screen presented through events, post hooks after the frame showing them.
@MainActor
extension ShellRuntime {
    /// Starts the startup sequence of `app`; its callbacks hand over to the loop through
    /// events, and its load waits for the update to accept a reloaded app (`StartupRun`).
    func startStartup(app: ZappApp) {
        let startup = services.startup
        let deepLink = setup.deepLink
        let opener = services.opener
        let run = StartupRun(app: app, reusesLoadedApp: setup.isLoaded)
        startupRun = run
        runInBackground { runtime in
            let callbacks = StartupSequence.Callbacks(
                loadAppData: { [weak runtime] in try await runtime?.loadAppData(run) },
                loadingFailed: { [weak runtime] reason in await runtime?.waitForRetry(reason, run) ?? false },
                presentRoot: { [weak runtime] in await runtime?.presentRoot() },
                presentLinkedScreen: { [weak runtime] screen, dataDict in
                    await runtime?.presentLinkedScreen(screen, dataDict: dataDict)
                })
            let outcome = await startup.run(callbacks, deepLink: deepLink, app: app, opener: opener)
            runtime.inbox.post(.startupEnded(outcome))
            if runtime.startupRun === run { runtime.startupRun = nil }
        }
    }

    /// The startup sequence's load: the first uses the app loaded before the terminal started
    /// (when it was), later ones (retry) load it again; an app that differs comes with new
    /// services, which the sequence goes on with once the update has accepted it.
    func loadAppData(_ run: StartupRun) async throws {
        let reuses = run.reusesLoadedApp
        run.reusesLoadedApp = false
        if reuses { return }
        inbox.post(.phase(.splash(message: "Loading \(run.app.name)…")))
        let load = try await setup.loadApp()
        inbox.post(.phase(.splash(message: "Starting \(load.app.name)…")))
        guard load.app != run.app else { return }
        let revision = await revision(of: load)
        run.app = load.app
        inbox.post(.appLoaded(revision))
        if let id = revision.servicesID { await adoption(of: id) }
    }

    func waitForRetry(_ reason: String, _ run: StartupRun) async -> Bool {
        inbox.post(.phase(.loadingFailed(message: reason)))
        guard model.exitStatus == nil else { return false }
        let retry = await run.waitForRetry()
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

    /// Waits until the next frame has been flushed (at once when the loop has ended).
    func nextFrame() async {
        await frame(after: model.framesDrawn)
    }

    /// Waits until a frame later than the `count`th has been flushed: at once when it already
    /// was (work started by a task may begin after the frame it waits for) or the loop has ended.
    func frame(after count: Int) async {
        guard model.exitStatus == nil, model.framesDrawn <= count else { return }
        await withCheckedContinuation { frameWaiters.append($0) }
    }
}
