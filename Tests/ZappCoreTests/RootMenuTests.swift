import Testing
import ZappCore
import ZappModel

@Suite struct RootMenuTests {
    @Test func itemsFromTheHomeMenu() {
        let menu = RootMenu(app: NavigationFixtures.app())
        #expect(menu.kind == .sideMenu)
        #expect(menu.navigationType == "root")
        #expect(menu.homeScreenID == "home")
        #expect(menu.homeItemID == "m-home")
        let kinds = menu.items.map(\.kind)
        #expect(kinds[0] == .screen("home"))
        #expect(kinds[1] == .screen("movies"))
        #expect(menu.items[1].title == "Movies", "an untitled label takes its screen's name")
        #expect(kinds[2] == .header)
        #expect(kinds[3] == .nested)
        #expect(kinds[4] == .url("https://example.com"))
        #expect(kinds[6] == .epg)
        #expect(menu.items[6].title == "EPG")
        #expect(kinds[7] == .settings)
        #expect(kinds[8] == .unavailable(reason: "no screen \"missing\""))
        #expect(!menu.items[2].isSelectable)
        #expect(menu.items[8].isSelectable, "choosing an item whose screen is missing says so")
    }

    @Test func nestedItemsAppearWhenExpanded() {
        let menu = RootMenu(app: NavigationFixtures.app())
        #expect(!menu.visibleItems(expanded: []).contains { $0.item.id == "m-series" })
        let expanded = menu.visibleItems(expanded: ["m-nest"])
        let series = expanded.first { $0.item.id == "m-series" }
        #expect(series?.depth == 1)
        #expect(menu.item(forScreen: "series")?.id == "m-series")
    }

    @Test func homeWithoutAMenuItemUsesTheImplicitHomeEntry() {
        let app = ZappApp(screens: [ScreenModel(id: "only", name: "Only", isHome: true)], plugins: [])
        let menu = RootMenu(app: app)
        #expect(menu.items.isEmpty)
        #expect(menu.homeItemID == RootMenu.homeItemID)
        #expect(Navigator(app: app, rootMenu: menu, opener: FakeScreenOpener()).initialState.currentScreenID == "only")
    }

    @Test("WEB_URL items open their page; types are matched in any case; other types are unsupported")
    func webPagesTypeCaseAndUnsupportedTypes() {
        let menu = NavigationModel(
            category: .menu, navigationType: "root",
            navItems: [
                NavItem(id: "site", title: "Site", type: "WEB_URL", data: NavItemData(source: "https://example.com/help")),
                NavItem(id: "site-target", title: "Shop", type: "web_url", data: NavItemData(target: "https://shop.example.com")),
                NavItem(id: "site-none", title: "Nowhere", type: "WEB_URL", data: NavItemData(source: "help")),
                NavItem(id: "home", title: "Home", type: "LABEL", data: NavItemData(target: "home")),
                NavItem(id: "live", title: "Live", type: "live_drawer"),
            ])
        let app = ZappApp(screens: [ScreenModel(id: "home", name: "Home", isHome: true, navigations: [menu])], plugins: [])
        let kinds = RootMenu(app: app, kind: .tabBar).items.map(\.kind)
        #expect(kinds == [
            .url("https://example.com/help"), .url("https://shop.example.com"), .unavailable(reason: "no web address"),
            .screen("home"), .unsupported(type: "live_drawer"),
        ])
    }
}
