import ZappCore
import ZappModel
import ShellCore

/// The one broker between hooks waiting on panes and the event loop (ARCHITECTURE.md, "Panes").
///
/// It keeps no copy of the model's panes: only the continuations of the hooks waiting for an
/// answer (handles of running work) and a counter naming their panes. A hook's pane becomes
/// state through events posted to the inbox (`.paneShown`, `.paneError`, `.paneBusy`,
/// `.paneClosed`); asking for an answer posts `.paneAwaitingAnswer`, and the update answers with
/// the `.answerPane` effect (an answer given earlier, `.dismissed` for a pane it no longer shows,
/// or the user's next one), which the runtime hands to `deliver(_:toPane:)`.
@MainActor
final class PaneBroker {
    private let inbox: RuntimeInbox
    private var lastID = 0
    private var waiters: [Int: OneShot<PaneAnswer>] = [:]
    /// The loop has ended: nobody will answer any more.
    private var isEnded = false

    init(inbox: RuntimeInbox) {
        self.inbox = inbox
    }

    /// Shows a pane; its id names it in the events and the answers.
    func show(_ pane: Pane) -> Int {
        lastID += 1
        inbox.post(.paneShown(id: lastID, pane: pane))
        return lastID
    }

    /// The user's next answer on pane `id`, as the update decides it (`.dismissed` once the
    /// pane is closed, or when the waiting task is cancelled).
    func nextAnswer(forPane id: Int) async -> PaneAnswer {
        guard !isEnded else { return .dismissed }
        let answer = OneShot<PaneAnswer>()
        waiters[id]?.deliver(.dismissed)
        waiters[id] = answer
        inbox.post(.paneAwaitingAnswer(id: id))
        // A cancelled wait gets nil: the hook stopped waiting, and its pane reads as dismissed.
        let given = await answer.wait() ?? .dismissed
        if waiters[id] === answer { waiters[id] = nil }
        return given
    }

    /// Hands an answer to the hook waiting on pane `id` (the update answers only waiting hooks;
    /// one that stopped waiting, cancelled, has nobody to take it).
    func deliver(_ answer: PaneAnswer, toPane id: Int) {
        waiters.removeValue(forKey: id)?.deliver(answer)
    }

    func showError(_ message: String, onPane id: Int) {
        inbox.post(.paneError(id: id, message: message))
    }

    func setBusy(_ busy: Bool, onPane id: Int) {
        inbox.post(.paneBusy(id: id, busy: busy))
    }

    /// Closes pane `id`: it leaves the state, and a hook still waiting on it gets `.dismissed`.
    func close(_ id: Int) {
        inbox.post(.paneClosed(id: id))
        deliver(.dismissed, toPane: id)
    }

    /// Ends every wait (the loop is quitting).
    func dismissAll() {
        isEnded = true
        for (_, waiter) in waiters { waiter.deliver(.dismissed) }
        waiters.removeAll()
    }
}
