import Foundation

/// The clock of the hook manager's timeouts in tests (its `sleep:`): no real time passes. A
/// timer sleeps until the test expires it, and throws when its task is cancelled (the run
/// ended or a pane stopped the timer). The test can wait for a timer to be asked for, so a
/// timeout is made to run out exactly when the test says, never by the machine's speed.
final class TimeoutClock: @unchecked Sendable {
    private struct Sleeper {
        let id: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var nextID = 0
    private var sleepers: [Sleeper] = []
    private var requestedDurations: [Duration] = []
    private var requestWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var expiredCount = 0
    private var hasRunOut = false

    /// Every duration a timer asked for, in order.
    var requested: [Duration] { lock.withLock { requestedDurations } }
    /// How many timers ran out (were expired while they slept, not cancelled).
    var expired: Int { lock.withLock { expiredCount } }

    /// The `sleep:` given to `ScreenHookManager`.
    var sleep: @Sendable (Duration) async throws -> Void {
        { [self] duration in try await self.sleep(for: duration) }
    }

    func sleep(for duration: Duration) async throws {
        let id = lock.withLock {
            defer { nextID += 1 }
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lock.lock()
                requestedDurations.append(duration)
                let ready = requestWaiters.filter { $0.count <= requestedDurations.count }
                requestWaiters.removeAll { $0.count <= requestedDurations.count }
                let outcome: Result<Void, any Error>?
                if Task.isCancelled {
                    outcome = .failure(CancellationError())
                } else if hasRunOut {
                    expiredCount += 1
                    outcome = .success(())
                } else {
                    sleepers.append(Sleeper(id: id, continuation: continuation))
                    outcome = nil
                }
                lock.unlock()
                for waiter in ready { waiter.continuation.resume() }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper: Sleeper? = lock.withLock {
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Waits until timers have asked for `count` sleeps in all.
    func waitForRequests(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if requestedDurations.count >= count {
                lock.unlock()
                continuation.resume()
            } else {
                requestWaiters.append((count, continuation))
                lock.unlock()
            }
        }
    }

    /// Runs out the timers sleeping now.
    func expirePending() {
        let woken: [Sleeper] = lock.withLock {
            defer { sleepers.removeAll() }
            expiredCount += sleepers.count
            return sleepers
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// Runs out the timers sleeping now and every later one at once.
    func runOut() {
        lock.withLock { hasRunOut = true }
        expirePending()
    }
}
