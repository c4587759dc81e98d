import ZappCore
import ZappModel

/// What activating something on screen does. Focusable items and hit-map regions carry one,
/// so Enter on a selected item and a mouse click on it do the same thing. The update code
/// performs it (most go through the `Navigator`).
public enum ShellAction: Sendable, Hashable {
    /// Choose a root-menu item (side menu or tab bar) by id.
    case selectRootItem(String)
    /// Expand or collapse a nested root-menu item by id.
    case toggleNested(String)
    /// Open or close the side menu.
    case toggleSideMenu
    /// The bar's context button (menu, back or close).
    case contextButton(ContextButton)
    /// A navigation button of the bar.
    case navigationButton(NavigationButton)
    /// Open or close the bar's overflow list.
    case toggleOverflow
    /// A cell with a target: a screen id (pushed) or a URL.
    case openTarget(String)
    /// A cell without a target (or a placeholder): nothing opens; the text is for a toast.
    case inert(String)
    /// Switch a screen picker's tab: the component id and the tab index.
    case selectTab(componentID: String, index: Int)
    /// Focus a field of the top pane.
    case focusPaneField(Int)
    /// Press a button of the top pane (by index in its buttons).
    case pressPaneButton(Int)
    /// Close the top pane (Esc, or its back button when pushed): the hook sees it disappear.
    case dismissPane
    /// Settings: switch to the next theme.
    case nextTheme
    /// Settings: sign out.
    case signOut
    /// Go-to overlay: open this screen id.
    case goTo(String)
    /// Loading failed: retry.
    case retry
    /// A blocked root screen: open it again through its hooks.
    case retryBlockedRoot
    /// A feed entry: its content-type screen, a list of the feed it links to, or its details.
    case openEntry(FeedEntry)
    /// Load a feed again, bypassing the session cache (`r`).
    case retryFeed(String)
    /// Load the next page of a feed and append its entries (the "More entries" button).
    case loadNextPage(String)
    /// Close the open overlay (help, go-to).
    case closeOverlay
    /// The Account pane's row (by index in `AccountPane.rows`): chosen as Enter chooses it; the
    /// typed-name row with no name yet only takes the cursor.
    case chooseAccountRow(Int)
}
