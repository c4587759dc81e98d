import ZappCore

/// The UI's `Presenter`: a hook's pane becomes part of the state and the hook awaits the
/// user's answer without blocking input or drawing. Esc on a pane answers `.dismissed`.
@MainActor
public final class ShellPresenter: Presenter {
    weak var runtime: ShellRuntime?

    public nonisolated init() {}

    public func show(_ pane: Pane) async -> any PaneSession {
        guard let runtime else { return ClosedPaneSession() }
        return ShellPaneSession(id: runtime.openPane(pane), presenter: self)
    }

    func nextAnswer(_ id: Int) async -> PaneAnswer {
        guard let runtime else { return .dismissed }
        return await runtime.nextAnswer(forPane: id)
    }

    func showError(_ id: Int, _ message: String) {
        runtime?.send(.paneError(id: id, message: message))
    }

    func setBusy(_ id: Int, _ busy: Bool) {
        runtime?.send(.paneBusy(id: id, busy: busy))
    }

    func close(_ id: Int) {
        runtime?.closePane(id)
    }
}

/// A pane shown by `ShellPresenter`.
struct ShellPaneSession: PaneSession {
    let id: Int
    let presenter: ShellPresenter

    func nextAnswer() async -> PaneAnswer { await presenter.nextAnswer(id) }
    func showError(_ message: String) async { await presenter.showError(id, message) }
    func setBusy(_ busy: Bool) async { await presenter.setBusy(id, busy) }
    func close() async { await presenter.close(id) }
}

/// The session of a pane that could not be shown because the UI has gone: always dismissed.
struct ClosedPaneSession: PaneSession {
    func nextAnswer() async -> PaneAnswer { .dismissed }
    func showError(_ message: String) async {}
    func setBusy(_ busy: Bool) async {}
    func close() async {}
}
