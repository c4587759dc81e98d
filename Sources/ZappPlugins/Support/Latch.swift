import Foundation

/// A value delivered once, from any thread, to any number of waiters. Waiting is cancellable
/// (a cancelled waiter gets nil), which lets a wait be raced against a deadline.
final class Latch<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?
    private var waiters: [UUID: CheckedContinuation<Value?, Never>] = [:]

    /// Delivers the value; false (and ignored) when one was already delivered.
    @discardableResult
    func fire(_ newValue: Value) -> Bool {
        lock.lock()
        guard value == nil else {
            lock.unlock()
            return false
        }
        value = newValue
        let pending = waiters
        waiters.removeAll()
        lock.unlock()
        for waiter in pending.values { waiter.resume(returning: newValue) }
        return true
    }

    /// The value, if already delivered.
    var delivered: Value? {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    /// The value once delivered; nil when the waiting task is cancelled first.
    func wait() async -> Value? {
        let id = UUID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                lock.lock()
                if let value {
                    lock.unlock()
                    continuation.resume(returning: value)
                } else if Task.isCancelled {
                    lock.unlock()
                    continuation.resume(returning: nil)
                } else {
                    waiters[id] = continuation
                    lock.unlock()
                }
            }
        } onCancel: {
            lock.lock()
            let waiter = waiters.removeValue(forKey: id)
            lock.unlock()
            waiter?.resume(returning: nil)
        }
    }

    /// The value if it is delivered before `sleep(limit)` returns; nil otherwise.
    func wait(
        upTo limit: Duration,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) async -> Value? {
        await withTaskGroup(of: Value?.self) { group in
            group.addTask { await self.wait() }
            group.addTask {
                try? await sleep(limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? self.delivered
        }
    }
}
