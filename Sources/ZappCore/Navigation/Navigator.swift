import ZappModel

/// Moves between screens: a stack per root-menu item, pushes, stacks presented from the nav
/// bar (closed with close), and return to home. Every screen that is opened goes through
/// `ScreenOpening` (the screen-hook manager). Going back or closing shows a screen that is
/// already open and runs no hooks, so it is `NavigationState.dismiss()`, applied by the update
/// directly. The navigator holds no state: it takes the current `NavigationState` and answers
/// with a `NavigationStep`, which the update applies to the stacks as they are by then.
public struct Navigator: Sendable {
    public let app: ZappApp
    public let rootMenu: RootMenu
    public let opener: any ScreenOpening

    public init(app: ZappApp, rootMenu: RootMenu, opener: any ScreenOpening) {
        self.app = app
        self.rootMenu = rootMenu
        self.opener = opener
    }

    /// The state before anything is shown: home selected, hooks not run.
    public var initialState: NavigationState {
        let home = rootMenu.homeScreenID ?? app.screens.first?.id ?? SyntheticScreen.settings.rawValue
        return NavigationState.showing(home, as: .root, rootItemID: rootMenu.homeItemID, rootScreenID: home)
    }

    /// Opens home as the first screen, through the hook manager (source `startup`).
    public func start() async -> NavigationResult {
        let state = initialState
        guard let id = state.currentScreenID, let screen = app.anyScreen(id: id) else {
            return .unavailable(reason: "the app has no screens")
        }
        return await open(
            screen, from: .startup, dataDict: nil,
            step: .selectRoot(itemID: state.rootItemID, rootScreenID: id, resetting: true))
    }

    /// Chooses a root-menu item: its stack is shown (made if new); URLs are handed back.
    public func selectRootItem(_ itemID: String, in state: NavigationState) async -> NavigationResult {
        guard let item = rootMenu.item(id: itemID) else {
            if itemID == RootMenu.homeItemID { return await returnHome(in: state) }
            return .unavailable(reason: "no menu item \"\(itemID)\"")
        }
        switch item.kind {
        case .url(let url): return .openURL(url)
        case .unavailable(let reason): return .unavailable(reason: "\(item.title): \(reason)")
        case .header, .nested: return .unavailable(reason: "\(item.title) is not a screen")
        case .unsupported(let type): return .unavailable(reason: "\(item.title): \(type) is not supported")
        case .screen, .epg, .settings: break
        }
        guard let rootID = item.screenID, let screen = app.anyScreen(id: rootID) else {
            return .unavailable(reason: "\(item.title): no screen")
        }
        let shownID = state.stacks[itemID]?.last ?? rootID
        let target = app.anyScreen(id: shownID) ?? screen
        return await open(target, from: .rootMenu, dataDict: nil, step: .selectRoot(itemID: itemID, rootScreenID: rootID, resetting: false))
    }

    /// Pushes a screen on the current stack (cells, screen-picker targets, deep links).
    public func push(
        _ target: String, from source: NavigationSource, dataDict: JSONObject? = nil, in state: NavigationState
    ) async -> NavigationResult {
        await open(target, from: source, dataDict: dataDict) { .push($0) }
    }

    /// Presents a screen as the root of a new stack with a close button (nav-bar buttons).
    public func present(
        _ target: String, from source: NavigationSource, dataDict: JSONObject? = nil, in state: NavigationState
    ) async -> NavigationResult {
        await open(target, from: source, dataDict: dataDict) { .present($0) }
    }

    /// Opens a target given as a screen id or name, or a web URL, placed by the step `place`
    /// makes of the screen's id.
    private func open(
        _ target: String, from source: NavigationSource, dataDict: JSONObject?, place: (String) -> NavigationStep
    ) async -> NavigationResult {
        if target.isWebURL { return .openURL(target) }
        guard let screen = app.anyScreen(idOrName: target) else {
            return .unavailable(reason: "no screen \"\(target)\"")
        }
        return await open(screen, from: source, dataDict: dataDict, step: place(screen.id))
    }

    /// Opens a screen found by "go to": the root of its menu stack when a menu item opens it,
    /// else pushed on the current stack.
    public func goTo(_ target: String, in state: NavigationState) async -> NavigationResult {
        guard let screen = app.anyScreen(idOrName: target) else {
            return .unavailable(reason: "no screen \"\(target)\"")
        }
        if let item = rootMenu.item(forScreen: screen.id) {
            return await open(screen, from: .goTo, dataDict: nil, step: .selectRoot(itemID: item.id, rootScreenID: screen.id, resetting: true))
        }
        if screen.id == rootMenu.homeScreenID { return await returnHome(in: state) }
        return await push(screen.id, from: .goTo, in: state)
    }

    /// Returns to home: presented stacks closed, home's stack reset to home, through the hooks.
    public func returnHome(in state: NavigationState) async -> NavigationResult {
        guard let homeID = rootMenu.homeScreenID, let home = app.anyScreen(id: homeID) else {
            return .unavailable(reason: "the app has no home screen")
        }
        return await open(
            home, from: .rootMenu, dataDict: nil, step: .selectRoot(itemID: rootMenu.homeItemID, rootScreenID: homeID, resetting: true))
    }

    /// Runs the post hooks of a shown target; call it once the UI has drawn the screen.
    public func finish(_ result: NavigationResult) async {
        guard case .shown(_, let screen, let dataDict) = result else { return }
        await opener.runPostHooks(for: screen, dataDict: dataDict)
    }

    private func open(
        _ screen: ScreenModel, from source: NavigationSource, dataDict: JSONObject?, step: NavigationStep
    ) async -> NavigationResult {
        switch await opener.runPreHooks(for: screen, from: source, dataDict: dataDict) {
        case .presented(_, let finalDict):
            return .shown(step: step, screen: screen, dataDict: finalDict)
        case .blocked(let identifier, let reason):
            return .blocked(by: identifier, reason: reason)
        }
    }
}
