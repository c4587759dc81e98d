import Testing
import ZappCore
import ZappModel

@testable import ShellCore
@testable import ShellUI

/// Keyboard focusables and mouse regions come from the same layout as the drawing.
@Suite struct FocusAndHitTests {
    func hits(_ state: ShellViewState, _ columns: Int = 80, _ rows: Int = 24) -> HitMap {
        var canvas = Canvas(columns: columns, rows: rows)
        return ShellView.render(state, into: &canvas)
    }

    @Test func everyVisibleFocusableHasAMatchingRegion() {
        var state = Fixtures.state(Fixtures.app())
        state.isSideMenuOpen = true
        state.expandedMenuItems = ["m-browse"]
        let map = hits(state, 100, 40)
        for area in FocusArea.allCases {
            let items = FrameLayout(state: state, columns: 100, rows: 40).focusables(in: area)
            #expect(!items.isEmpty, "\(area) has items")
            for (index, item) in items.enumerated() {
                let region = map.regions.last { $0.focus == FocusTarget(area: area, index: index) }
                #expect(region?.action == item.action, "\(area)[\(index)] \(item.title)")
            }
        }
    }

    @Test func navBarFocusablesAndClicks() {
        let state = Fixtures.state(Fixtures.app())
        let items = FrameLayout(state: state, columns: 60, rows: 10).focusables(in: .navBar)
        #expect(items.map(\.title) == ["menu", "Search", "Help"])
        let map = hits(state, 60, 10)
        #expect(map.action(column: 1, row: 0) == .contextButton(.menu))
        let search = map.regions.first { $0.focus == FocusTarget(area: .navBar, index: 1) }
        #expect(search.map { map.action(column: $0.rect.x, row: 0) } == .navigationButton(state.currentBar!.buttons[0]))
    }

    @Test func screenItemsWalkLikeTheyAreDrawn() {
        let state = Fixtures.state(Fixtures.app())
        let items = FrameLayout(state: state, columns: 80, rows: 24).focusables(in: .screen)
        #expect(items.map(\.title) == ["The Northern Line", "Harbour Lights", "Coming soon", "Comedy", "Crime", "Nature"])
        #expect(items[0].action == .openTarget("movies"))
        #expect(items[2].action == .inert("Coming soon has no target"))
        #expect(items.index(movingFrom: 0, .down) == 1)
        #expect(items.index(movingFrom: 2, .down) == 3)
        #expect(items.index(movingFrom: 3, .right) == 4)
        #expect(items.index(movingFrom: 5, .right) == 5)
        #expect(items.index(movingFrom: 4, .up) == 2)
    }

    @Test func panesAndOverlaysTakeTheClicks() {
        var state = Fixtures.state(Fixtures.app())
        state.panes = [PaneState(id: 1, pane: Pane(hookIdentifier: "gate", title: "Terms", buttons: ["Accept", "Decline"]))]
        let map = hits(state, 60, 16)
        #expect(map.regions.contains { $0.action == .pressPaneButton(1) })
        #expect(!map.regions.contains { $0.focus?.area == .screen && !$0.rect.intersection(Rect(x: 20, y: 6, width: 20, height: 3)).isEmpty })
        state.panes = []
        state.overlay = .goTo(filter: "mov", selection: 0)
        #expect(state.goToCandidates.map(\.id) == ["movies"])
        #expect(hits(state, 60, 16).regions.contains { $0.action == .goTo("movies") })
    }

    @Test func aStartupPaneIsDrawnOverTheSplashAndTakesTheClicks() {
        var state = Fixtures.state(Fixtures.app())
        state.phase = .splash(message: "Loading the app…")
        state.panes = [PaneState(id: 1, pane: Pane(hookIdentifier: "login", title: "Sign in", buttons: ["Sign in", "Cancel"]))]
        var canvas = Canvas(columns: 60, rows: 16)
        let map = ShellView.render(state, into: &canvas)
        #expect(canvas.plainText.contains("Sign in"))
        #expect(map.regions.contains { $0.action == .pressPaneButton(1) })
    }

    @Test func nothingIsFocusableWhenTooSmall() {
        let state = Fixtures.state(Fixtures.app())
        #expect(FrameLayout(state: state, columns: 19, rows: 6).focusables(in: .screen).isEmpty)
        #expect(hits(state, 10, 3).regions.isEmpty)
    }
}
