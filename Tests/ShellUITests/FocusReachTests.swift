import Clocks
import Foundation
import Testing
import ZappCore
import ZappModel

@testable import ShellCore
@testable import ShellUI

/// What the user can reach with the keys and see: a menu item whose screen is missing can be
/// chosen and says so, and the focused item is never hidden under an `overlay` bar.
@MainActor
@Suite("Focus reach", .timeLimit(.minutes(1)))
struct FocusReachTests {
    @Test("a menu item whose target is missing is choosable, and choosing it shows no screen \"…\"")
    func missingTargetIsChoosable() async throws {
        let river = UpdateFixture.river.replacingOccurrences(
            of: #"{"id": "m-settings""#,
            with: #"{"id": "m-ghost", "title": "Ghost", "type": "label", "data": {"target": "ghost"}}, {"id": "m-settings""#)
        let app = try #require(AppLoader.load(river: Data(river.utf8), plugins: Data(UpdateFixture.plugins.utf8), name: "Ghosts").app)
        let terminal = HeadlessTerminal(columns: 80, rows: 24)
        let runtime = ShellRuntime(terminal: terminal, setup: EventLogTests.setup(app: app), clock: RuntimeClock(TestClock<Duration>()))
        runtime.start()
        #expect(await runtime.settle { $0.isStartupComplete })
        for key in [Key.character("m"), .down, .down, .down] { runtime.send(.terminal(.key(key))) }
        let focusables = FrameLayout(state: runtime.model.view, columns: 80, rows: 24).focusables(in: .rootMenu)
        #expect(focusables.map(\.id).contains("m-ghost"))
        #expect(focusables[runtime.model.view.menuSelection].id == "m-ghost", "Down reaches it")
        runtime.send(.terminal(.key(.enter)))
        #expect(await runtime.settle { $0.activity == nil })
        #expect(runtime.model.view.toast?.text == "Ghost: no screen \"ghost\"")
        #expect(runtime.model.view.navigation.currentScreenID == "home")
        #expect(terminal.plainText.contains("no screen \"ghost\""))
    }

    @Test("a nav-bar button whose target is missing is choosable too, and says no screen \"…\"")
    func missingBarTargetIsChoosable() throws {
        let river = UpdateFixture.river.replacingOccurrences(
            of: #""presentation_style": "title"}, "nav_items": []"#,
            with: #""presentation_style": "title"}, "nav_items": [{"id": "b-ghost", "title": "Ghost", "type": "button", "data": {"target": "ghost"}}]"#)
        let app = try #require(AppLoader.load(river: Data(river.utf8), plugins: Data(UpdateFixture.plugins.utf8), name: "Ghosts").app)
        var model = ShellModel(view: ShellViewState(app: app, rootKind: .sideMenu), columns: 80, rows: 24)
        let items = FrameLayout(state: model.view, columns: 80, rows: 24).focusables(in: .navBar)
        let index = try #require(items.firstIndex { $0.id == "b-ghost" }, "the button can be reached")
        model.view.focus = .navBar
        model.view.navBarSelection = index
        #expect(ShellUpdate.update(&model, .terminal(.key(.enter))).isEmpty)
        #expect(model.view.toast?.text == "no screen \"ghost\"")
        var canvas = Canvas(columns: 80, rows: 24)
        ShellView.render(model.view, into: &canvas)
        #expect(canvas.plainText.contains("[Ghost]"), "drawn focused when focused")
    }

    @Test("overlay bar: the focused item is scrolled clear of the bar, on the demo's Home with left, logo, overlay")
    func overlayKeepsFocusClear() throws {
        let result = AppLoader.load(folder: DemoAppSmokeTests.demoFolder)
        let app = try #require(result.app)
        var state = ShellViewState(app: app)
        state.assets = AssetStore(app: app)
        let home = try #require(state.navigation.currentScreenID)
        state.barOverrides[home] = BarOverride(style: .left, presentation: .logo, state: .overlay)
        state.focus = .screen
        let (columns, rows) = (100, 30)
        let layout = ShellLayout(state: state, columns: columns, rows: rows)
        let bar = try #require(layout.barRect)
        #expect(layout.coveredContentRows == bar.height)
        #expect(layout.contentRect.y == 0, "overlay: the content starts under the bar")
        let count = FrameLayout(state: state, columns: columns, rows: rows).focusables(in: .screen).count
        #expect(count > 1)
        for selection in 0..<min(count, 4) {
            state.screenSelection[home] = selection
            var canvas = Canvas(columns: columns, rows: rows)
            let hits = ShellView.render(state, into: &canvas)
            let focused = try #require(hits.regions.last { $0.focus == FocusTarget(area: .screen, index: selection) })
            #expect(focused.rect.y >= bar.maxY, "item \(selection) at row \(focused.rect.y), under the bar's \(bar.height) rows")
        }
    }

    @Test("scroll offsets with a covered top: the focused rect lands below it, and content that fits does not scroll otherwise")
    func scrollOffsetBelowCoveredRows() throws {
        let result = AppLoader.load(folder: DemoAppSmokeTests.demoFolder)
        let app = try #require(result.app)
        let state = ShellViewState(app: app)
        let screen = try #require(state.currentScreen)
        let content = ScreenContent(state: state, screen: screen, width: 98)
        let first = try #require(content.focusRects.first)
        #expect(first.y < 3)
        #expect(content.scrollOffset(selection: 0, viewHeight: 29) == 0)
        #expect(content.scrollOffset(selection: 0, viewHeight: 29, coveredTop: 3) == first.y - 3)
        for selection in content.focusRects.indices {
            let offset = content.scrollOffset(selection: selection, viewHeight: 29, coveredTop: 3)
            let rect = content.focusRects[selection]
            #expect(rect.y - offset >= 3 || rect.height > 26, "\(selection)")
            #expect(rect.maxY - offset <= 29 || rect.height > 26, "\(selection)")
        }
    }
}
