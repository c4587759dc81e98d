import Synchronization
import ShellCore

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
    /// How many times the app suspended itself (Ctrl-Z).
    public private(set) var suspendCount = 0
    private let input = Mutex(Input())

    private struct Input {
        var events: [TerminalEvent] = []
        var inputReady: (@Sendable () -> Void)?
        var isSignalled = false
    }

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

    public func watchInput(_ inputReady: @escaping @Sendable () -> Void) {
        let signal = input.withLock { input -> Bool in
            input.inputReady = inputReady
            return Self.shouldSignal(&input)
        }
        if signal { inputReady() }
    }

    public func readEvents(_ handle: (TerminalEvent) -> Bool) {
        let events = input.withLock { input in
            defer {
                input.events.removeAll()
                input.isSignalled = false
            }
            return input.events
        }
        for (index, event) in events.enumerated() where !handle(event) {
            let unread = events[(index + 1)...]
            input.withLock { $0.events.insert(contentsOf: unread, at: 0) }
            return
        }
    }

    public func suspend() -> Bool {
        suspendCount += 1
        return true
    }

    public func restore() {
        isRestored = true
    }

    /// Queues an input event (as if typed); a resize event also changes `size`.
    public func enqueue(_ event: TerminalEvent) {
        if case .resize(let columns, let rows) = event { size = (max(0, columns), max(0, rows)) }
        let (signal, handler) = input.withLock { input in
            input.events.append(event)
            return (Self.shouldSignal(&input), input.inputReady)
        }
        if signal { handler?() }
    }

    /// Whether the watcher must be told (events wait and it has not been told since the last read).
    private static func shouldSignal(_ input: inout Input) -> Bool {
        guard !input.events.isEmpty, input.inputReady != nil, !input.isSignalled else { return false }
        input.isSignalled = true
        return true
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
