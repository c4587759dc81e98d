import Synchronization
import ShellCore

/// The one place the event loop waits on (ARCHITECTURE.md, "The loop"): results of tasks are
/// posted here as `ShellEvent`s, and the run's trace marks here that it has new steps (terminal
/// input starts a batch of its own: `ShellRuntime.takeInput`). Any thread may post; the loop
/// takes everything posted so far as one batch and renders once after it.
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

    /// Wakes the loop with nothing to take (it then sees that the run has ended).
    func wakeUp() {
        wake { _ in }
    }

    /// Marks that the trace has new steps and wakes the loop.
    func traceIsWaiting() {
        wake { $0.isTraceWaiting = true }
    }

    /// Changes the state and resumes the waiting loop, or marks that it must not wait.
    private func wake(_ change: (inout State) -> Void) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            change(&state)
            guard !state.waiters.isEmpty else {
                state.isPosted = true
                return []
            }
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
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
