import Synchronization

/// A value delivered once, from any thread, to any number of waiters, before or after they
/// start waiting: the one latch of the program (hook runs and completions, process exits, HTTP
/// transfers, scripted answers). Later deliveries are refused. Waiting is cancellable: a
/// cancelled waiter gets nil, which lets a wait be raced against a deadline.
public final class OneShot<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var nextWaiter = 0
        var waiters: [Int: CheckedContinuation<Value?, Never>] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    /// Delivers the value; false (and `newValue` dropped) when one was already delivered.
    @discardableResult
    public func deliver(_ newValue: Value) -> Bool {
        let pending: [CheckedContinuation<Value?, Never>]? = state.withLock { state in
            guard state.value == nil else { return nil }
            state.value = newValue
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        guard let pending else { return false }
        for waiter in pending { waiter.resume(returning: newValue) }
        return true
    }

    /// The value, if already delivered.
    public var value: Value? {
        state.withLock { $0.value }
    }

    /// The value once delivered; nil when the waiting task is cancelled first.
    public func wait() async -> Value? {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let answer: Value?? = state.withLock { state in
                    if let value = state.value { return .some(value) }
                    if Task.isCancelled { return .some(nil) }
                    state.waiters[id] = continuation
                    return nil
                }
                if let answer { continuation.resume(returning: answer) }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume(returning: nil)
        }
    }

    /// The value if it is delivered before `limit` has passed on `clock`; nil otherwise.
    public func wait(upTo limit: Duration, on clock: any Clock<Duration>) async -> Value? {
        await withTaskGroup(of: Value?.self) { group in
            group.addTask { await self.wait() }
            group.addTask {
                try? await clock.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? self.value
        }
    }
}
