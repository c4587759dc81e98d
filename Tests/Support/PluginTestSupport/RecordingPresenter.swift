import Foundation
import ZappCore

/// A presenter that answers panes from a script and records what the hooks did with them:
/// panes shown, errors shown, busy changes and closes. When the script runs out the pane is
/// dismissed (as `zapp-shell trace` answers an unscripted pane).
public final class RecordingPresenter: Presenter, @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [PaneAnswer]
    private var _panes: [Pane] = []
    private var _errors: [String] = []
    private var _closes = 0
    private var _busy: [Bool] = []

    public init(_ answers: [PaneAnswer] = []) {
        self.answers = answers
    }

    public func show(_ pane: Pane) async -> any PaneSession {
        lock.withLock { _panes.append(pane) }
        return Session(presenter: self)
    }

    public var panes: [Pane] { lock.withLock { _panes } }
    public var errors: [String] { lock.withLock { _errors } }
    public var closes: Int { lock.withLock { _closes } }
    public var busyChanges: [Bool] { lock.withLock { _busy } }
    public var remainingAnswers: Int { lock.withLock { answers.count } }

    fileprivate func next() -> PaneAnswer {
        lock.withLock { answers.isEmpty ? .dismissed : answers.removeFirst() }
    }

    fileprivate func record(error: String) { lock.withLock { _errors.append(error) } }
    fileprivate func recordClose() { lock.withLock { _closes += 1 } }
    fileprivate func record(busy: Bool) { lock.withLock { _busy.append(busy) } }

    private struct Session: PaneSession {
        let presenter: RecordingPresenter

        func nextAnswer() async -> PaneAnswer { presenter.next() }
        func showError(_ message: String) async { presenter.record(error: message) }
        func setBusy(_ busy: Bool) async { presenter.record(busy: busy) }
        func close() async { presenter.recordClose() }
    }
}

extension PaneAnswer {
    /// Submits the sign-in pane.
    public static func signIn(_ username: String, _ password: String) -> PaneAnswer {
        .submitted(button: "Sign in", values: ["username": username, "password": password])
    }

    public static func button(_ label: String, _ values: [String: String] = [:]) -> PaneAnswer {
        .submitted(button: label, values: values)
    }
}
