/// Where the app is in its start: the splash while loading, the "Loading failed" screen
/// with retry, or running.
public enum StartupPhase: Sendable, Hashable {
    case splash(message: String)
    case loadingFailed(message: String)
    case running
}
