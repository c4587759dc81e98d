import Testing

@testable import ZappModel

/// "did you mean": one index per validation run, first screen in river order wins.
@Suite struct SuggestionIndexTests {
    @Test func normalisedIdsMapToTheFirstScreen() {
        let index = SuggestionIndex(screenIDs: ["Sign-In", "sign_in", "movies"])
        #expect(index.screenID(matching: "SIGNIN") == "Sign-In")
        #expect(index.screenID(matching: "Movies ") == "movies")
        #expect(index.screenID(matching: "series") == nil)
    }

    /// 10,000 screens checked on several threads share one index; each dangling target is
    /// reported once, with its suggestion.
    @Test func everyDanglingTargetOfALargeAppIsReportedOnce() {
        var screens: [ScreenModel] = []
        for number in 0..<10_000 {
            let target = number % 2 == 0 ? "SCREEN_\(number)" : "screen-\(number)-gone"
            let item = NavItem(id: "b", title: "Gone", type: "button", data: NavItemData(target: target))
            screens.append(
                ScreenModel(
                    id: "screen-\(number)", name: "Screen \(number)", isHome: number == 0,
                    navigations: [NavigationModel(category: .navBar, navItems: [item])]))
        }
        let diagnostics = AppValidator.validate(ZappApp(screens: screens, plugins: []), pluginsFile: nil)
        let dangling = diagnostics.filter { $0.code == .unknownTarget }
        #expect(dangling.count == 10_000)
        #expect(Set(dangling.map(\.description)).count == 10_000)
        #expect(dangling.filter { $0.hint != nil }.count == 5_000)
        #expect(dangling[2].hint == "did you mean \"screen-2\"?")
    }
}
