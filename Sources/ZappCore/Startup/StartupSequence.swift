import ZappModel

/// The startup sequence (ZPAppLoadingHookProtocol in the SDK): the startup hooks of plugins with
/// `api.require_startup_execution: true`, in configuration order, each phase awaited on every
/// hook before the next step:
///
/// `executeOnLaunch` → app data loads (failure: `executeOnFailedLoading` on all, then the last
/// good copy of an http(s) app, offline, or "Loading failed" with retry) → `executeOnApplicationReady` → the root is presented →
/// `executeAfterAppRootPresentation` → for a deep link, `executeOnContinuingUserActivity`, then
/// navigation to the linked screen through the screen-hook manager.
///
/// Use `run(_:)` with the UI's callbacks, or the phase methods one by one. Every step is
/// recorded in the trace.
public struct StartupSequence: Sendable {
    /// What the UI does at the points where the sequence hands over to it.
    public struct Callbacks: Sendable {
        /// Loads the app's data; throwing means loading failed (the error's description is shown).
        /// Returning a reason means loading failed but the app goes on with its last good copy
        /// (offline); nil, that it loaded.
        public var loadAppData: @Sendable () async throws -> String?
        /// Shows "Loading failed" with the reason and waits: true retries loading, false gives up.
        public var loadingFailed: @Sendable (String) async -> Bool
        /// Presents the root (the splash was shown during `executeOnApplicationReady`).
        public var presentRoot: @Sendable () async -> Void
        /// Shows the linked screen after its pre hooks allowed it (and runs its post hooks).
        public var presentLinkedScreen: @Sendable (ScreenModel, JSONObject?) async -> Void

        public init(
            loadAppData: @escaping @Sendable () async throws -> String?,
            loadingFailed: @escaping @Sendable (String) async -> Bool,
            presentRoot: @escaping @Sendable () async -> Void,
            presentLinkedScreen: @escaping @Sendable (ScreenModel, JSONObject?) async -> Void
        ) {
            self.loadAppData = loadAppData
            self.loadingFailed = loadingFailed
            self.presentRoot = presentRoot
            self.presentLinkedScreen = presentLinkedScreen
        }
    }

    /// How the startup ended (`StartupOutcome`).
    public typealias Outcome = StartupOutcome
    /// What became of a deep link (`DeepLinkOutcome`).
    public typealias DeepLinkOutcome = ZappCore.DeepLinkOutcome

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

    /// The whole sequence. After a failed load, `loadingFailed` decides: a retry loads the data
    /// again (the launch phase is not repeated), giving up ends the sequence. The deep link (if
    /// any) is navigated through `opener` as a `deep_link` navigation.
    public func run(_ callbacks: Callbacks, deepLink: String?, app: ZappApp, opener: any ScreenOpening) async
        -> Outcome
    {
        await launch()
        while true {
            let failure = await loadAppData(callbacks.loadAppData)
            guard let failure else { break }
            guard await callbacks.loadingFailed(failure) else {
                record("gave up after loading failed")
                return .loadingFailed(reason: failure)
            }
            record("retrying")
        }
        await applicationReady()
        await callbacks.presentRoot()
        await afterRootPresentation()
        guard let deepLink else { return .started(deepLink: nil) }
        let outcome = await continueUserActivity(deepLink, app: app, opener: opener)
        if case .navigated(.presented(let screenID, let dataDict)) = outcome, let screen = app.screen(id: screenID) {
            await callbacks.presentLinkedScreen(screen, dataDict)
        }
        return .started(deepLink: outcome)
    }

    /// `executeOnLaunch` on every startup hook.
    public func launch() async {
        record("launch")
        for entry in hooks {
            record("executeOnLaunch", identifier: entry.identifier)
            await entry.hook.executeOnLaunch()
        }
    }

    /// Loads the app's data; on failure runs `executeOnFailedLoading` on every startup hook and
    /// returns the reason (nil when loading succeeded, or failed and `load` went on with the
    /// app's last good copy: then the hooks run too and the sequence goes on offline).
    public func loadAppData(_ load: @Sendable () async throws -> String?) async -> String? {
        record("loading app data")
        do {
            guard let offline = try await load() else {
                record("app data loaded")
                return nil
            }
            await failedLoading(offline)
            record("opened the last good copy (offline)")
            return nil
        } catch {
            let reason = String(describing: error)
            await failedLoading(reason)
            return reason
        }
    }

    /// `executeOnFailedLoading` on every startup hook, after the failure is traced.
    private func failedLoading(_ reason: String) async {
        trace.append(HookTrace(stage: .startup, step: .loadingFailed, message: "loading failed: \(reason)"))
        for entry in hooks {
            record("executeOnFailedLoading", identifier: entry.identifier)
            await entry.hook.executeOnFailedLoading()
        }
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
