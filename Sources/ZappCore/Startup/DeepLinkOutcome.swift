/// What became of a deep link (`StartupSequence.continueUserActivity`).
public enum DeepLinkOutcome: Sendable, Hashable {
    /// The linked screen's pre hooks ran: presented or blocked.
    case navigated(HookChainResult)
    /// The link names no screen of the app (or is malformed); the root stays.
    case unresolved(reason: String)
}
