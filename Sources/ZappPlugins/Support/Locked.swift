import Synchronization

/// A value guarded by a `Mutex`, for the little mutable state plugin instances keep
/// (a flag while a pane is shown, a process handle) without turning them into actors. A class,
/// so that escaping closures (process stream readers, cancellation handlers) can share it.
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) {
        mutex = Mutex(value)
    }

    public func withLock<Result: Sendable>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try mutex.withLock { value in try body(&value) }
    }

    public var current: Value {
        withLock { $0 }
    }
}
