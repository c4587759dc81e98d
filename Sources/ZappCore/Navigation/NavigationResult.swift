import ZappModel

/// What a navigation request came to; the UI acts on it (and reverts a menu or tab
/// selection when the target was not shown).
public enum NavigationResult: Sendable, Hashable {
    /// The target is shown, placed by `step` on the stacks as they are then; run
    /// `Navigator.finish` after drawing it.
    case shown(step: NavigationStep, screen: ScreenModel, dataDict: JSONObject?)
    /// A flow-blocking hook failed: the user stays where they were.
    case blocked(by: String, reason: String)
    /// The target is a web URL: the UI shows or opens it; navigation is unchanged.
    case openURL(String)
    /// Nothing to do (e.g. back at a stack root, an unknown target); the reason is for a toast.
    case unavailable(reason: String)

    /// True when the target was shown.
    public var isShown: Bool {
        if case .shown = self { return true }
        return false
    }
}
