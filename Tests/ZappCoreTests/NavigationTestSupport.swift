import ZappCore
import ZappModel

/// A fake hook manager for navigation tests: records every screen it was asked to open and
/// blocks the screens listed in `blocked`.
actor FakeScreenOpener: ScreenOpening {
    private(set) var opened: [(String, NavigationSource)] = []
    private(set) var postHooks: [String] = []
    let blocked: Set<String>

    init(blocked: Set<String> = []) {
        self.blocked = blocked
    }

    func runPreHooks(for target: ScreenModel, from source: NavigationSource, dataDict: JSONObject?) async -> HookChainResult {
        opened.append((target.id, source))
        if blocked.contains(target.id) { return .blocked(by: "gate", reason: "User has closed hook execution") }
        return .presented(screenID: target.id, dataDict: ["from": .string(source.rawValue)])
    }

    func runPostHooks(for target: ScreenModel, dataDict: JSONObject?) async {
        postHooks.append(target.id)
    }

    var openedIDs: [String] { opened.map(\.0) }
}

/// A small side-menu app: home (with a nav bar and a menu), movies, series (no bar), gated.
enum NavigationFixtures {
    static func app(rootClass: String = "ZappShell.SideMenu") -> ZappApp {
        let bar = NavigationModel(
            category: .navBar,
            navItems: [
                NavItem(id: "b-search", title: "Search", type: "button", data: NavItemData(target: "search")),
                NavItem(id: "b-home", title: "Home", type: "button", data: NavItemData(target: "home")),
                NavItem(id: "b-web", title: "Web", type: "button", data: NavItemData(target: "https://example.com")),
                NavItem(id: "b-live", title: "Live", type: "live_drawer"),
                NavItem(id: "b-cm", title: "Crossmates", type: "applicaster_crossmates"),
                NavItem(id: "b-feed", title: "Feed", type: "applicaster_feed"),
                NavItem(id: "b-cast", title: "Cast", type: "chromecast"),
                NavItem(id: "b-bad", title: "Nowhere", type: "button", data: NavItemData(target: "missing")),
            ],
            styles: NavBarStyles(presentationStyle: .logo, style: .center, state: .overlay),
            assets: NavBarAssets(appLogo: "logo.txt"))
        let menu = NavigationModel(
            category: .menu, navigationType: "root",
            navItems: [
                NavItem(id: "m-home", title: "Home", type: "label", data: NavItemData(target: "home")),
                NavItem(id: "m-movies", title: "", type: "label", data: NavItemData(target: "movies")),
                NavItem(id: "m-h", title: "More", type: "header"),
                NavItem(id: "m-nest", title: "Browse", type: "collapsed", navItems: [
                    NavItem(id: "m-series", title: "Series", type: "label", data: NavItemData(target: "series")),
                ]),
                NavItem(id: "m-web", title: "Site", type: "label", data: NavItemData(target: "https://example.com")),
                NavItem(id: "m-gated", title: "Premium", type: "label", data: NavItemData(target: "gated")),
                NavItem(id: "m-epg", title: "", type: "applicaster_epg"),
                NavItem(id: "m-settings", title: "Settings", type: "applicaster_settings"),
                NavItem(id: "m-bad", title: "Broken", type: "label", data: NavItemData(target: "missing")),
            ])
        let movieBar = NavigationModel(category: .navBar, styles: NavBarStyles(presentationStyle: .title, style: .left, state: .hidden))
        return ZappApp(
            screens: [
                ScreenModel(id: "home", name: "Home", isHome: true, navigations: [bar, menu]),
                ScreenModel(id: "movies", name: "Movies", navigations: [movieBar]),
                ScreenModel(id: "series", name: "Series"),
                ScreenModel(id: "search", name: "Search"),
                ScreenModel(id: "gated", name: "Premium"),
            ],
            plugins: [PluginConfiguration(manifest: PluginManifest(identifier: "root", type: "menu", api: PluginAPI(className: rootClass)))])
    }
}
