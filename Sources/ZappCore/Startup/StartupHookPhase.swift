/// One phase of the startup sequence (`ZPAppLoadingHookProtocol`'s methods): its SDK method and
/// the `phase` an external hook's request carries.
public enum StartupHookPhase: String, Sendable, Hashable, CaseIterable {
    case launch
    case failedLoading = "failed_loading"
    case applicationReady = "application_ready"
    case afterRootPresentation = "after_root_presentation"
    case continuingUserActivity = "continuing_user_activity"

    /// The SDK's method: `executeOnLaunch`, …
    public var methodName: String {
        switch self {
        case .launch: return "executeOnLaunch"
        case .failedLoading: return "executeOnFailedLoading"
        case .applicationReady: return "executeOnApplicationReady"
        case .afterRootPresentation: return "executeAfterAppRootPresentation"
        case .continuingUserActivity: return "executeOnContinuingUserActivity"
        }
    }
}

/// What a startup hook is given besides its phase: the deep link of `continuing_user_activity`
/// and the app's login provider (the signed-in user, the token a hook may set).
public struct StartupContext: Sendable {
    public var url: String?
    public var login: (any LoginProvider)?

    public init(url: String? = nil, login: (any LoginProvider)? = nil) {
        self.url = url
        self.login = login
    }
}
