/// A terminal without a screen: keeps the last flushed frame in memory and hands out queued
/// input events. Used by tests, benchmarks and `zapp-shell render`.
public final class HeadlessTerminal: Terminal {
    public private(set) var size: (columns: Int, rows: Int)
    public let colorSupport: ColorSupport
    /// The last frame flushed (nil before the first flush).
    public private(set) var lastFrame: Canvas?
    /// How many frames were flushed.
    public private(set) var flushCount = 0
    /// How many cells differed from the previous frame at the last flush (all of them for the first).
    public private(set) var lastChangedCells = 0
    public private(set) var isRestored = false
    private var events: [TerminalEvent] = []

    public init(columns: Int, rows: Int, colorSupport: ColorSupport = .trueColor) {
        size = (max(0, columns), max(0, rows))
        self.colorSupport = colorSupport
    }

    public func flush(_ canvas: Canvas) {
        if let previous = lastFrame, previous.columns == canvas.columns, previous.rows == canvas.rows {
            var changed = 0
            for index in canvas.cells.indices where canvas.cells[index] != previous.cells[index] { changed += 1 }
            lastChangedCells = changed
        } else {
            lastChangedCells = canvas.cells.count
        }
        lastFrame = canvas
        flushCount += 1
    }

    public func nextEvent(timeoutMilliseconds: Int) -> TerminalEvent? {
        events.isEmpty ? nil : events.removeFirst()
    }

    public func restore() {
        isRestored = true
    }

    /// Queues an input event for `nextEvent`; a resize event also changes `size`.
    public func enqueue(_ event: TerminalEvent) {
        if case .resize(let columns, let rows) = event { size = (max(0, columns), max(0, rows)) }
        events.append(event)
    }

    /// A blank canvas of the terminal's size.
    public func makeCanvas() -> Canvas {
        Canvas(columns: size.columns, rows: size.rows)
    }

    /// The last frame as plain text (empty before the first flush).
    public var plainText: String { lastFrame?.plainText ?? "" }

    /// The last frame with ANSI SGR sequences (empty before the first flush).
    public var ansiText: String { lastFrame?.ansiText ?? "" }
}
