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
    /// `quick-brick-bottom-tabs`), else a side menu (`ZappShell.SideMenu`, side-menu classes and
    /// every unknown class). This is the one place that maps menu classes to roots.
    public init(menuPlugin plugin: PluginConfiguration) {
        let names = [plugin.manifest.api.className, plugin.identifier].compactMap { $0 }
        self = names.contains(where: Self.namesTabBar) ? .tabBar : .sideMenu
    }

    /// True for a class name or identifier that names a tab bar: "tabbar" or "bottomtabs" in it,
    /// ignoring case and the separators `. - _ /` and spaces.
    static func namesTabBar(_ name: String) -> Bool {
        let folded = String(name.lowercased().filter { !".-_/ ".contains($0) })
        return folded.contains("tabbar") || folded.contains("bottomtabs")
    }
}
