import ZappCore
import ZappModel

/// One frame's layout: the regions of the UI (`ShellLayout`), the bar's parts (`BarLayout`), the
/// current screen's content laid out for its width (`ScreenContent`, while the app runs) and the
/// focusable items of every area. The update makes it once per change (`ShellModel.frame`) and
/// the keys, the feed requests, the image requests and drawing all read that one
/// (ARCHITECTURE.md, "The loop": one layout per frame).
public struct FrameLayout: Sendable {
    public var shell: ShellLayout
    /// The navigation bar's parts (nil without a bar on screen).
    public var bar: BarLayout?
    /// The current screen's navigation bar (`ShellViewState.currentBar`), worked out once for
    /// the frame's layout and drawing.
    public var navigationBar: NavigationBar?
    /// The current screen's content, as `ScreenAreaView` draws it; nil when no screen is shown
    /// (the splash, "Loading failed", no current screen).
    public var content: ScreenContent? = nil
    /// The selectable items of each area, in keyboard order, as they are drawn: the root menu's
    /// rows (side menu only while open), the bar's context button / buttons / overflow (the
    /// overflow list while it is open), the current screen's cells. None while too small or not
    /// running.
    private var rootMenuItems: [FocusableItem] = []
    private var barItems: [FocusableItem] = []

    public init(state: ShellViewState, columns: Int, rows: Int) {
        shell = ShellLayout(state: state, columns: columns, rows: rows)
        navigationBar = state.currentBar
        if let barRect = shell.barRect, let bar = navigationBar {
            self.bar = NavBarView.layout(
                bar, in: barRect, state: state, glyphs: state.glyphs, logo: shell.logoLines, logoImage: shell.logoImage)
        }
        guard state.phase == .running else { return }
        if let screen = state.currentScreen {
            content = ScreenContent(state: state, screen: screen, width: shell.contentRect.width - 2)
        }
        guard !shell.isTooSmall else { return }
        if state.rootMenu.kind == .sideMenu ? shell.sideMenuRect != nil : shell.tabBarRect != nil {
            rootMenuItems = RootMenuView.focusables(state)
        }
        if let bar, let model = navigationBar {
            barItems = state.isOverflowOpen ? NavBarView.overflowFocusables(model, layout: bar) : NavBarView.focusables(model, layout: bar)
        }
    }

    /// The selectable items of `area`, in keyboard order.
    public func focusables(in area: FocusArea) -> [FocusableItem] {
        switch area {
        case .rootMenu: return rootMenuItems
        case .navBar: return barItems
        case .screen: return shell.isTooSmall ? [] : content?.focusables ?? []
        }
    }
}
