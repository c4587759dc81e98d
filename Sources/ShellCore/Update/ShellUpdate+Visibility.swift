import ZappCore
/// Whether the app's screen shows, from focus reports (ARCHITECTURE.md, "The terminal layer").
///
/// Inside tmux (with `focus-events on`) the pane loses the focus when the user switches to
/// another window, and tmux then draws that window over the pane's cells; its text comes back
/// with the pane, its protocol images do not (kitty's would even float over the other window).
/// A lost focus asks whether the pane still shows (tmux says, bounded; another pane of the same
/// window taking the focus leaves it shown; outside tmux it always shows, so nothing changes).
/// Hidden: its images are taken off the screen and none is placed. Focus back: everything is
/// drawn anew, images included, at the pane's offset read again. Another pane zoomed (or
/// unzoomed) sends this pane no report, so while it has not the focus inside tmux, tmux is
/// asked again every `ShellModel.visibilityInterval`.
extension ShellUpdate {
    static func focusChanged(gained: Bool, _ model: inout ShellModel) -> [ShellEffect] {
        guard model.view.imageMode.usesProtocol else { return [] }
        model.isPaneUnfocused = !gained
        model.visibilityCheckDue = nil
        return gained ? paneVisibility(visible: true, &model) : [.checkPaneVisibility]
    }

    static func paneVisibility(visible: Bool, insideTmux: Bool = false, _ model: inout ShellModel) -> [ShellEffect] {
        if insideTmux && model.isPaneUnfocused {
            model.visibilityCheckDue = model.now + ShellModel.visibilityInterval
        }
        guard visible == model.isPaneHidden else { return [] }
        model.isPaneHidden = !visible
        return visible ? [.redraw] : [.hideImages]
    }

    /// The tick at `visibilityCheckDue`: asks tmux again.
    static func checkVisibilityIfDue(_ model: inout ShellModel) -> [ShellEffect] {
        guard let due = model.visibilityCheckDue, model.now >= due else { return [] }
        model.visibilityCheckDue = nil
        return [.checkPaneVisibility]
    }
}
