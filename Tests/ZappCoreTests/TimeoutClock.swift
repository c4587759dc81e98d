import Foundation

/// The clock of the hook manager's timeouts in tests (its `clock:`): no real time passes (`now`
/// stays put). A timer sleeps until the test expires it, and throws when its task is cancelled
/// (the run ended or a pane stopped the timer). The test can wait for a timer to be asked for,
/// so a timeout is made to run out exactly when the test says, never by the machine's speed.
/// (swift-clocks' `TestClock` ends sleeps by advancing time, and cannot say when one started.)
final class TimeoutClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    var now: Instant { Instant(offset: .zero) }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try await sleep(for: now.duration(to: deadline))
    }

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

    /// A sleep for `duration`, recorded as asked for.
    private func sleep(for duration: Duration) async throws {
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
