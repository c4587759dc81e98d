#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// A value delivered once, from any thread, to any number of waiters. Waiting is cancellable
/// (a cancelled waiter gets nil), which lets a wait be raced against a deadline.
final class Latch<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var waiters: [UUID: CheckedContinuation<Value?, Never>] = [:]
    }

    private let state = Mutex(State())

    /// Delivers the value; false (and ignored) when one was already delivered.
    @discardableResult
    func fire(_ newValue: Value) -> Bool {
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
    var delivered: Value? {
        state.withLock { $0.value }
    }

    /// The value once delivered; nil when the waiting task is cancelled first.
    func wait() async -> Value? {
        let id = UUID()
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
