import ZappModel

/// Where a navigation started; recorded in the trace.
public enum NavigationSource: String, Sendable, Hashable {
    case cell
    case navBar = "nav_bar"
    case rootMenu = "root_menu"
    case screenPicker = "screen_picker"
    case goTo = "go_to"
    case deepLink = "deep_link"
    case startup
}

/// The outcome of a hook chain for one navigation.
public enum HookChainResult: Sendable, Hashable {
    /// The target may be shown; `dataDict` is the final dictionary of the chain.
    case presented(screenID: String, dataDict: JSONObject?)
    /// A flow-blocking hook failed: the target is not shown and the user stays where they were.
    case blocked(by: String, reason: String)
}

/// The one entry point every screen change goes through (cells, nav-bar buttons, root-menu
/// items, go-to, deep links): runs the target's pre hooks, and once the caller has shown the
/// target, its post hooks.
public protocol ScreenOpening: Sendable {
    /// Runs the target's pre hooks; the caller shows the target only on `.presented`.
    func runPreHooks(for target: ScreenModel, from source: NavigationSource, dataDict: JSONObject?) async
        -> HookChainResult
    /// Runs the target's post hooks after it has been shown; they cannot un-present it.
    func runPostHooks(for target: ScreenModel, dataDict: JSONObject?) async
}
