import Foundation
import ShellCore
import ShellUI
import ZappCore
import ZappModel

/// Small in-test apps, independent of the demo app, so snapshots stay stable.
enum Fixtures {
    static let logo = ["  _____  ", " |_  / | ", "  /___|  "]

    static func navBar(
        style: BarStyle = .left, presentation: PresentationStyle = .title, state: BarState = .onTop,
        buttons: [NavItem] = defaultButtons, background: String? = "#FF203040", logo: String? = "assets/logo.txt"
    ) -> NavigationModel {
        NavigationModel(
            id: "bar", category: .navBar, navigationType: "nav_bar_plugin", navItems: buttons,
            styles: NavBarStyles(
                backgroundColor: background.flatMap { ZappColor(hex: $0) }, titleColor: ZappColor(hex: "#FFFFFFFF"),
                presentationStyle: presentation, style: style, state: state),
            assets: NavBarAssets(appLogo: logo))
    }

    static let defaultButtons: [NavItem] = [
        NavItem(id: "b-search", title: "Search", type: "button", data: NavItemData(target: "search")),
        NavItem(id: "b-help", title: "Help", type: "button", data: NavItemData(target: "https://example.com/help", source: "URL", type: "WEB_URL")),
    ]

    static let menu = NavigationModel(
        id: "menu", category: .menu, navigationType: "menu_plugin",
        navItems: [
            NavItem(id: "m-home", title: "Home", type: "label", data: NavItemData(target: "home")),
            NavItem(id: "m-movies", title: "Movies", type: "label", data: NavItemData(target: "movies")),
            NavItem(id: "m-header", title: "More", type: "header"),
            NavItem(
                id: "m-browse", title: "Browse", type: "nested_menu",
                navItems: [NavItem(id: "m-series", title: "Series", type: "label", data: NavItemData(target: "series"))]),
            NavItem(id: "m-epg", title: "Guide", type: "applicaster_epg"),
            NavItem(id: "m-settings", title: "Settings", type: "applicaster_settings"),
        ])

    static let homeComponents: [UIComponent] = [
        UIComponent(
            id: "hero", componentType: "hero", position: 0,
            data: ["items": [["title": "The Northern Line", "subtitle": "New season", "target": "movies"]]]),
        UIComponent(
            id: "latest", componentType: "list", position: 1,
            data: ["title": "Latest", "items": [
                ["title": "Harbour Lights", "subtitle": "Drama", "target": "series"],
                ["title": "Coming soon"],
            ]]),
        UIComponent(
            id: "genres", componentType: "grid", position: 2,
            data: ["title": "Genres", "items": [["title": "Comedy", "target": "movies"], ["title": "Crime", "target": "series"], ["title": "Nature"]]]),
        UIComponent(id: "empty", componentType: "grid", position: 3, data: ["title": "Empty"]),
    ]

    /// A side-menu app (or a tab-bar app) whose home bar is configurable.
    static func app(
        bar: NavigationModel = navBar(), homeName: String = "Home", rootClass: String = "ZappShell.SideMenu",
        homeComponents: [UIComponent] = homeComponents
    ) -> ZappApp {
        let screens = [
            ScreenModel(id: "home", name: homeName, isHome: true, navigations: [bar, menu], uiComponents: homeComponents),
            ScreenModel(
                id: "movies", name: "Movies", navigations: [navBar(style: .center, presentation: .title)],
                uiComponents: [UIComponent(id: "movies-list", componentType: "list", data: ["title": "Films", "items": [["title": "Solaris", "target": "series"]]])]),
            ScreenModel(id: "series", name: "Series", uiComponents: [
                UIComponent(id: "series-picker", componentType: "screen_picker", data: ["items": [
                    ["title": "Movies", "target": "movies"], ["title": "Home", "target": "home"],
                ]]),
            ]),
            ScreenModel(id: "search", name: "Search", navigations: [navBar(state: .onTop, buttons: [])]),
        ]
        let plugins = [
            PluginConfiguration(manifest: PluginManifest(identifier: "menu_plugin", type: "menu", api: PluginAPI(className: rootClass))),
            PluginConfiguration(manifest: PluginManifest(identifier: "nav_bar_plugin", type: "nav_bar", api: PluginAPI(className: "ZappShell.NavigationBar"))),
        ]
        return ZappApp(screens: screens, plugins: plugins, name: "fixture")
    }

    static func state(_ app: ZappApp, screen: String? = nil, as position: StackPosition = .root) -> ShellViewState {
        var state = ShellViewState(app: app, assets: AssetStore(texts: ["assets/logo.txt": logo]))
        if let screen {
            let home = state.rootMenu.homeScreenID ?? "home"
            let item = state.rootMenu.item(forScreen: screen)?.id ?? state.rootMenu.homeItemID
            state.navigation = .showing(screen, as: position, rootItemID: position == .root ? item : state.rootMenu.homeItemID, rootScreenID: home)
        }
        return state
    }

    /// Renders a state to plain text.
    static func frame(_ state: ShellViewState, _ columns: Int = 80, _ rows: Int = 24) -> String {
        var canvas = Canvas(columns: columns, rows: rows)
        ShellView.render(state, into: &canvas)
        return canvas.plainText
    }
}
