/// One step of a hook chain or of the startup sequence, as recorded in a `TraceLog`.
/// Values only: dictionary KEYS are recorded, never values, and no token or password
/// ever reaches a trace.
public struct HookTrace: Sendable, Hashable, Codable {
    /// Which part of the flow the step belongs to.
    public enum Stage: String, Sendable, Hashable, Codable {
        /// The start of a navigation (target and source).
        case navigation
        /// A pre hook (`preload_plugins`).
        case pre
        /// A post hook (`postload_plugins`).
        case post
        /// The startup sequence.
        case startup
        /// The outcome of a navigation.
        case result
    }

    /// What happened.
    public enum Step: String, Sendable, Hashable, Codable {
        case navigationStarted = "navigation_started"
        case postHooksStarted = "post_hooks_started"
        /// The hook's plugin was found (which class serves it).
        case pluginFound = "plugin_found"
        /// The hook was skipped (no such plugin, plugin not available, not a hook).
        case skipped
        case instanceCreated = "instance_created"
        case presentationAllowed = "presentation_allowed"
        /// `requestScreenPluginPresentation` said no: the hook counts as succeeded.
        case presentationDenied = "presentation_denied"
        /// A hook without UI started (with its timeout).
        case running
        case paneShown = "pane_shown"
        /// A scripted answer stood in for running a hook without UI (`trace --answer`).
        case scriptedAnswer = "scripted_answer"
        case succeeded
        case failed
        /// The user closed the hook's pane.
        case dismissed
        case timedOut = "timed_out"
        case cancelled
        case dataHandedOn = "data_handed_on"
        case dataDropped = "data_dropped"
        /// The flow-blocker decision after a failure.
        case flowBlocker = "flow_blocker"
        case warning
        case blocked
        case presented
        /// A startup phase or a startup hook's part of it.
        case phase
        case loadingFailed = "loading_failed"
    }

    public var stage: Stage
    public var step: Step
    /// The hook's plugin identifier, when the step is about one hook.
    public var identifier: String?
    /// A human description of the step (no dictionary values, no secrets).
    public var message: String
    /// The dataDict keys involved (handed on, presented with), when relevant.
    public var keys: [String]?

    public init(stage: Stage, step: Step, identifier: String? = nil, message: String, keys: [String]? = nil) {
        self.stage = stage
        self.step = step
        self.identifier = identifier
        self.message = message
        self.keys = keys
    }

    /// The one-line form shared by the UI's trace panel and `zapp-shell trace`:
    /// `pre login: presentation allowed (present)`, `pre x: warning: ...`, `startup: loading app data`,
    /// `result: presented home`.
    public var line: String {
        var line: String
        switch stage {
        case .navigation: line = ""
        case .pre, .post, .startup: line = stage.rawValue + (identifier.map { " \($0): " } ?? ": ")
        case .result: line = "result: "
        }
        if step == .warning { line += "warning: " }
        return line + message
    }
}

extension HookTrace {
    /// How dataDict keys are shown in a line: `keys a, b`, or `no keys` for an empty dictionary.
    static func describe(keys: [String]) -> String {
        keys.isEmpty ? "no keys" : "keys " + keys.joined(separator: ", ")
    }
}
