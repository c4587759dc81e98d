import ZappCore
import ZappModel

/// The startup sequence as effects and events (`StartupStep`): the update asks for each step,
/// shows what it reports (the splash's words, "Loading failed", a reloaded app, the root, a deep
/// link's screen) and decides the next; the runtime only runs them.
extension ShellUpdate {
    /// `.started`: the file watcher (`run --watch`) and the first step (none when the model
    /// shows its screen with no startup, `render`).
    static func startStartup(_ model: inout ShellModel) -> [ShellEffect] {
        guard !model.isStartupRequested else { return [] }
        model.isStartupRequested = true
        let watch: [ShellEffect] = model.watchesFiles ? [.watchFiles] : []
        return model.isStartupComplete ? watch : watch + [.runStartupStep(.launch)]
    }

    /// A step ended: what it reports is shown, and the next step is asked for (now, or after
    /// the frame showing the screen whose post hooks it runs, `startupAfterFrame`).
    static func startupStepEnded(_ step: StartupStep, _ result: StartupStepResult, _ model: inout ShellModel)
        -> [ShellEffect]
    {
        switch (step, result) {
        case (.launch, _):
            return loadAppData(isRetry: false, &model)
        case (.load(_, let reused, _), .loaded(let revision)):
            if !reused { model.view.phase = .splash(message: "Starting \((revision?.app ?? model.view.app).name)…") }
            let replaced = revision.map { replaceApp($0, keepingNavigation: false, &model) } ?? []
            // The revision's services are adopted first: the next step runs with them.
            return replaced + [.runStartupStep(.applicationReady)]
        case (.load, .loadingFailed(let reason)):
            return [.runStartupStep(.failedLoading(reason: reason))]
        case (.failedLoading, _) where model.offlineNote != nil:
            // The app is its last good copy: after executeOnFailedLoading it goes on, offline.
            model.view.offlineNote = model.offlineNote
            model.offlineNote = nil
            return [.runStartupStep(.applicationReady)]
        case (.failedLoading(let reason), _):
            // "Loading failed" with retry (Enter, r); q gives up with status 1.
            model.view.phase = .loadingFailed(message: reason)
            model.releaseSplash()
            return []
        case (.applicationReady, _):
            return [.runStartupStep(.presentRoot)]
        case (.presentRoot, .rootPresented(let result)):
            rootPresented(result, &model)
            model.startupAfterFrame = .rootPostHooks(result)
            return []
        case (.rootPostHooks, _):
            return [.runStartupStep(.afterRootPresentation)]
        case (.afterRootPresentation, _):
            guard let url = model.deepLink else { return startupEnded(deepLink: nil, &model) }
            return [.runStartupStep(.continueUserActivity(url: url, app: model.view.app))]
        case (.continueUserActivity, .deepLinkFollowed(let outcome)):
            guard case .navigated(.presented(let screenID, let dataDict)) = outcome,
                let screen = decodedScreen(id: screenID, &model)
            else { return startupEnded(deepLink: outcome, &model) }
            linkedScreenPresented(screenID, &model)
            model.startupAfterFrame = .linkedScreenPostHooks(screen: screen, dataDict: dataDict)
            return []
        case (.linkedScreenPostHooks, _):
            return startupEnded(deepLink: nil, &model)
        case (.load, _), (.presentRoot, _), (.continueUserActivity, _):
            // A result no runtime reports for this step.
            return []
        }
    }

    /// Loads the app's data: the first load uses the app loaded before the terminal started
    /// (when it was), later ones (a retry after "Loading failed") read it again.
    static func loadAppData(isRetry: Bool, _ model: inout ShellModel) -> [ShellEffect] {
        let reuses = model.reusesLoadedApp
        model.reusesLoadedApp = false
        if !reuses { model.view.phase = .splash(message: "Loading \(model.view.app.name)…") }
        return [.runStartupStep(.load(app: model.view.app, reusesLoadedApp: reuses, isRetry: isRetry))]
    }

    /// Home was opened through the hooks: shown, or, when a hook blocked it, not shown: its area
    /// says which plugin blocked it, with Try again (the app still runs: menu, bar, go-to).
    static func rootPresented(_ result: NavigationResult, _ model: inout ShellModel) {
        switch result {
        case .shown(let step, _, _):
            model.view.navigation.apply(step)
        case .blocked(let identifier, let reason):
            let message = blockedMessage(identifier, reason, app: model.view.app)
            if let screenID = model.view.navigation.currentScreenID {
                model.view.blockedRoot = BlockedRoot(screenID: screenID, message: message)
            }
            model.notify(message, isError: true)
        case .openURL, .unavailable:
            break
        }
        model.view.phase = .running
        model.releaseSplash()
        revertMenuSelection(&model)
        model.screensWanted.formUnion(
            model.view.connect(itemID: model.view.navigation.rootItemID, target: model.view.navigation.currentScreenID))
        clampSelections(&model)
    }

    /// A deep link's screen: the root of its menu stack when a menu item opens it, else
    /// pushed on the current stack.
    static func linkedScreenPresented(_ screenID: String, _ model: inout ShellModel) {
        var navigation = model.view.navigation
        if let item = model.view.rootMenu.item(forScreen: screenID) {
            navigation.selectRoot(item.id, rootScreenID: screenID)
            navigation.stacks[item.id] = [screenID]
        } else {
            navigation.push(screenID)
        }
        show(navigation, &model)
        model.view.phase = .running
        model.releaseSplash()
        revertMenuSelection(&model)
    }

    /// The startup ended: a deep link that could not be followed is explained, and the login
    /// provider is asked who is signed in (a startup hook may have signed someone in).
    static func startupEnded(deepLink outcome: DeepLinkOutcome?, _ model: inout ShellModel) -> [ShellEffect] {
        model.isStartupComplete = true
        model.releaseSplash()
        switch outcome {
        case .unresolved(let reason)?:
            model.notify("Cannot open the link: \(reason)", isError: true)
        case .navigated(.blocked(let identifier, let reason))?:
            model.notify(blockedMessage(identifier, reason, app: model.view.app), isError: true)
        case .navigated(.presented)?, nil:
            break
        }
        return [.refreshSignedInUser(known: model.view.signedInUser)]
    }
}
