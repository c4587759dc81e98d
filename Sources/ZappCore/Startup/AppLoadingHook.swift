import ZappModel

/// A startup hook (`ZPAppLoadingHookProtocol`): plugins with
/// `api.require_startup_execution: true`. Every phase is optional and awaited before the next.
public protocol AppLoadingHook: AnyObject, Sendable {
    /// Plugins are loaded; app data has not loaded yet.
    func executeOnLaunch() async
    /// App data failed to load.
    func executeOnFailedLoading() async
    /// All data is loaded and the root is about to be shown (splash on screen).
    func executeOnApplicationReady() async
    /// The root has been shown.
    func executeAfterAppRootPresentation() async
    /// The app was opened with a deep link (`--open URL`).
    func executeOnContinuingUserActivity(_ url: String) async
    /// Runs one phase, the way `StartupSequence` calls every hook; returns a line for the trace
    /// (what a stand-in or a command did), nil for none. The default calls the phase's method.
    func execute(_ phase: StartupHookPhase, context: StartupContext) async -> String?
}

extension AppLoadingHook {
    public func executeOnLaunch() async {}
    public func executeOnFailedLoading() async {}
    public func executeOnApplicationReady() async {}
    public func executeAfterAppRootPresentation() async {}
    public func executeOnContinuingUserActivity(_ url: String) async {}

    public func execute(_ phase: StartupHookPhase, context: StartupContext) async -> String? {
        switch phase {
        case .launch: await executeOnLaunch()
        case .failedLoading: await executeOnFailedLoading()
        case .applicationReady: await executeOnApplicationReady()
        case .afterRootPresentation: await executeAfterAppRootPresentation()
        case .continuingUserActivity: await executeOnContinuingUserActivity(context.url ?? "")
        }
        return nil
    }
}
