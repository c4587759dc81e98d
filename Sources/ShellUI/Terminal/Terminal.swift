/// The seam between the UI and a real or headless terminal (swift-nio style: a protocol at
/// the boundary). `CursesTerminal` implements it with ncurses; `HeadlessTerminal` keeps the
/// last frame in memory for tests, benchmarks and `zapp-shell render`.
public protocol Terminal: AnyObject {
    /// Current size in cells.
    var size: (columns: Int, rows: Int) { get }
    /// What colours the terminal can show.
    var colorSupport: ColorSupport { get }
    /// Shows the canvas, writing only cells that differ from the previous frame.
    func flush(_ canvas: Canvas)
    /// The next input event, waiting at most `timeoutMilliseconds` (nil when none arrived).
    func nextEvent(timeoutMilliseconds: Int) -> TerminalEvent?
    /// Restores the terminal to the state it was in before (idempotent).
    func restore()
}
