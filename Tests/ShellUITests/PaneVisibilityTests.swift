@testable import ShellCore
@testable import ShellUI
import Testing
import ZappCore
import ZappModel

/// Focus reports and the pane's visibility in the pure update (issue 33): a lost focus asks
/// whether the pane still shows; hidden, its images go and none is placed; the focus back draws
/// everything anew. Nothing of it for images drawn as text.
@Suite("Pane visibility")
struct PaneVisibilityTests {
    func model(mode: ImageMode) -> ShellModel {
        var model = ShellModel(view: ImageFixtures.state(mode: mode), columns: 80, rows: 30)
        _ = ShellUpdate.update(&model, .terminal(.resize(columns: 80, rows: 30)))
        return model
    }

    @Test("kitty: focus out asks; hidden takes the images off; focus back redraws all; asked again, nothing")
    func hiddenAndBack() {
        var model = model(mode: .kitty)
        #expect(ShellUpdate.update(&model, .terminal(.focus(gained: false))) == [.checkPaneVisibility])
        #expect(!model.isPaneHidden, "nothing changes before tmux answers")
        #expect(ShellUpdate.update(&model, .paneVisibility(visible: false)) == [.hideImages])
        #expect(model.isPaneHidden)
        #expect(ShellUpdate.update(&model, .paneVisibility(visible: false)).isEmpty, "hidden once")
        #expect(ShellUpdate.update(&model, .terminal(.focus(gained: true))) == [.redraw])
        #expect(!model.isPaneHidden)
        #expect(ShellUpdate.update(&model, .terminal(.focus(gained: true))).isEmpty, "shown: no second redraw")
    }

    @Test("another pane of the same window takes the focus: still shown, images stay")
    func stillShown() {
        var model = model(mode: .sixel)
        #expect(ShellUpdate.update(&model, .terminal(.focus(gained: false))) == [.checkPaneVisibility])
        #expect(ShellUpdate.update(&model, .paneVisibility(visible: true)).isEmpty)
        #expect(!model.isPaneHidden)
    }

    @Test("inside tmux, unfocused: asked again each second, so another pane zoomed hides it and unzoomed shows it; the focus back stops asking")
    func zoomOfAnotherPane() {
        var model = model(mode: .kitty)
        model.now = 5_000
        #expect(ShellUpdate.update(&model, .terminal(.focus(gained: false))) == [.checkPaneVisibility])
        #expect(ShellUpdate.update(&model, .paneVisibility(visible: true, insideTmux: true)).isEmpty)
        #expect(ShellUpdate.nextTickDue(model) == 6_000)
        model.now = 6_000
        #expect(ShellUpdate.update(&model, .tick) == [.checkPaneVisibility])
        #expect(ShellUpdate.update(&model, .paneVisibility(visible: false, insideTmux: true)) == [.hideImages], "another pane zoomed")
        model.now = 7_000
        #expect(ShellUpdate.update(&model, .tick) == [.checkPaneVisibility], "still asked while hidden")
        #expect(ShellUpdate.update(&model, .paneVisibility(visible: true, insideTmux: true)) == [.redraw], "unzoomed")
        #expect(ShellUpdate.update(&model, .terminal(.focus(gained: true))).isEmpty)
        #expect(ShellUpdate.nextTickDue(model) == nil, "focused: nothing more is asked")
    }

    @Test("outside tmux an unfocused window is never asked again (an idle app does no work)")
    func outsideTmux() {
        var model = model(mode: .kitty)
        #expect(ShellUpdate.update(&model, .terminal(.focus(gained: false))) == [.checkPaneVisibility])
        #expect(ShellUpdate.update(&model, .paneVisibility(visible: true)).isEmpty)
        #expect(ShellUpdate.nextTickDue(model) == nil)
    }

    @Test("symbols or no images: focus reports change nothing (tmux redraws text itself)")
    func text() {
        for mode in [ImageMode.symbols, .off] {
            var model = model(mode: mode)
            #expect(ShellUpdate.update(&model, .terminal(.focus(gained: false))).isEmpty)
            #expect(ShellUpdate.update(&model, .terminal(.focus(gained: true))).isEmpty)
        }
    }
}
