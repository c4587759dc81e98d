import ZappModel

/// The built-in root plugins: a side menu (supports the nav bar's menu button) or a bottom
/// tab bar (does not).
public enum RootKind: String, Sendable, Hashable, CaseIterable {
    case sideMenu = "side_menu"
    case tabBar = "tab_bar"

    /// Whether the root implements the nav bar's special (menu) action.
    public var supportsMenuButton: Bool { self == .sideMenu }

    /// The root an app uses: the `type: menu` plugin named by the home screen's menu
    /// `navigation_type`. `ZappShell.TabBar` is a tab bar; any other menu plugin, a missing
    /// plugin or no menu at all is a side menu (the design's fallback for unknown classes).
    public init(app: ZappApp) {
        guard let type = app.homeScreen?.menu?.navigationType,
            let plugin = app.plugin(identifier: type), plugin.manifest.type == "menu"
        else {
            self = .sideMenu
            return
        }
        self = plugin.manifest.api.className == "ZappShell.TabBar" ? .tabBar : .sideMenu
    }
}
