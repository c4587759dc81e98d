import ZappCore
import ZappModel

/// A screen change the update asks for; the runtime performs it through the `Navigator`
/// (or the screen-picker helper), so that the target's hooks run first.
public enum NavigationRequest: Sendable, Hashable {
    /// Show a root-menu item's stack.
    case selectRootItem(String)
    /// Push a screen (by id or name) on the current stack.
    case push(String, source: NavigationSource)
    /// Present a screen as a new stack with a close button (nav-bar buttons).
    case present(String, source: NavigationSource)
    /// "Go to screen" (`g`).
    case goTo(String)
    /// Switch a screen picker from tab `from` to tab `to`, whose screen is `target`.
    case selectTab(componentID: String, from: Int, to: Int, target: String)
    /// Push the screen `content_types.json` maps a feed entry's type to, with
    /// `{"entry": <entry>}` in the hooks' dataDict.
    case openEntry(screenID: String, entry: FeedEntry)
}

/// What a navigation request came to.
public enum NavigationOutcome: Sendable, Hashable {
    /// A navigator request's result.
    case navigation(NavigationResult)
    /// A screen-picker tab switch's decision.
    case tab(componentID: String, decision: ScreenPickerHookHelper.Decision)
}
