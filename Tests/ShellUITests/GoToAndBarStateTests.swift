import ShellCore
import ShellUI
import Testing
import ZappCore
import ZappModel

/// The go-to palette's order, and `S` on screens that use home's bar.
@Suite("go to, and bars of white-label screens")
struct GoToAndBarStateTests {
    @Test("go to: a screen whose id or name is exactly the filter comes first")
    func exactMatchFirst() {
        let screens = [
            ScreenModel(id: "home", name: "Home", isHome: true, navigations: [Fixtures.menu]),
            ScreenModel(id: "premium-matches", name: "Premium Matches"),
            ScreenModel(id: "premium", name: "Premium"),
            ScreenModel(id: "go-premium", name: "Premium"),
        ]
        var state = ShellViewState(app: ZappApp(screens: screens, plugins: [], name: "fixture"))
        state.overlay = .goTo(filter: "premium", selection: 0)
        #expect(state.goToCandidates.map(\.id) == ["premium", "go-premium", "premium-matches"])
        state.overlay = .goTo(filter: "PREMIUM MATCHES", selection: 0)
        #expect(state.goToCandidates.map(\.id) == ["premium-matches"])
        state.overlay = .goTo(filter: "prem", selection: 0)
        #expect(state.goToCandidates.map(\.id) == ["premium-matches", "premium", "go-premium"])
    }

    @Test("S on Settings, the guide or another screen using home's bar leaves it on top, and says so")
    func whiteLabelStaysOnTop() throws {
        let app = Fixtures.app(bar: Fixtures.navBar(state: .overlay))
        for screen in [SyntheticScreen.settings.rawValue, SyntheticScreen.epg.rawValue, "series"] {
            var model = ShellModel(view: Fixtures.state(app, screen: screen), columns: 80, rows: 24)
            #expect(model.view.currentBar?.state == .onTop, "\(screen)")
            _ = ShellUpdate.update(&model, .terminal(.key(.character("S"))))
            #expect(model.view.currentBar?.state == .onTop, "\(screen)")
            #expect(model.view.toast?.text == "Bar state: on_top (this screen uses home's bar, always on top)")
        }
        var home = ShellModel(view: Fixtures.state(app, screen: "home"), columns: 80, rows: 24)
        _ = ShellUpdate.update(&home, .terminal(.key(.character("S"))))
        #expect(home.view.currentBar?.state == .hidden)
    }
}
