import ZappModel

/// The startup sequence (ZPAppLoadingHookProtocol in the SDK): the startup hooks of plugins with
/// `api.require_startup_execution: true`, in configuration order, each phase awaited on every
/// hook before the next step:
///
/// `executeOnLaunch` → app data loads (failure: `executeOnFailedLoading` on all, "Loading failed"
/// with retry) → `executeOnApplicationReady` → the root is presented →
/// `executeAfterAppRootPresentation` → for a deep link, `executeOnContinuingUserActivity`, then
/// navigation to the linked screen through the screen-hook manager.
///
/// One method per phase; the UI runs them in that order, one step at a time, and does its own
/// part (loading, presenting) in between (`ShellUI`'s `StartupStep`). Every step is recorded in
/// the trace.
public struct StartupSequence: Sendable {
    private let hooks: [PluginRegistry.StartupHookEntry]
    private let trace: TraceLog
    private let login: (any LoginProvider)?

    public init(hooks: [PluginRegistry.StartupHookEntry], trace: TraceLog, login: (any LoginProvider)? = nil) {
        self.hooks = hooks
        self.trace = trace
        self.login = login
    }

    /// The sequence for the registry's startup hooks (every plugin with
    /// `require_startup_execution`: built-in, external, or a stand-in for an unknown class).
    public init(registry: PluginRegistry, trace: TraceLog) {
        self.init(hooks: registry.startupHooks, trace: trace, login: registry.firstLoginProvider?.provider)
    }

    /// `executeOnLaunch` on every startup hook.
    public func launch() async {
        record("launch")
        await runPhase(.launch)
    }

    /// Loads the app's data with `load`, recorded in the trace; what it throws is the failure
    /// ("loading failed: REASON" in the trace, then `failedLoading()`).
    public func loadAppData<Loaded: Sendable>(_ load: @Sendable () async throws -> Loaded) async throws -> Loaded {
        record("loading app data")
        do {
            let loaded = try await load()
            record("app data loaded")
            return loaded
        } catch {
            trace.append(
                HookTrace(stage: .startup, step: .loadingFailed, message: "loading failed: \(String(describing: error))"))
            throw error
        }
    }

    /// `executeOnFailedLoading` on every startup hook (loading failed).
    public func failedLoading() async {
        await runPhase(.failedLoading)
    }

    /// After `failedLoading()`, the app goes on from its last good copy (an http(s) app whose
    /// server could not be reached; `run` keeps the copy).
    public func openedLastGoodCopy() {
        record("opened the last good copy (offline)")
    }

    /// The user asked to load again after "Loading failed" (the launch phase is not repeated).
    public func retrying() {
        record("retrying")
    }

    /// `executeOnApplicationReady` on every startup hook (the splash is on screen).
    public func applicationReady() async {
        record("application ready")
        await runPhase(.applicationReady)
    }

    /// `executeAfterAppRootPresentation` on every startup hook (the root has been shown).
    public func afterRootPresentation() async {
        record("root presented")
        await runPhase(.afterRootPresentation)
    }

    /// `executeOnContinuingUserActivity(url)` on every startup hook, then the linked screen's pre
    /// hooks through `opener`. The caller presents the screen on `.navigated(.presented)`.
    public func continueUserActivity(_ url: String, app: ZappApp, opener: any ScreenOpening) async
        -> DeepLinkOutcome
    {
        record("continuing user activity (deep link)")
        await runPhase(.continuingUserActivity, url: url)
        let link: DeepLink
        do {
            link = try DeepLink(url)
        } catch {
            trace.append(HookTrace(stage: .startup, step: .warning, message: error.description))
            return .unresolved(reason: error.description)
        }
        guard let screen = link.screen(in: app) else {
            let reason = "cannot open \(Quoted.value(url, mark: "'", limit: 120)): no screen with id or name \(Quoted.value(link.screenKey, mark: "'"))"
            trace.append(HookTrace(stage: .startup, step: .warning, message: reason))
            return .unresolved(reason: reason)
        }
        return .navigated(await opener.runPreHooks(for: screen, from: .deepLink, dataDict: link.dataDict))
    }

    /// One phase on every startup hook in order, each awaited; a hook's own line (a stand-in's
    /// answer, a command's outcome) follows its step.
    private func runPhase(_ phase: StartupHookPhase, url: String? = nil) async {
        let context = StartupContext(url: url, login: login)
        for entry in hooks {
            record(phase.methodName, identifier: entry.identifier)
            if let note = await entry.hook.execute(phase, context: context) {
                record(note, identifier: entry.identifier)
            }
        }
    }

    private func record(_ message: String, identifier: String? = nil) {
        trace.append(HookTrace(stage: .startup, step: .phase, identifier: identifier, message: message))
    }
}
