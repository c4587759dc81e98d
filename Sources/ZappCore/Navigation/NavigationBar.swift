import ZappModel

/// The navigation bar of one screen, resolved from its `nav_bar` model (or home's) and the
/// screen's place in its stack: what the UI lays out and draws.
public struct NavigationBar: Sendable, Hashable {
    /// The screen it belongs to.
    public var screenID: String
    /// The screen's name (the title label).
    public var title: String
    public var style: BarStyle
    /// The model's custom `style` (neither left nor center), drawn as left: named in the status.
    public var customStyle: String?
    /// The configured presentation; `logo` without an `app_logo` is already `title` here.
    public var presentation: PresentationStyle
    public var state: BarState
    public var contextButton: ContextButton
    public var buttons: [NavigationButton]
    public var styles: NavBarStyles
    public var assets: NavBarAssets
    /// True when the screen has no bar of its own and home's is used as it is.
    public var usesHomeFallback: Bool
    /// True for a white-label screen (Settings, EPG) using home's bar: its state is forced
    /// `on_top` (the nav-bar document), whatever home's says or `S` asks.
    public var forcesOnTop: Bool
    /// True when no bar model exists at all (defaults are used).
    public var isDefault: Bool

    public init(
        screenID: String, title: String, style: BarStyle = .left, presentation: PresentationStyle = .title,
        state: BarState = .onTop, contextButton: ContextButton = .none, buttons: [NavigationButton] = [],
        styles: NavBarStyles = NavBarStyles(), assets: NavBarAssets = NavBarAssets(),
        usesHomeFallback: Bool = false, forcesOnTop: Bool = false, isDefault: Bool = false
    ) {
        self.screenID = screenID
        self.title = title
        self.style = style
        self.presentation = presentation
        self.state = state
        self.contextButton = contextButton
        self.buttons = buttons
        self.styles = styles
        self.assets = assets
        self.usesHomeFallback = usesHomeFallback
        self.forcesOnTop = forcesOnTop
        self.isDefault = isDefault
    }

    /// How many buttons (in order) fit when laid out: buttons of the given widths are placed
    /// while their total stays within `available`; when some do not fit, room is kept for an
    /// overflow button of `overflowWidth` that lists the rest. Never drops a button silently.
    public static func visibleButtonCount(widths: [Int], available: Int, overflowWidth: Int) -> Int {
        let total = widths.reduce(0, +)
        if total <= available { return widths.count }
        var used = overflowWidth
        var count = 0
        for width in widths {
            guard used + width <= available else { break }
            used += width
            count += 1
        }
        return count
    }
}
