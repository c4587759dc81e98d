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

    public init(hooks: [PluginRegistry.StartupHookEntry], trace: TraceLog) {
        self.hooks = hooks
        self.trace = trace
    }

    /// The sequence for the registry's startup hooks.
    public init(registry: PluginRegistry, trace: TraceLog) {
        self.init(hooks: registry.startupHooks, trace: trace)
    }

    /// `executeOnLaunch` on every startup hook.
    public func launch() async {
        record("launch")
        for entry in hooks {
            record("executeOnLaunch", identifier: entry.identifier)
            await entry.hook.executeOnLaunch()
        }
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
        for entry in hooks {
            record("executeOnFailedLoading", identifier: entry.identifier)
            await entry.hook.executeOnFailedLoading()
        }
    }

    /// The user asked to load again after "Loading failed" (the launch phase is not repeated).
    public func retrying() {
        record("retrying")
    }

    /// `executeOnApplicationReady` on every startup hook (the splash is on screen).
    public func applicationReady() async {
        record("application ready")
        for entry in hooks {
            record("executeOnApplicationReady", identifier: entry.identifier)
            await entry.hook.executeOnApplicationReady()
        }
    }

    /// `executeAfterAppRootPresentation` on every startup hook (the root has been shown).
    public func afterRootPresentation() async {
        record("root presented")
        for entry in hooks {
            record("executeAfterAppRootPresentation", identifier: entry.identifier)
            await entry.hook.executeAfterAppRootPresentation()
        }
    }

    /// `executeOnContinuingUserActivity(url)` on every startup hook, then the linked screen's pre
    /// hooks through `opener`. The caller presents the screen on `.navigated(.presented)`.
    public func continueUserActivity(_ url: String, app: ZappApp, opener: any ScreenOpening) async
        -> DeepLinkOutcome
    {
        record("continuing user activity (deep link)")
        for entry in hooks {
            record("executeOnContinuingUserActivity", identifier: entry.identifier)
            await entry.hook.executeOnContinuingUserActivity(url)
        }
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

    private func record(_ message: String, identifier: String? = nil) {
        trace.append(HookTrace(stage: .startup, step: .phase, identifier: identifier, message: message))
    }
}
