import ZappCore
import ShellCore

/// The one broker between hooks waiting on panes and the event loop (ARCHITECTURE.md, "Panes").
///
/// A hook's pane becomes state through events posted to the inbox (`.paneShown`, `.paneError`,
/// `.paneBusy`, `.paneClosed`); the user's answer comes back as the update's `.answerPane`
/// effect, which the runtime hands to `deliver(_:toPane:)`. Answers given before the hook
/// asks are queued, so none is lost; a dismissal ends the queue.
@MainActor
final class PaneBroker {
    private let inbox: RuntimeInbox
    private var lastID = 0
    private var open: Set<Int> = []
    private var waiters: [Int: CheckedContinuation<PaneAnswer, Never>] = [:]
    private var queued: [Int: [PaneAnswer]] = [:]

    init(inbox: RuntimeInbox) {
        self.inbox = inbox
    }

    /// Shows a pane; its id names it in the events and the answers.
    func show(_ pane: Pane) -> Int {
        lastID += 1
        open.insert(lastID)
        inbox.post(.paneShown(id: lastID, pane: pane))
        return lastID
    }

    /// The user's next answer on pane `id` (`.dismissed` once it is closed or cancelled).
    func nextAnswer(forPane id: Int) async -> PaneAnswer {
        if var queue = queued[id], !queue.isEmpty {
            let answer = queue.removeFirst()
            queued[id] = queue
            return answer
        }
        guard open.contains(id) else { return .dismissed }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiters[id] = continuation
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.deliver(.dismissed, toPane: id) }
        }
    }

    /// Hands an answer to the hook waiting on pane `id`, or queues it.
    func deliver(_ answer: PaneAnswer, toPane id: Int) {
        if let waiter = waiters.removeValue(forKey: id) {
            waiter.resume(returning: answer)
        } else if answer == .dismissed {
            queued[id] = [.dismissed]
        } else if open.contains(id) {
            queued[id, default: []].append(answer)
        }
    }

    func showError(_ message: String, onPane id: Int) {
        inbox.post(.paneError(id: id, message: message))
    }

    func setBusy(_ busy: Bool, onPane id: Int) {
        inbox.post(.paneBusy(id: id, busy: busy))
    }

    /// Closes pane `id`: it leaves the state, and a hook still waiting on it gets `.dismissed`.
    func close(_ id: Int) {
        open.remove(id)
        queued[id] = nil
        inbox.post(.paneClosed(id: id))
        waiters.removeValue(forKey: id)?.resume(returning: .dismissed)
    }

    /// Ends every wait (the loop is quitting).
    func dismissAll() {
        open.removeAll()
        queued.removeAll()
        for (_, waiter) in waiters { waiter.resume(returning: .dismissed) }
        waiters.removeAll()
    }
}
