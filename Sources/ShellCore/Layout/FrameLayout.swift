import ZappCore
import ZappModel

/// One frame's layout: the regions of the UI (`ShellLayout`) and the current screen's content
/// laid out for its width (`ScreenContent`, while the app runs). The update makes it once per
/// change (`ShellModel.frame`) and the feed requests, the image requests and drawing all read
/// that one (ARCHITECTURE.md, "The loop": one layout per frame).
public struct FrameLayout: Sendable {
    public var shell: ShellLayout
    /// The current screen's content, as `ScreenAreaView` draws it; nil when no screen is shown
    /// (the splash, "Loading failed", no current screen).
    public var content: ScreenContent?

    public init(state: ShellViewState, columns: Int, rows: Int) {
        shell = ShellLayout(state: state, columns: columns, rows: rows)
        guard state.phase == .running, let screen = state.currentScreen else {
            content = nil
            return
        }
        content = ScreenContent(state: state, screen: screen, width: shell.contentRect.width - 2)
    }

    /// Whether it was laid out for a terminal of this size.
    public func fits(columns: Int, rows: Int) -> Bool {
        shell.size.columns == columns && shell.size.rows == rows
    }
}
