import Testing
import ZappCore
import ZappModel

@Suite struct NavigatorTests {
    let app = NavigationFixtures.app()

    func navigator(blocked: Set<String> = []) -> (Navigator, FakeScreenOpener) {
        let opener = FakeScreenOpener(blocked: blocked)
        return (Navigator(app: app, rootMenu: RootMenu(app: app), opener: opener), opener)
    }

    /// The state a shown result's step makes of `state`.
    func shownState(_ result: NavigationResult, from state: NavigationState) -> NavigationState? {
        if case .shown(let step, _, _) = result { return state.applying(step) }
        return nil
    }

    @Test func startsOnHomeThroughTheHookManager() async throws {
        let (navigator, opener) = navigator()
        let result = await navigator.start()
        let state = try #require(shownState(result, from: navigator.initialState))
        #expect(state.currentScreenID == "home")
        #expect(state.rootItemID == "m-home")
        #expect(state.position == .root)
        #expect(await opener.opened.map(\.1) == [.startup])
    }

    @Test func pushBackAndPresentClose() async throws {
        let (navigator, opener) = navigator()
        var state = navigator.initialState
        state = try #require(shownState(await navigator.push("movies", from: .cell, in: state), from: state))
        #expect(state.currentStack == ["home", "movies"])
        #expect(state.position == .pushed)
        state = try #require(shownState(await navigator.present("search", from: .navBar, in: state), from: state))
        #expect(state.currentScreenID == "search")
        #expect(state.position == .presented)
        state = try #require(shownState(await navigator.push("series", from: .cell, in: state), from: state))
        #expect(state.position == .pushed)
        #expect(state.presented == [["search", "series"]])
        var dismissed = state.dismiss()
        #expect(dismissed && state.currentScreenID == "search")
        dismissed = state.dismiss()
        #expect(dismissed && state.currentStack == ["home", "movies"])
        dismissed = state.dismiss()
        #expect(dismissed && state.currentScreenID == "home")
        dismissed = state.dismiss()
        #expect(!dismissed, "nothing to dismiss at the root")
        #expect(state.currentScreenID == "home")
        #expect(await opener.openedIDs == ["movies", "search", "series"])
    }

    @Test func eachRootItemKeepsItsOwnStack() async throws {
        let (navigator, _) = navigator()
        var state = navigator.initialState
        state = try #require(shownState(await navigator.push("series", from: .cell, in: state), from: state))
        state = try #require(shownState(await navigator.selectRootItem("m-movies", in: state), from: state))
        #expect(state.currentStack == ["movies"])
        state = try #require(shownState(await navigator.selectRootItem("m-home", in: state), from: state))
        #expect(state.currentStack == ["home", "series"])
        state = try #require(shownState(await navigator.returnHome(in: state), from: state))
        #expect(state.currentStack == ["home"])
        #expect(state.rootItemID == "m-home")
    }

    @Test func blockedNavigationLeavesTheUserWhereTheyWere() async {
        let (navigator, opener) = navigator(blocked: ["gated"])
        let state = navigator.initialState
        let result = await navigator.selectRootItem("m-gated", in: state)
        #expect(result == .blocked(by: "gate", reason: "User has closed hook execution"))
        #expect(!result.isShown)
        #expect(await opener.openedIDs == ["gated"])
        let pushed = await navigator.push("gated", from: .cell, in: state)
        #expect(pushed == .blocked(by: "gate", reason: "User has closed hook execution"))
    }

    @Test func whiteLabelScreensAndURLs() async throws {
        let (navigator, opener) = navigator()
        let state = navigator.initialState
        let settings = try #require(shownState(await navigator.selectRootItem("m-settings", in: state), from: state))
        #expect(settings.currentScreenID == SyntheticScreen.settings.rawValue)
        let epg = try #require(shownState(await navigator.selectRootItem("m-epg", in: state), from: state))
        #expect(epg.currentScreenID == "__epg__")
        #expect(await navigator.selectRootItem("m-web", in: state) == .openURL("https://example.com"))
        #expect(await navigator.push("https://example.com/x", from: .cell, in: state) == .openURL("https://example.com/x"))
        #expect(await navigator.selectRootItem("m-h", in: state) == .unavailable(reason: "More is not a screen"))
        #expect(await navigator.push("nope", from: .cell, in: state) == .unavailable(reason: "no screen \"nope\""))
        #expect(await opener.openedIDs == ["__settings__", "__epg__"])
    }

    @Test func goToOpensMenuScreensAsRootsAndOthersPushed() async throws {
        let (navigator, _) = navigator()
        var state = navigator.initialState
        state = try #require(shownState(await navigator.goTo("Series", in: state), from: state))
        #expect(state.rootItemID == "m-series")
        #expect(state.currentStack == ["series"])
        state = try #require(shownState(await navigator.goTo("search", in: state), from: state))
        #expect(state.currentStack == ["series", "search"])
        state = try #require(shownState(await navigator.goTo("Settings", in: state), from: state))
        #expect(state.currentScreenID == "__settings__")
    }

    @Test func finishRunsPostHooksOnlyForShownScreens() async {
        let (navigator, opener) = navigator(blocked: ["gated"])
        let state = navigator.initialState
        await navigator.finish(await navigator.push("movies", from: .cell, in: state))
        await navigator.finish(await navigator.push("gated", from: .cell, in: state))
        #expect(await opener.postHooks == ["movies"])
    }
}
