import Testing
import ZappCore
import ZappModel

@testable import ShellCore
@testable import ShellUI

@Suite struct LayoutTests {
    let rect = Rect(x: 0, y: 0, width: 60, height: 1)

    @Test func centerUsesEqualInsetsOfTheWiderArea() {
        let wideButtons = BarLayout(rect: rect, style: .center, contextWidth: 3, buttonWidths: [8, 6], overflowWidth: 3, minimumTitleWidth: 10)
        #expect(wideButtons.titleRect == Rect(x: 14, y: 0, width: 32, height: 1))
        #expect(wideButtons.titleRect.x - rect.x == rect.maxX - wideButtons.titleRect.maxX)
        #expect(wideButtons.titleAlignment == .center)
        let wideContext = BarLayout(rect: rect, style: .center, contextWidth: 6, buttonWidths: [], overflowWidth: 3, minimumTitleWidth: 10)
        #expect(wideContext.titleRect == Rect(x: 6, y: 0, width: 48, height: 1))
        let none = BarLayout(rect: rect, style: .center, contextWidth: 0, buttonWidths: [], overflowWidth: 3, minimumTitleWidth: 10)
        #expect(none.titleRect == rect)
    }

    @Test func leftPutsTheTitleInTheFreeSpace() {
        let layout = BarLayout(rect: rect, style: .left, contextWidth: 3, buttonWidths: [8, 6], overflowWidth: 3, minimumTitleWidth: 10)
        #expect(layout.contextRect == Rect(x: 0, y: 0, width: 3, height: 1))
        #expect(layout.buttonRects.map(\.rect) == [Rect(x: 46, y: 0, width: 8, height: 1), Rect(x: 54, y: 0, width: 6, height: 1)])
        #expect(layout.titleRect == Rect(x: 4, y: 0, width: 41, height: 1))
        #expect(layout.titleAlignment == .left)
        #expect(layout.overflowRect == nil)
    }

    @Test func buttonsThatDoNotFitGoToOverflow() {
        let layout = BarLayout(rect: Rect(x: 0, y: 0, width: 30, height: 1), style: .left, contextWidth: 3, buttonWidths: [8, 8, 8, 8], overflowWidth: 3, minimumTitleWidth: 8)
        #expect(layout.buttonRects.map(\.index) == [0, 1])
        #expect(layout.overflowIndices == [2, 3])
        #expect(layout.overflowRect == Rect(x: 27, y: 0, width: 3, height: 1))
        let center = BarLayout(rect: Rect(x: 0, y: 0, width: 30, height: 1), style: .center, contextWidth: 3, buttonWidths: [8, 8, 8, 8], overflowWidth: 3, minimumTitleWidth: 8)
        #expect(center.buttonRects.map(\.index) == [0])
        #expect(center.titleRect.width >= 8)
    }

    @Test func statesPlaceTheBarAndContent() {
        for barState in BarState.allCases {
            let state = Fixtures.state(Fixtures.app(bar: Fixtures.navBar(state: barState)))
            let layout = ShellLayout(state: state, columns: 80, rows: 24)
            #expect(layout.statusRect == Rect(x: 0, y: 23, width: 80, height: 1))
            switch barState {
            case .onTop:
                #expect(layout.barRect == Rect(x: 0, y: 0, width: 80, height: 1))
                #expect(layout.contentRect == Rect(x: 0, y: 1, width: 80, height: 22))
            case .overlay:
                #expect(layout.barRect == Rect(x: 0, y: 0, width: 80, height: 1))
                #expect(layout.contentRect == Rect(x: 0, y: 0, width: 80, height: 23))
            case .hidden:
                #expect(layout.barRect == nil)
                #expect(layout.contentRect == Rect(x: 0, y: 0, width: 80, height: 23))
            }
        }
    }

    @Test func multiLineLogoNeedsRoom() {
        let state = Fixtures.state(Fixtures.app(bar: Fixtures.navBar(presentation: .logo)))
        #expect(ShellLayout(state: state, columns: 80, rows: 24).barRect?.height == 3)
        #expect(ShellLayout(state: state, columns: 80, rows: 19).barRect?.height == 1)
        #expect(ShellLayout(state: state, columns: 80, rows: 19).logoLines == nil)
    }

    @Test func tabBarSideMenuAndMinimumSize() {
        var state = Fixtures.state(Fixtures.app(rootClass: "ZappShell.TabBar"))
        #expect(ShellLayout(state: state, columns: 40, rows: 10).tabBarRect == Rect(x: 0, y: 8, width: 40, height: 1))
        state = Fixtures.state(Fixtures.app())
        state.isSideMenuOpen = true
        let layout = ShellLayout(state: state, columns: 60, rows: 10)
        #expect(layout.sideMenuRect == Rect(x: 0, y: 1, width: 20, height: 8))
        #expect(layout.contentRect.x == 20)
        #expect(ShellLayout(state: state, columns: 20, rows: 6).isTooSmall == false)
        #expect(ShellLayout(state: state, columns: 19, rows: 6).isTooSmall)
        #expect(ShellLayout(state: state, columns: 20, rows: 5).isTooSmall)
    }

    @Test func tabletKeysApplyFrom100Columns() {
        var bar = Fixtures.navBar()
        bar.styles.titleColorTablet = ZappColor(hex: "#FF00FF00")
        bar.styles.titleColor = ZappColor(hex: "#FFFF0000")
        let state = Fixtures.state(Fixtures.app(bar: bar))
        func titleColor(_ columns: Int) -> TerminalColor {
            var canvas = Canvas(columns: columns, rows: 10)
            ShellView.render(state, into: &canvas)
            return canvas[4, 0].style.foreground
        }
        #expect(titleColor(99) == .rgb(255, 0, 0))
        #expect(titleColor(100) == .rgb(0, 255, 0))
    }
}
