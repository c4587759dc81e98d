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
/// Use `run(_:)` with the UI's callbacks, or the phase methods one by one. Every step is
/// recorded in the trace.
public struct StartupSequence: Sendable {
    /// What the UI does at the points where the sequence hands over to it.
    public struct Callbacks: Sendable {
        /// Loads the app's data; throwing means loading failed (the error's description is shown).
        public var loadAppData: @Sendable () async throws -> Void
        /// Shows "Loading failed" with the reason and waits: true retries loading, false gives up.
        public var loadingFailed: @Sendable (String) async -> Bool
        /// Presents the root (the splash was shown during `executeOnApplicationReady`).
        public var presentRoot: @Sendable () async -> Void
        /// Shows the linked screen after its pre hooks allowed it (and runs its post hooks).
        public var presentLinkedScreen: @Sendable (ScreenModel, JSONObject?) async -> Void

        public init(
            loadAppData: @escaping @Sendable () async throws -> Void,
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
        await runPhase(.launch)
    }

    /// Loads the app's data; on failure runs `executeOnFailedLoading` on every startup hook and
    /// returns the reason (nil when loading succeeded).
    public func loadAppData(_ load: @Sendable () async throws -> Void) async -> String? {
        record("loading app data")
        do {
            try await load()
        } catch {
            let reason = String(describing: error)
            trace.append(HookTrace(stage: .startup, step: .loadingFailed, message: "loading failed: \(reason)"))
            await runPhase(.failedLoading)
            return reason
        }
        record("app data loaded")
        return nil
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
