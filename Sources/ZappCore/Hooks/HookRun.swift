import Foundation
import ZappModel

/// The state of one hook's run inside a chain: how it ended (the first of: completed,
/// presentation denied, pane closed, timed out, cancelled), its timeout timer, and the panes
/// it has open. Shared by the manager and the observing presenter it gives the hook.
final class HookRun: @unchecked Sendable {
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
    /// Shares the run's lock: neither is ever held while calling the other.
    let end: OneShot<End>
    private let lock = NSLock()
    private var timer: Task<Void, Never>?
    private var isTimerStopped = false
    private var openSessions: [UUID: any PaneSession] = [:]

    init(identifier: String, presentation: PanePresentation, record: @escaping @Sendable (HookTrace.Step, String) -> Void) {
        self.identifier = identifier
        self.presentation = presentation
        self.record = record
        end = OneShot(lock: lock)
    }

    /// Starts the timeout of a hook without UI: when it fires first, the run ends as timed out.
    /// `elapsed` is the part of the timeout already spent. Does nothing once the timer was
    /// stopped (the hook showed a pane before the timer started).
    func startTimer(
        _ timeout: Duration, elapsed: Duration = .zero, sleep: @escaping @Sendable (Duration) async throws -> Void
    ) {
        lock.withLock {
            guard !isTimerStopped else { return }
            timer = Task { [weak self] in
                do {
                    try await sleep(max(.zero, timeout - elapsed))
                } catch {
                    return
                }
                self?.end.deliver(.timedOut(timeout))
            }
        }
    }

    /// Stops the timeout for good (the hook showed a pane, or the run ended).
    func stopTimer() {
        let task: Task<Void, Never>? = lock.withLock {
            defer { timer = nil }
            isTimerStopped = true
            return timer
        }
        task?.cancel()
    }

    func paneOpened(_ id: UUID, _ session: any PaneSession) {
        stopTimer()
        lock.withLock { openSessions[id] = session }
    }

    func paneClosed(_ id: UUID) {
        lock.withLock { openSessions[id] = nil }
    }

    /// Closes the panes the hook left open (it ended, was cancelled or timed out).
    func closeOpenPanes() async {
        let sessions: [any PaneSession] = lock.withLock {
            defer { openSessions.removeAll() }
            return Array(openSessions.values)
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
            run.end.deliver(.dismissed)
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
