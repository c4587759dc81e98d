import ZappCore
import ZappModel

/// A step of the startup sequence (the SDK's ZPAppLoadingHookProtocol; ARCHITECTURE.md, "Start"):
/// the update asks for each with `ShellEffect.runStartupStep`, the runtime runs it with the
/// running app's services and posts `ShellEvent.startupStepEnded` with its result, and the
/// update decides the next (`ShellUpdate.startupStepEnded`):
///
/// `launch` → `load` (failed: `failedLoading`, then "Loading failed" with retry, which loads
/// again) → `applicationReady` → `presentRoot` → the frame showing it → `rootPostHooks` →
/// `afterRootPresentation` → for `--open`, `continueUserActivity` → the frame showing the
/// linked screen → `linkedScreenPostHooks`.
///
/// A new phase is a case here, the runtime's case running it, and the update's case choosing
/// what follows it.
public enum StartupStep: Sendable, Hashable {
    /// `executeOnLaunch` on every startup hook.
    case launch
    /// Loads the app's data: the app loaded before the terminal started as it is
    /// (`reusesLoadedApp`), else read again; an app that differs from `app` (the running one)
    /// comes back as a revision with services of its own. `isRetry`: after "Loading failed".
    case load(app: ZappApp, reusesLoadedApp: Bool, isRetry: Bool)
    /// `executeOnFailedLoading` on every startup hook, after loading failed with `reason`.
    case failedLoading(reason: String)
    /// `executeOnApplicationReady` on every startup hook (the splash is on screen).
    case applicationReady
    /// Opens home through the hooks (`StartupStepResult.rootPresented`).
    case presentRoot
    /// The root's post hooks, once a frame showing it is drawn.
    case rootPostHooks(NavigationResult)
    /// `executeAfterAppRootPresentation` on every startup hook.
    case afterRootPresentation
    /// `executeOnContinuingUserActivity(url)` on every startup hook, then the linked screen's
    /// pre hooks in `app` (`StartupStepResult.deepLinkFollowed`).
    case continueUserActivity(url: String, app: ZappApp)
    /// The linked screen's post hooks, once a frame showing it is drawn.
    case linkedScreenPostHooks(screen: ScreenModel, dataDict: JSONObject?)
}

/// What a startup step reports back (`ShellEvent.startupStepEnded`).
public enum StartupStepResult: Sendable, Hashable {
    /// The step ran; it has nothing to report.
    case done
    /// The app's data loaded: nil when the running app stays, else the app that replaces it.
    case loaded(AppRevision?)
    /// Loading failed; the reason is shown on "Loading failed".
    case loadingFailed(reason: String)
    /// Home was opened through the hooks: shown, or blocked by a hook.
    case rootPresented(NavigationResult)
    /// What became of the deep link.
    case deepLinkFollowed(DeepLinkOutcome)
}
