import ZappModel

/// How a hook's pane is shown: `present` is a modal pane over the current screen,
/// `push` a full-screen pane pushed on the current stack with a back button.
public enum PanePresentation: String, Sendable, Hashable {
    case present
    case push
}

/// A pane a hook asks the UI to show: a title, a message, form fields and buttons.
public struct Pane: Sendable, Hashable {
    /// The hook plugin identifier showing it (for the trace and for scripted answers).
    public var hookIdentifier: String
    public var title: String
    public var message: String
    public var fields: [PaneField]
    /// Button labels; the first is the default (Enter).
    public var buttons: [String]
    public var presentation: PanePresentation

    public init(
        hookIdentifier: String, title: String, message: String = "", fields: [PaneField] = [],
        buttons: [String] = ["OK"], presentation: PanePresentation = .present
    ) {
        self.hookIdentifier = hookIdentifier
        self.title = title
        self.message = message
        self.fields = fields
        self.buttons = buttons
        self.presentation = presentation
    }
}

/// A form field of a pane.
public struct PaneField: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case text
        /// Shown masked; its value never reaches a log or a trace.
        case password
    }

    public var key: String
    public var label: String
    public var kind: Kind
    public var value: String

    public init(key: String, label: String, kind: Kind = .text, value: String = "") {
        self.key = key
        self.label = label
        self.kind = kind
        self.value = value
    }
}

/// The user's answer to a pane.
public enum PaneAnswer: Sendable, Hashable {
    /// A button was chosen; `values` holds each field's text by key.
    case submitted(button: String, values: [String: String])
    /// The pane was closed (Esc, back, or the run was cancelled): `hookPluginDidDisappear`.
    case dismissed
}

/// A pane on screen. The hook awaits answers; a failed attempt can show a reason and keep
/// the pane open (login), and the hook closes it when done.
public protocol PaneSession: Sendable {
    /// Waits for the user's next answer.
    func nextAnswer() async -> PaneAnswer
    /// Shows an error under the fields and keeps the pane open for another answer.
    func showError(_ message: String) async
    /// Shows or hides a spinner while the hook works (Esc still cancels).
    func setBusy(_ busy: Bool) async
    /// Removes the pane.
    func close() async
}

/// Shows panes for hooks and reports the user's answers. Implemented by the UI,
/// and by a scripted presenter for `zapp-shell trace` and for tests.
public protocol Presenter: Sendable {
    func show(_ pane: Pane) async -> any PaneSession
}
