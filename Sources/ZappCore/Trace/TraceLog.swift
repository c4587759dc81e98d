import Synchronization
import Logging

/// The trace of hook chains and startup, appended to by `ScreenHookManager` and
/// `StartupSequence` and read by the UI (into the model's event log), by `zapp-shell trace`
/// and by tapes. Appending is synchronous and thread-safe, so steps keep the order they happened
/// in, and each gets the next sequence number (`TraceEntry`). Readers read by sequence
/// (`entries(after:)`), never by counting what is kept: only the newest `capacity` entries are
/// kept, and a reader that fell behind is told how many it missed. Observers are woken on each
/// append (`onAppend`). With a logger, every entry is also written to the log as its line
/// (warnings at warning level), numbered.
public final class TraceLog: Sendable {
    private struct State {
        var stored: [TraceEntry] = []
        var lastSequence = 0
        /// Keyed by a number of their own (a `UUID` would read /dev/urandom before the first frame).
        var observers: [Int: @Sendable (Int) -> Void] = [:]
        var nextObserver = 0
    }

    private let state = Mutex(State())
    /// The most entries kept; older ones are dropped first.
    public let capacity: Int
    private let logger: Logger?

    public init(capacity: Int = 2_000, logger: Logger? = nil) {
        self.capacity = max(1, capacity)
        self.logger = logger
    }

    /// Appends an entry with the next sequence number and wakes every observer.
    public func append(_ trace: HookTrace) {
        let capacity = capacity
        let (sequence, observers) = state.withLock { state in
            state.lastSequence += 1
            state.stored.append(TraceEntry(sequence: state.lastSequence, trace: trace))
            // Trimmed only when twice the capacity, so dropping old entries costs O(1) per append
            // (a long hook chain appends thousands).
            if state.stored.count >= 2 * capacity { state.stored.removeFirst(state.stored.count - capacity) }
            // Copied only when someone observes: most traces have no observer (tests, `trace`, benches).
            return (state.lastSequence, state.observers.isEmpty ? [] : Array(state.observers.values))
        }
        for observer in observers { observer(sequence) }
        if let logger {
            let level: Logger.Level = trace.step == .warning ? .warning : .info
            logger.log(level: level, "trace \(sequence): \(trace.line)")
        }
    }

    /// The sequence number of the newest entry (0 before the first).
    public var lastSequence: Int { state.withLock { $0.lastSequence } }

    /// The entries after sequence number `sequence`, oldest first, at most `limit` of them, and
    /// how many after it are no longer kept.
    public func entries(after sequence: Int, limit: Int = .max) -> TraceSlice {
        state.withLock { state in
            guard sequence < state.lastSequence else { return TraceSlice(entries: []) }
            guard let first = state.stored.first else { return TraceSlice(entries: [], missed: state.lastSequence - sequence) }
            let missed = max(0, first.sequence - sequence - 1)
            let start = max(0, sequence + 1 - first.sequence)
            let end = start + min(limit, state.stored.count - start)
            return TraceSlice(entries: Array(state.stored[start..<end]), missed: missed)
        }
    }

    /// The entries kept, oldest first (the newest `capacity`); for tests (`@testable`).
    var entries: [HookTrace] {
        let capacity = capacity
        return state.withLock { $0.stored.suffix(capacity).map(\.trace) }
    }

    /// The entries kept as lines (`HookTrace.line`); for tests (`@testable`).
    var lines: [String] { entries.map(\.line) }

    /// Calls `wake` (on the appending thread, with the new entry's sequence number) after each
    /// append until `removeObserver` is called with the returned id.
    public func onAppend(_ wake: @escaping @Sendable (Int) -> Void) -> Int {
        state.withLock { state in
            state.nextObserver += 1
            state.observers[state.nextObserver] = wake
            return state.nextObserver
        }
    }

    public func removeObserver(_ id: Int) {
        _ = state.withLock { $0.observers.removeValue(forKey: id) }
    }
}
