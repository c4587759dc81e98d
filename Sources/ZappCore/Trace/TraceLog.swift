#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization
import Logging

/// The trace of hook chains and startup, appended to by `ScreenHookManager` and
/// `StartupSequence` and read by the UI's trace panel and by `zapp-shell trace`.
/// Appending is synchronous and thread-safe, so steps keep the order they happened in;
/// observers get new entries through `updates()`. Only the newest `capacity` entries are kept.
/// With a logger, every entry is also written to the log as its line (warnings at warning level).
public final class TraceLog: Sendable {
    private struct State {
        var stored: [HookTrace] = []
        /// Keyed by a number of their own (a `UUID` would read /dev/urandom before the first frame).
        var observers: [Int: AsyncStream<HookTrace>.Continuation] = [:]
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

    /// Appends an entry and hands it to every observer.
    public func append(_ entry: HookTrace) {
        let capacity = capacity
        let continuations = state.withLock { state in
            state.stored.append(entry)
            // Trimmed only when twice the capacity, so dropping old entries costs O(1) per append
            // (a long hook chain appends thousands).
            if state.stored.count >= 2 * capacity { state.stored.removeFirst(state.stored.count - capacity) }
            // Copied only when someone observes: most traces have no observer (tests, `trace`, benches).
            return state.observers.isEmpty ? [] : Array(state.observers.values)
        }
        for continuation in continuations { continuation.yield(entry) }
        if let logger {
            let level: Logger.Level = entry.step == .warning ? .warning : .info
            logger.log(level: level, "trace: \(entry.line)")
        }
    }

    /// The entries kept, oldest first.
    public var entries: [HookTrace] {
        let capacity = capacity
        return state.withLock { Array($0.stored.suffix(capacity)) }
    }

    /// The entries as lines (`HookTrace.line`).
    public var lines: [String] { entries.map(\.line) }

    /// Removes all entries.
    public func clear() {
        state.withLock { $0.stored.removeAll() }
    }

    /// A stream of the entries appended from now on; it ends when the consumer stops iterating.
    public func updates() -> AsyncStream<HookTrace> {
        let (stream, continuation) = AsyncStream<HookTrace>.makeStream(bufferingPolicy: .bufferingNewest(capacity))
        let id = state.withLock { state in
            state.nextObserver += 1
            state.observers[state.nextObserver] = continuation
            return state.nextObserver
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { $0.observers[id] = nil }
        }
        return stream
    }
}
