/// The `api.class_name`s ZappShell provides itself (the table of built-in plugins in docs/plugins.md), with the manifest
/// `type` each one serves. Validation uses it to tell a known plugin from one that only
/// exists in the real SDK (a warning, not an error).
public enum BuiltInPluginClass: String, Sendable, Hashable, CaseIterable {
    case sideMenu = "ZappShell.SideMenu"
    case tabBar = "ZappShell.TabBar"
    case navigationBar = "ZappShell.NavigationBar"
    case localLogin = "ZappShell.LocalLogin"
    case httpLogin = "ZappShell.HTTPLogin"
    case analytics = "ZappShell.Analytics"
    case gate = "ZappShell.Gate"
    case externalHook = "ZappShell.ExternalHook"

    /// The manifest `type` this class serves.
    public var pluginType: String {
        switch self {
        case .sideMenu, .tabBar: return "menu"
        case .navigationBar: return "nav_bar"
        case .localLogin, .httpLogin: return "login"
        case .analytics, .gate, .externalHook: return "general"
        }
    }

    /// True for the root-menu classes.
    public var isMenu: Bool { pluginType == "menu" }
}
