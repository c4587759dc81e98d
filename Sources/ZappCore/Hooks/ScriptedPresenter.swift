import ZappModel

/// A presenter with no person behind it: a pane is answered from a `HookScript` (success
/// submits its default button with the fields as they are; failure and cancel close it).
/// Used by `zapp-shell trace` for panes shown outside the scripted path (hooks without UI
/// that show a pane anyway, startup gateways).
public struct ScriptedPresenter: Presenter {
    public let script: HookScript

    public init(script: HookScript) {
        self.script = script
    }

    public func show(_ pane: Pane) async -> any PaneSession {
        let answer: PaneAnswer
        switch script.answer(for: pane.hookIdentifier) {
        case .success:
            answer = .submitted(
                button: pane.buttons.first ?? "OK",
                values: Dictionary(pane.fields.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }))
        case .failure, .cancel:
            answer = .dismissed
        }
        return Session(answer: answer)
    }

    /// Answers once; a later request (a retry after a failed attempt) closes the pane, so a
    /// scripted sign-in never loops.
    private final class Session: PaneSession, @unchecked Sendable {
        private let first: PaneAnswer
        private let answered = OneShot<Bool>()

        init(answer: PaneAnswer) {
            first = answer
        }

        func nextAnswer() async -> PaneAnswer {
            answered.deliver(true) ? first : .dismissed
        }

        func showError(_ message: String) async {}
        func setBusy(_ busy: Bool) async {}
        func close() async {}
    }
}
