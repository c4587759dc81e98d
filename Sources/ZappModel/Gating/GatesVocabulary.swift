/// The words of the gates report (`zapp-shell gates`): what a hook is, how a screen is reached,
/// what a hook does in one session state, and what that means for the screen. They are here,
/// beside the schemas, so that `zapp-shell schema gates` lists exactly the values the report
/// writes (ZappCore's `GatesReport`).
public enum HookKind: String, Sendable, Hashable, CaseIterable {
    /// A login plugin (`ZappShell.LocalLogin`, `ZappShell.HTTPLogin`, or a login of an unknown class).
    case login
    /// `ZappShell.Gate`: terms or a PIN.
    case gate
    /// A plugin of a class not built into ZappShell, answered by the stand-in pane.
    case standIn = "stand-in"
    /// `ZappShell.ExternalHook`: an executable decides.
    case external
    /// `ZappShell.Analytics`.
    case analytics
    /// Another class of the catalog.
    case other
    /// No plugin with the hook's identifier: skipped.
    case missing
    /// The plugin is not available (a bad configuration_json, a repeated identifier): skipped.
    case unavailable
    /// The plugin is no screen hook (a menu, a navigation bar): skipped.
    case notAHook = "not-a-hook"
}

/// How a user reaches a screen.
public enum ScreenReachKind: String, Sendable, Hashable, CaseIterable {
    /// The first screen shown.
    case home
    /// An item of the root menu (side menu or tab bar).
    case rootMenu = "root-menu"
    /// A `button` of a screen's navigation bar.
    case navBar = "nav-bar"
    /// A cell of a UI component (its `data.target` or its items' targets).
    case component
    /// A tab of a screen picker.
    case screenPicker = "screen-picker"
    /// A feed entry whose type `content_types.json` maps to the screen.
    case contentType = "content-type"
    /// The screen is a hook's screen (`screen_id`), shown by the hook, not navigated to.
    case hookScreen = "hook-screen"
}

/// What one hook does when a screen is opened in one session state.
public enum HookDecision: String, Sendable, Hashable, CaseIterable {
    /// Counts as succeeded without asking anyone (no pane, or presentation not requested).
    case passes
    /// Shows a pane or runs an external program: its answer decides.
    case asks
    /// Fails without asking anyone: its presentation is refused and its own logic says no (a
    /// login whose user does not comply while `allow_screen_plugin_presentation` is false).
    case fails
    /// Skipped (no plugin, not available, not a screen hook).
    case skipped
}

/// What opening a screen means in one session state.
public enum GateOutcome: String, Sendable, Hashable, CaseIterable {
    /// No hook asks: the screen is presented.
    case open
    /// A hook asks, but none that stops the navigation: the screen is presented either way.
    case asks
    /// A flow-blocking hook asks: the screen is presented only when it succeeds.
    case gated
    /// A flow-blocking hook fails without asking: the screen is never presented in this session.
    case blocked
}
