import Synchronization
import ShellCore

/// Where the results of tasks reach the event loop (ARCHITECTURE.md, "The loop"): they are
/// posted here as `ShellEvent`s, and the run's trace marks here that it has new steps. Any thread
/// may post; the loop takes everything posted so far as one batch and renders once after it.
/// While `run()` runs, a post starts that batch itself (`deliver(with:)`: a task on the loop's
/// actor, one thread switch); without it (tests stepping the runtime, `render`) the loop waits
/// here for every post (`nextWakeup`), as a caller settling beside a running loop does.
final class RuntimeInbox: Sendable {
    /// What the loop takes at once.
    struct Batch {
        var events: [ShellEvent]
        /// The trace has steps the model has not read (`ShellSetup.trace`).
        var isTraceWaiting: Bool
    }

    private struct State {
        var events: [ShellEvent] = []
        var isTraceWaiting = false
        /// Something was posted since the loop last woke.
        var isPosted = false
        /// Who waits for the next post: the loop, and a caller settling beside it.
        var waiters: [CheckedContinuation<Void, Never>] = []
        /// Starts a batch on the loop's actor, while `run()` runs.
        var deliver: (@Sendable () -> Void)?
        /// A batch was started by `deliver` and has not taken what was posted yet.
        var isDelivering = false
    }

    private let state = Mutex(State())

    init() {}

    /// Queues an event for the loop and wakes it.
    func post(_ event: ShellEvent) {
        wake { $0.events.append(event) }
    }

    /// Queues several events at once.
    func post(contentsOf events: [ShellEvent]) {
        guard !events.isEmpty else { return }
        wake { $0.events.append(contentsOf: events) }
    }

    /// From now on each post also starts a batch with `deliver` (once until the batch takes
    /// it); nil stops that.
    func deliver(with deliver: (@Sendable () -> Void)?) {
        state.withLock {
            $0.deliver = deliver
            $0.isDelivering = false
        }
    }

    /// Marks that the trace has new steps and wakes the loop.
    func traceIsWaiting() {
        wake { $0.isTraceWaiting = true }
    }

    /// Changes the state, starts a batch (`deliver`), and resumes who waits, or marks that the
    /// next wait must not wait.
    private func wake(_ change: (inout State) -> Void) {
        var delivery: (@Sendable () -> Void)?
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            change(&state)
            if let deliver = state.deliver, !state.isDelivering {
                state.isDelivering = true
                delivery = deliver
            }
            guard !state.waiters.isEmpty else {
                state.isPosted = true
                return []
            }
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
        delivery?()
    }

    /// Nothing is waiting to be taken.
    var isEmpty: Bool {
        state.withLock { $0.events.isEmpty && !$0.isTraceWaiting }
    }

    /// Everything posted since the last call.
    func take() -> Batch {
        state.withLock { state in
            let batch = Batch(events: state.events, isTraceWaiting: state.isTraceWaiting)
            state.events.removeAll(keepingCapacity: true)
            state.isTraceWaiting = false
            state.isDelivering = false
            return batch
        }
    }

    /// Waits until something was posted since the last wait (returns at once if it was).
    func nextWakeup() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state -> Bool in
                if state.isPosted {
                    state.isPosted = false
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}
