import Foundation

/// A value that can be delivered once to one waiter; later deliveries are refused.
/// Delivery may come before or after the wait starts, from any thread.
final class OneShot<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?
    private var continuation: CheckedContinuation<Value, Never>?
    private var delivered = false

    /// Delivers the value; false when a value was already delivered (the new one is dropped).
    @discardableResult
    func deliver(_ newValue: Value) -> Bool {
        lock.lock()
        guard !delivered else {
            lock.unlock()
            return false
        }
        delivered = true
        if let continuation {
            self.continuation = nil
            lock.unlock()
            continuation.resume(returning: newValue)
        } else {
            value = newValue
            lock.unlock()
        }
        return true
    }

    /// Whether a value has been delivered.
    var isDelivered: Bool {
        lock.lock()
        defer { lock.unlock() }
        return delivered
    }

    /// Waits for the value (once; a single waiter).
    func wait() async -> Value {
        await withCheckedContinuation { continuation in
            lock.lock()
            if let value {
                self.value = nil
                lock.unlock()
                continuation.resume(returning: value)
            } else {
                self.continuation = continuation
                lock.unlock()
            }
        }
    }
}
