import Testing
import ZappCore
import ZappModel

@Suite struct NavBarManagerTests {
    let app = NavigationFixtures.app()

    @Test func contextButtonRule() {
        let side = NavigationBarManager(app: app, rootKind: .sideMenu)
        #expect(side.bar(for: "home", position: .root).contextButton == .menu)
        #expect(side.bar(for: "movies", position: .pushed).contextButton == .back)
        #expect(side.bar(for: "search", position: .presented).contextButton == .close)
        let tabs = NavigationBarManager(app: app, rootKind: .tabBar)
        #expect(tabs.bar(for: "home", position: .root).contextButton == .none)
        #expect(tabs.bar(for: "movies", position: .pushed).contextButton == .back)
        #expect(tabs.bar(for: "search", position: .presented).contextButton == .close)
    }

    @Test func rootKindComesFromTheMenuPlugin() {
        #expect(RootKind(app: NavigationFixtures.app()) == .sideMenu)
        #expect(RootKind(app: NavigationFixtures.app(rootClass: "ZappShell.TabBar")) == .tabBar)
        #expect(RootKind(app: NavigationFixtures.app(rootClass: "Com.Unknown.Menu")) == .sideMenu)
        #expect(RootKind(app: ZappApp(screens: [ScreenModel(id: "a", name: "A")], plugins: [])) == .sideMenu)
    }

    @Test("screens without a bar use home's as it is; only white-label screens force on_top")
    func screensWithoutABarUseHomes() {
        let manager = NavigationBarManager(app: app, rootKind: .sideMenu)
        let home = manager.bar(for: "home", position: .root)
        #expect(home.state == .overlay)
        #expect(!home.usesHomeFallback)
        for id in ["series", "__settings__", "__epg__"] {
            let bar = manager.bar(for: id, position: .root)
            #expect(bar.usesHomeFallback)
            #expect(bar.forcesOnTop == (id != "series"), "\(id)")
            #expect(bar.state == (id == "series" ? .overlay : .onTop), "\(id)")
            #expect(bar.style == .center)
            #expect(bar.buttons.count == home.buttons.count)
        }
        #expect(manager.bar(for: "__settings__", position: .root).title == "Settings")
        let movies = manager.bar(for: "movies", position: .root)
        #expect(movies.state == .hidden)
        #expect(movies.buttons.isEmpty)
    }

    @Test func navigationButtonKinds() {
        let manager = NavigationBarManager(app: app, rootKind: .sideMenu)
        let buttons = manager.bar(for: "home", position: .root).buttons
        #expect(buttons.map(\.kind) == [.screen, .screen, .url, .liveDrawer, .crossmates, .feed, .chromecast, .unavailable])
        #expect(buttons[0].isEnabled)
        #expect(!buttons[1].isEnabled, "a button whose target is the current screen is disabled")
        #expect(buttons[1].note == "already on this screen")
        #expect(buttons[2].target == "https://example.com")
        #expect(buttons[7].isEnabled, "a target that is no screen can be chosen: it says so")
        #expect(buttons[7].note == "no screen \"missing\"")
        let onSearch = manager.bar(for: "search", position: .presented).buttons
        #expect(!onSearch[0].isEnabled)
        #expect(onSearch[1].isEnabled)
    }

    @Test func presentationFallsBackToTitleWithoutALogo() {
        var screens = Array(app.screens)
        screens[0].navigations[0].assets.appLogo = nil
        let manager = NavigationBarManager(app: ZappApp(screens: screens, plugins: app.plugins), rootKind: .sideMenu)
        #expect(manager.bar(for: "home", position: .root).presentation == .title)
        #expect(NavigationBarManager(app: app, rootKind: .sideMenu).bar(for: "home", position: .root).presentation == .logo)
    }

    @Test func overflowKeepsRoomForTheOverflowButton() {
        #expect(NavigationBar.visibleButtonCount(widths: [5, 5, 5], available: 15, overflowWidth: 3) == 3)
        #expect(NavigationBar.visibleButtonCount(widths: [5, 5, 5], available: 14, overflowWidth: 3) == 2)
        #expect(NavigationBar.visibleButtonCount(widths: [5, 5, 5], available: 7, overflowWidth: 3) == 0)
    }
}
