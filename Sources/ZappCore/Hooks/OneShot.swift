import Synchronization

/// A value that can be delivered once to one waiter; later deliveries are refused.
/// Delivery may come before or after the wait starts, from any thread.
final class OneShot<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var continuation: CheckedContinuation<Value, Never>?
        var delivered = false
    }

    private let state = Mutex(State())

    /// Delivers the value; false when a value was already delivered (the new one is dropped).
    @discardableResult
    func deliver(_ newValue: Value) -> Bool {
        let delivery: (accepted: Bool, waiter: CheckedContinuation<Value, Never>?) = state.withLock { state in
            guard !state.delivered else { return (false, nil) }
            state.delivered = true
            if let waiter = state.continuation {
                state.continuation = nil
                return (true, waiter)
            }
            state.value = newValue
            return (true, nil)
        }
        delivery.waiter?.resume(returning: newValue)
        return delivery.accepted
    }

    /// Waits for the value (once; a single waiter).
    func wait() async -> Value {
        await withCheckedContinuation { continuation in
            let ready: Value? = state.withLock { state in
                guard let value = state.value else {
                    state.continuation = continuation
                    return nil
                }
                state.value = nil
                return value
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
