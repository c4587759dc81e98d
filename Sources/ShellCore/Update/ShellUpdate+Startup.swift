import ZappCore
import ZappModel

/// Applying what the startup sequence reports: a reloaded app, the root, a deep link's
/// screen, and how the startup ended.
extension ShellUpdate {
    /// Home was opened through the hooks: shown, or left as the initial state with the reason
    /// when a hook blocked it (the app still runs).
    static func rootPresented(_ result: NavigationResult, _ model: inout ShellModel) {
        switch result {
        case .shown(let state, _, _):
            model.view.navigation = state
        case .blocked(let identifier, let reason):
            model.notify(blockedMessage(identifier, reason), isError: true)
        case .openURL, .unavailable:
            break
        }
        model.view.phase = .running
        model.releaseSplash()
        model.view.menuSelection = currentRootMenuIndex(model)
        model.view.connect(itemID: model.view.navigation.rootItemID, target: model.view.navigation.currentScreenID)
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
        model.view.menuSelection = currentRootMenuIndex(model)
    }

    /// The startup ended: a deep link that could not be followed is explained; loading that
    /// failed for good ends the app with status 1.
    static func startupEnded(_ outcome: StartupOutcome, _ model: inout ShellModel) -> [ShellEffect] {
        model.isStartupComplete = true
        model.releaseSplash()
        switch outcome {
        case .loadingFailed:
            return model.exitStatus == nil ? quit(&model, status: 1) : []
        case .started(.unresolved(let reason)?):
            model.notify("Cannot open the link: \(reason)", isError: true)
        case .started(.navigated(.blocked(let identifier, let reason))?):
            model.notify(blockedMessage(identifier, reason), isError: true)
        case .started(.navigated(.presented)?), .started(nil):
            break
        }
        return []
    }
}
