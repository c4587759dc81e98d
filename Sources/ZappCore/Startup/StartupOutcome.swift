/// How the startup sequence ended: a value the UI's update reads (`ShellEvent.startupEnded`)
/// without knowing the sequence that runs it.
public enum StartupOutcome: Sendable, Hashable {
    /// The root is shown; `deepLink` says what became of the `--open` link, if any.
    case started(deepLink: DeepLinkOutcome?)
    /// Loading failed and the user did not retry.
    case loadingFailed(reason: String)
}

/// What became of a deep link.
public enum DeepLinkOutcome: Sendable, Hashable {
    /// The linked screen's pre hooks ran: presented or blocked.
    case navigated(HookChainResult)
    /// The link names no screen of the app (or is malformed); the root stays.
    case unresolved(reason: String)
}
