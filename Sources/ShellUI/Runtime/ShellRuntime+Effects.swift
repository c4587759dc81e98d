import ZappCore
import ZappModel
import ShellCore

/// The effect performers: one case per `ShellEffect`, each starting the work it names and
/// posting its result to the inbox as an event (ARCHITECTURE.md, "The loop").
@MainActor
extension ShellRuntime {
    func perform(_ effect: ShellEffect) {
        switch effect {
        case .runStartupStep(let step):
            runStartupStep(step)
        case .watchFiles:
            let inbox = inbox
            fileWatch = setup.watchFiles? { inbox.post(.filesChanged) }
        case .checkWarnings(let app, let generation):
            checkWarnings(of: app, generation: generation)
        case .loadThemes:
            loadThemes()
        case .redraw:
            terminal.redraw()
            needsRender = true
        case .checkPaneVisibility:
            // Bounded (tmux answers in milliseconds; 300 at most), like the query.
            inbox.post(.paneVisibility(visible: terminal.isPaneVisible(), insideTmux: terminal.asksTmuxForVisibility))
        case .hideImages:
            terminal.hideImages()
        case .navigate(let request, let activityID, let navigation, let app):
            startNavigation(request, activityID: activityID, from: navigation, app: app)
        case .runPostHooks(let screen, let dataDict, let activityID):
            startPostHooks(screen: screen, dataDict: dataDict, activityID: activityID)
        case .refreshSignedInUser(let known):
            refreshSignedInUser(known: known)
        case .cancelActivity(let activityID):
            if let activity = activityTask, activity.id == activityID { activity.task.cancel() }
        case .answerPane(let id, let answer):
            broker.deliver(answer, toPane: id)
        case .openBrowser(let url):
            openBrowser(url)
        case .signOut:
            signOut()
        case .loadAccounts:
            loadAccounts()
        case .switchAccount(let login, let username):
            switchAccount(login: login, username: username)
        case .loadFeed(let source, let reload, let generation):
            loadFeed(source, reload: reload, generation: generation)
        case .loadFeedPage(let source, let page, let generation):
            loadFeedPage(page, of: source, generation: generation)
        case .loadImage(let request, let generation):
            loadImage(request, generation: generation)
        case .encodeImagePart(let part, let image, let generation):
            let (images, inbox) = (services.images, inbox)
            runInBackground { _ in
                let result = await images.encode(part.part, of: image)
                inbox.post(.imagePartEncoded(part, generation: generation, result: result))
            }
        case .queryTerminal:
            // The one bounded query (after the first frame); its answer comes back as an event.
            if let query = setup.queryTerminal { inbox.post(.terminalQueried(query())) }
        case .reloadApp(let generation):
            reload(generation: generation)
        case .adoptServices(let revision):
            adoptServices(revision)
        case .discardServices(let revision):
            discardServices(revision)
        case .checkGates(let screenIDs, let generation):
            checkGates(screenIDs, generation: generation)
        case .decodeScreens(let positions, let screens, let generation):
            decodeScreens(positions, of: screens, generation: generation)
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

    /// Opens a web link with `$BROWSER` in the background; a failure comes back as a notice.
    func openBrowser(_ url: String) {
        guard let browser = setup.browser else { return }
        let inbox = inbox
        runInBackground { _ in
            if let failure = await BrowserLauncher.open(url, browser: browser) {
                inbox.post(.notice("Cannot open \(url) with $BROWSER: \(failure)", isError: true))
            }
        }
    }

    func signOut() {
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
            runtime.inbox.post(.signedInUserChanged(await provider.signedInUser()))
        }
    }

    /// Loads a feed in a task (loads run concurrently; the loader caches them for the session).
    func loadFeed(_ source: String, reload: Bool, generation: Int) {
        let feeds = services.feeds
        let inbox = inbox
        runInBackground { _ in
            let result = await feeds.load(source, reload: reload)
            inbox.post(.feedLoaded(source: source, result: result, generation: generation))
        }
    }

    /// Loads the next page `page` of the feed from `source` in a task, as a feed of its own.
    func loadFeedPage(_ page: String, of source: String, generation: Int) {
        let feeds = services.feeds
        let inbox = inbox
        runInBackground { _ in
            let result = await feeds.load(page, reload: false)
            inbox.post(.feedPageLoaded(source: source, page: page, result: result, generation: generation))
        }
    }

    /// Loads an image in a task; fetching and decoding happen off the main actor, in the loader.
    func loadImage(_ request: ImageRequest, generation: Int) {
        let images = services.images
        let inbox = inbox
        runInBackground { _ in
            let result = await images.load(request)
            inbox.post(.imageLoaded(request, generation: generation, result: result))
        }
    }

    /// Asks the login provider who is signed in and posts it when it is not `known`.
    func refreshSignedInUser(known: String?) {
        guard let provider = services.loginProvider else { return }
        let inbox = inbox
        runInBackground { _ in
            let user = await provider.signedInUser()
            if user != known { inbox.post(.signedInUserChanged(user)) }
        }
    }

    /// Works out which of these screens are gated with the running app's `ScreenGates` (the
    /// services of `generation`: the update asks only for the app it accepted), after the
    /// batch, and posts the answer for the lock marks.
    func checkGates(_ screenIDs: [String], generation: Int) {
        guard let gates = services.gates else { return }
        runInBackground { runtime in
            var gated: [String: Bool] = [:]
            for screenID in screenIDs { gated[screenID] = await gates.isGated(screenID) }
            runtime.inbox.post(.gatesChecked(gated, generation: generation))
        }
    }

    /// Runs work that reports back through the inbox; cancelled when the loop ends.
    func runInBackground(_ work: @escaping @MainActor (ShellRuntime) async -> Void) {
        nextBackgroundID += 1
        let id = nextBackgroundID
        backgroundTasks[id] = Task { [weak self] in
            guard let self else { return }
            await work(self)
            self.backgroundTasks[id] = nil
        }
    }

    /// Runs the load's deferred checks (`ShellSetup.checkWarnings`) of `app` and reads its bars'
    /// assets (of every screen) on a lane of the blocking-work pool (they block a thread, and use
    /// two on a large app), and posts them for `generation`.
    func checkWarnings(of app: ZappApp, generation: Int) {
        guard let check = setup.checkWarnings else { return }
        let inbox = inbox
        BlockingWork.start(on: checksLane) {
            let warnings = check()
            inbox.post(.loadWarningsChecked(warnings, assets: AssetStore(app: app, readingUndecoded: true), generation: generation))
        }
    }

    /// Decodes the screens the update asked for off the main actor and posts them.
    func decodeScreens(_ positions: [Int], of screens: ScreenList, generation: Int) {
        let inbox = inbox
        BlockingWork.start(on: screensLane) {
            inbox.post(.screensDecoded(screens.decoding(positions), generation: generation))
        }
    }

    /// Reads the themes `t` cycles through, off the main actor.
    func loadThemes() {
        guard let loadThemes = setup.loadThemes else { return }
        let inbox = inbox
        runInBackground { _ in
            inbox.post(.themesLoaded(await BlockingWork.run { loadThemes() }))
        }
    }
}
