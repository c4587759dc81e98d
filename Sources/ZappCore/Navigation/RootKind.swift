import ZappModel

/// The built-in root plugins: a side menu (supports the nav bar's menu button) or a bottom
/// tab bar (does not).
public enum RootKind: String, Sendable, Hashable, CaseIterable {
    case sideMenu = "side_menu"
    case tabBar = "tab_bar"

    /// Whether the root implements the nav bar's special (menu) action.
    public var supportsMenuButton: Bool { self == .sideMenu }

    /// The root an app uses: the `type: menu` plugin named by the home screen's menu
    /// `navigation_type` (`init(menuPlugin:)`); a missing plugin or no menu at all is a side menu.
    public init(app: ZappApp) {
        guard let type = app.homeScreen?.menu?.navigationType,
            let plugin = app.plugin(identifier: type), plugin.manifest.type == "menu"
        else {
            self = .sideMenu
            return
        }
        self.init(menuPlugin: plugin)
    }

    /// The root a menu plugin is: a tab bar when its class or identifier names a tab bar
    /// (`ZappShell.TabBar`, the native `ZappRoot.ZPNativeTabBarController` and `MATabBarAdapter`,
    /// identifiers such as `NativeTabBar-iOS`, `ZappRoot/TabBar` and Quick Brick's
    /// `quick-brick-bottom-tabs`: `PluginManifest.namesTabBar`), else a side menu
    /// (`ZappShell.SideMenu`, side-menu classes and every unknown class).
    public init(menuPlugin plugin: PluginConfiguration) {
        self = plugin.manifest.namesTabBar ? .tabBar : .sideMenu
    }
}
