import ZappCore
import ShellCore

/// The UI's `Presenter`: a hook's pane goes through the runtime's `PaneBroker`, so the hook
/// awaits the user's answer without blocking input or drawing. Esc on a pane answers
/// `.dismissed`.
@MainActor
public final class ShellPresenter: Presenter {
    var broker: PaneBroker?

    public nonisolated init() {}

    public func show(_ pane: Pane) async -> any PaneSession {
        guard let broker else { return ClosedPaneSession() }
        return ShellPaneSession(id: broker.show(pane), broker: broker)
    }
}

/// A pane shown through the broker.
struct ShellPaneSession: PaneSession {
    let id: Int
    let broker: PaneBroker

    func nextAnswer() async -> PaneAnswer { await broker.nextAnswer(forPane: id) }
    func showError(_ message: String) async { await broker.showError(message, onPane: id) }
    func setBusy(_ busy: Bool) async { await broker.setBusy(busy, onPane: id) }
    func close() async { await broker.close(id) }
}

/// The session of a pane that could not be shown because the UI has gone: always dismissed.
struct ClosedPaneSession: PaneSession {
    func nextAnswer() async -> PaneAnswer { .dismissed }
    func showError(_ message: String) async {}
    func setBusy(_ busy: Bool) async {}
    func close() async {}
}
