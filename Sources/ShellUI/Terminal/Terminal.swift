import ZappCore
import ShellCore

/// The seam between the UI and a real or headless terminal (swift-nio style: a protocol at
/// the boundary). `CursesTerminal` implements it with ncurses; `HeadlessTerminal` keeps the
/// last frame in memory for tests, benchmarks and `zapp-shell render`.
///
/// Input is pushed, not polled (ARCHITECTURE.md, "The loop"): the terminal calls the handler
/// given to `watchInput` once input, a resize or a signal is waiting, and then stays quiet
/// until the runtime has taken it with `readEvents(_:)`.
public protocol Terminal: AnyObject {
    /// Current size in cells.
    var size: (columns: Int, rows: Int) { get }
    /// What colours the terminal can show.
    var colorSupport: ColorSupport { get }
    /// Shows the canvas, writing only cells that differ from the previous frame.
    func flush(_ canvas: Canvas)
    /// Starts watching for input: `inputReady` is called, from any thread, whenever events are
    /// waiting; after a call it is not called again until `readEvents(_:)` has run.
    func watchInput(_ inputReady: @escaping @Sendable () -> Void)
    /// Hands the events waiting now (keys, clicks, resizes, termination requests) to `handle`
    /// one by one as they are read, without waiting, and stops early when it returns false:
    /// input after that stays unread (keys typed after `q` reach the shell). Watching resumes
    /// with `resumeInput()`.
    func readEvents(_ handle: (TerminalEvent) -> Bool)
    /// Watches for input again after `readEvents(_:)`: the runtime calls it once the frame that
    /// answers the input is written, so the watching thread does not wake (and, on two cores,
    /// take the CPU from the drawing) between the read and the write. Input that arrived
    /// meanwhile is reported at once.
    func resumeInput()
    /// Hands the terminal back to the shell and stops the process (Ctrl-Z); returns once the
    /// process is continued (`fg`) with the screen to be drawn anew, or false at once when the
    /// process cannot be suspended (no job control).
    func suspend() -> Bool
    /// Restores the terminal to the state it was in before (idempotent).
    func restore()
    /// Makes the next flush clear the screen and draw every cell (Ctrl-L), for when something
    /// else wrote on the terminal. Terminals that keep no screen ignore it.
    func redraw()
    /// Shows the protocol images of the frame just flushed: writes those not on screen yet and
    /// removes those no longer listed (an empty list removes all), so no stale pixels remain.
    /// Terminals without an image protocol ignore it.
    func showImages(_ placements: [ImagePlacement])
    /// The size of a cell in pixels as the terminal's window size says (`TIOCGWINSZ`), read
    /// at the start and after every resize; nil where it says none.
    var cellPixelSize: CellPixelSize? { get }
    /// Whether the app's screen shows: inside tmux, whether its pane's window is the one shown
    /// (asked of tmux, bounded); elsewhere always.
    func isPaneVisible() -> Bool
    /// Whether `isPaneVisible` asks tmux, whose answer can change with no focus report to
    /// this pane (another pane zoomed); false where the screen always shows.
    var asksTmuxForVisibility: Bool { get }
    /// The pane is hidden: takes the protocol images off the screen, which now shows something
    /// else, and forgets them. Terminals without an image protocol ignore it.
    func hideImages()
}

extension Terminal {
    public func showImages(_ placements: [ImagePlacement]) {}
    public func isPaneVisible() -> Bool { true }
    public var asksTmuxForVisibility: Bool { false }
    public func hideImages() {}
    public var cellPixelSize: CellPixelSize? { nil }
    public func redraw() {}
    public func resumeInput() {}
}
