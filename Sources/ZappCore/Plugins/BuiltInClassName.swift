/// The `api.class_name`s of ZappShell's built-in plugins (DESIGN.md section 4).
/// The menu and navigation-bar classes are descriptors known to ZappCore itself; the others
/// are registered in a `PluginCatalog` by ZappPlugins.
public enum BuiltInClassName {
    public static let sideMenu = "ZappShell.SideMenu"
    public static let tabBar = "ZappShell.TabBar"
    public static let navigationBar = "ZappShell.NavigationBar"
    public static let localLogin = "ZappShell.LocalLogin"
    public static let httpLogin = "ZappShell.HTTPLogin"
    public static let analytics = "ZappShell.Analytics"
    public static let gate = "ZappShell.Gate"
    public static let externalHook = "ZappShell.ExternalHook"
}
