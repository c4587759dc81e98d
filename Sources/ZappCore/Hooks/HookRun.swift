#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization
import ZappModel

/// The state of one hook's run inside a chain: how it ended (the first of: completed,
/// presentation denied, pane closed, timed out, cancelled), its timeout timer, and the panes
/// it has open. Shared by the manager and the observing presenter it gives the hook.
final class HookRun: Sendable {
    /// How a run ended.
    enum End: Sendable {
        case completed(HookOutcome)
        case presentationDenied
        case dismissed
        case timedOut(Duration)
        case cancelled
    }

    let identifier: String
    let presentation: PanePresentation
    let record: @Sendable (HookTrace.Step, String) -> Void
    /// How the run ended: the first end delivered counts.
    private let end = OneShot<End>()
    /// The run's timer and open panes.
    private struct State {
        var timer: Task<Void, Never>?
        var isTimerStopped = false
        var openSessions: [UUID: any PaneSession] = [:]
    }

    private let state = Mutex(State())

    init(identifier: String, presentation: PanePresentation, record: @escaping @Sendable (HookTrace.Step, String) -> Void) {
        self.identifier = identifier
        self.presentation = presentation
        self.record = record
    }

    /// Ends the run, from any thread, unless it has ended already (then `end` is dropped).
    func finish(_ end: End) {
        self.end.deliver(end)
    }

    /// Whether the run has ended.
    var isFinished: Bool {
        end.value != nil
    }

    /// Waits for the end of the run; a cancelled wait ends it as cancelled.
    func waitForEnd() async -> End {
        await end.wait() ?? settle(.cancelled)
    }

    /// Ends the run with `end` unless it has ended already, and returns the end that counts,
    /// for a caller that decides without waiting.
    func settle(_ end: End) -> End {
        self.end.deliver(end)
        return self.end.value ?? end
    }

    /// Starts the timeout of a hook without UI: when it fires first, the run ends as timed out.
    /// `elapsed` is the part of the timeout already spent. Does nothing once the timer was
    /// stopped (the hook showed a pane before the timer started).
    func startTimer(
        _ timeout: Duration, elapsed: Duration = .zero, clock: any Clock<Duration>
    ) {
        state.withLock { state in
            guard !state.isTimerStopped else { return }
            state.timer = Task { [weak self] in
                do {
                    try await clock.sleep(for: max(.zero, timeout - elapsed))
                } catch {
                    return
                }
                self?.finish(.timedOut(timeout))
            }
        }
    }

    /// Stops the timeout for good (the hook showed a pane, or the run ended).
    func stopTimer() {
        let task: Task<Void, Never>? = state.withLock { state in
            defer { state.timer = nil }
            state.isTimerStopped = true
            return state.timer
        }
        task?.cancel()
    }

    func paneOpened(_ id: UUID, _ session: any PaneSession) {
        stopTimer()
        state.withLock { $0.openSessions[id] = session }
    }

    func paneClosed(_ id: UUID) {
        state.withLock { $0.openSessions[id] = nil }
    }

    /// Closes the panes the hook left open (it ended, was cancelled or timed out).
    func closeOpenPanes() async {
        let sessions: [any PaneSession] = state.withLock { state in
            defer { state.openSessions.removeAll() }
            return Array(state.openSessions.values)
        }
        for session in sessions { await session.close() }
    }
}

/// The presenter a hook gets in its `HookContext`: shows panes through the real presenter
/// with the run's presentation (`present`/`push`), records them in the trace, stops the
/// timeout while a pane is up, and ends the run as failed when the user closes a pane.
struct ObservingPresenter: Presenter {
    let base: any Presenter
    let run: HookRun

    func show(_ pane: Pane) async -> any PaneSession {
        var pane = pane
        pane.presentation = run.presentation
        let session = await base.show(pane)
        let id = UUID()
        run.paneOpened(id, session)
        run.record(.paneShown, "pane \"\(pane.title)\" shown (\(pane.presentation.rawValue))")
        return ObservedPaneSession(id: id, base: session, run: run)
    }
}

/// A pane session whose `dismissed` answer ends the run ("User has closed hook execution")
/// before the hook sees it.
struct ObservedPaneSession: PaneSession {
    let id: UUID
    let base: any PaneSession
    let run: HookRun

    func nextAnswer() async -> PaneAnswer {
        let answer = await base.nextAnswer()
        if case .dismissed = answer {
            run.paneClosed(id)
            run.finish(.dismissed)
        }
        return answer
    }

    func showError(_ message: String) async {
        await base.showError(message)
    }

    func setBusy(_ busy: Bool) async {
        await base.setBusy(busy)
    }

    func close() async {
        run.paneClosed(id)
        await base.close()
    }
}
