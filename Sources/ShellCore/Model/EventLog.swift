import ZappCore

/// The run's one event log (ARCHITECTURE.md, "Observing"), kept in the model: every hook step
/// (from the trace, `TraceLog`, read by sequence), every screen reached, pane shown, answer
/// given and navigation blocked, unavailable or sent to the web, each with a sequence number of
/// the log's own. The trace panel shows its hook lines; `run --record` and `replay` read it by
/// sequence (`entries(after:)`). Only the newest `capacity` entries are kept, and a reader that
/// fell further behind is told how many it missed, never left to guess from a count.
public struct EventLog: Sendable {
    /// Something the app did.
    public enum Event: Sendable, Hashable {
        /// A step of a hook chain or of the startup sequence.
        case hook(HookTrace)
        /// Trace steps dropped before the model read them (the trace keeps its newest only).
        case traceLost(Int)
        /// The screen on screen changed: the root of a menu stack (`screen`), a pushed screen
        /// (`pushed`), the root of a stack presented from the nav bar (`presented`).
        case screen(verb: String, id: String)
        /// A hook showed a pane.
        case pane(title: String, hook: String)
        /// The user answered a pane: with a button (nil: closed it), and the user a sign-in
        /// was submitted for (the first text field of a pane with a password).
        case answer(button: String?, user: String?)
        case blocked(identifier: String, reason: String)
        case unavailable(String)
        case web(String)
    }

    public struct Entry: Sendable, Hashable {
        public var sequence: Int
        public var event: Event
    }

    /// The most entries kept (a reader reads after every event, and one event adds at most
    /// `traceChunk` and a few of its own).
    public static let capacity = 2_000
    /// The most trace steps one `.traceAppended` event carries.
    public static let traceChunk = 500

    private var stored: [Entry] = []
    public private(set) var lastSequence = 0
    /// The sequence number of the last trace step read (`TraceLog`'s own numbers).
    public private(set) var traceCursor = 0
    /// The last screen logged (`verb id`): a screen is logged when it changes.
    var lastScreen: String?
    /// Navigations cancelled with Esc: what they come to depends on when the cancel arrived, so
    /// it is not logged.
    var cancelledActivities: Set<Int> = []

    public init() {}

    mutating func append(_ event: Event) {
        lastSequence += 1
        stored.append(Entry(sequence: lastSequence, event: event))
        if stored.count >= 2 * Self.capacity { stored.removeFirst(stored.count - Self.capacity) }
    }

    /// Logs trace steps read after `traceCursor` (and how many were lost before them).
    mutating func append(_ slice: TraceSlice) {
        if slice.missed > 0 { append(.traceLost(slice.missed)) }
        for entry in slice.entries { append(.hook(entry.trace)) }
        traceCursor = slice.cursor(from: traceCursor)
    }

    /// The entries after sequence number `sequence`, oldest first, and how many after it are no
    /// longer kept.
    public func entries(after sequence: Int) -> (entries: ArraySlice<Entry>, missed: Int) {
        guard sequence < lastSequence, let first = stored.first else { return (stored[stored.endIndex...], 0) }
        let start = max(0, sequence + 1 - first.sequence)
        return (stored[(stored.startIndex + start)...], max(0, first.sequence - sequence - 1))
    }
}

extension EventLog.Event {
    /// The line of a trace step or of lost steps, as the trace panel shows it (nil for the rest).
    var traceLine: String? {
        switch self {
        case .hook(let trace): trace.line
        case .traceLost(let count): "\(count) trace steps were dropped before they were read"
        default: nil
        }
    }
}
