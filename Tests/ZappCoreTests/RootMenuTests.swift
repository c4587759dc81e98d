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
        #expect(!menu.items[8].isSelectable)
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
}
