import ZappModel

/// What one hook entry of a screen is, for the gates report and the lock marks, found as the
/// hook manager finds it (`ScreenHookManager`): the plugin by identifier, a new instance made
/// with the hook screen's model, the flow-blocker rule (`ScreenHookManager.flowBlocker`).
/// Nothing runs: the instance is only asked what it is, and, for one session state, whether it
/// requests its presentation (`decide`).
public struct HookGate: Sendable, Hashable {
    public var identifier: String
    public var kind: HookKind
    /// The class serving the plugin (the stand-in's name for unknown classes), else the manifest's.
    public var className: String?
    /// The manifest's `api.class_name` when it differs from `className` (a stand-in, a substituted login).
    public var manifestClassName: String?
    /// The hook screen (`screen_id`) of the entry.
    public var hookScreenID: String?
    public var isFlowBlocker: Bool
    /// Where `isFlowBlocker` came from ("plugin", "hook screen general.is_flow_blocker", …).
    public var flowBlockerSource: String
    /// The hook shows a pane.
    public var hasUI: Bool
    /// The hook can fail by someone's answer: a pane, or a program without UI that is waited for
    /// (an external hook). Hooks that complete without waiting (analytics) cannot.
    public var mayAsk: Bool
    /// Why the entry is skipped (`missing`, `unavailable`, `not-a-hook`).
    public var skipReason: String?
    /// The hook screen's `general.allow_screen_plugin_presentation` is false: it passes.
    public var isPresentationDisallowed: Bool

    /// Whether this hook can stop the navigation: it may ask and it is a flow blocker.
    public var canBlock: Bool {
        skipReason == nil && !isPresentationDisallowed && mayAsk && isFlowBlocker
    }

    /// The entry's gate and the hook instance it was learnt from (nil when skipped).
    public static func make(
        _ entry: HookReference, target: ScreenModel, app: ZappApp, registry: PluginRegistry
    ) -> (gate: HookGate, hook: (any ScreenHook)?) {
        var gate = HookGate(
            identifier: entry.identifier, kind: .missing, className: nil, manifestClassName: nil,
            hookScreenID: entry.screenID, isFlowBlocker: false, flowBlockerSource: "skipped", hasUI: false,
            mayAsk: false, skipReason: nil, isPresentationDisallowed: false)
        guard let plugin = registry.plugin(identifier: entry.identifier) else {
            gate.skipReason = "no plugin with this identifier in plugin_configurations"
            return (gate, nil)
        }
        let manifestClass = plugin.configuration.manifest.api.className
        gate.className = plugin.servingClassName ?? manifestClass
        if manifestClass != gate.className { gate.manifestClassName = manifestClass }
        if let reason = plugin.unavailableReason {
            gate.kind = .unavailable
            gate.skipReason = "plugin not available (\(reason))"
            return (gate, nil)
        }
        let hookScreen = entry.screenID.flatMap { app.screen(id: $0) }
        let context = HookContext(
            plugin: plugin.configuration, hookScreen: hookScreen, target: target,
            presenter: ScriptedPresenter(script: HookScript()), app: app)
        guard let factory = plugin.factory, let hook = factory.makeScreenHook(context: context) else {
            gate.kind = .notAHook
            gate.skipReason = "\(gate.className ?? "(no api.class_name)") is not a screen hook"
            return (gate, nil)
        }
        gate.kind = Self.kind(of: plugin)
        let flowBlocker = ScreenHookManager.flowBlocker(own: hook.isFlowBlocker, plugin.configuration, hookScreen: hookScreen)
        gate.isFlowBlocker = flowBlocker.value
        gate.flowBlockerSource = flowBlocker.source
        gate.hasUI = hook.hasUI
        gate.mayAsk = hook.hasUI || !hook.completesWithoutWaiting
        gate.isPresentationDisallowed = hookScreen?.general["allow_screen_plugin_presentation"]?.boolValue == false
        return (gate, hook)
    }

    /// The kind of a plugin that makes screen hooks, by the class serving it.
    static func kind(of plugin: RegisteredPlugin) -> HookKind {
        if plugin.factory?.loginProvider != nil { return .login }
        switch plugin.servingClassName {
        case BuiltInPluginClass.localLogin.rawValue?, BuiltInPluginClass.httpLogin.rawValue?: return .login
        case BuiltInPluginClass.gate.rawValue?: return .gate
        case BuiltInPluginClass.externalHook.rawValue?: return .external
        case BuiltInPluginClass.analytics.rawValue?: return .analytics
        case PluginCatalog.standInClassName?: return .standIn
        default: return .other
        }
    }

    /// What the hook does when its screen is opened in the session state its registry holds:
    /// skipped, passes (presentation disallowed or not requested, or it runs without waiting),
    /// or asks (a pane, or a program whose answer decides), with why.
    public func decide(_ hook: (any ScreenHook)?, target: ScreenModel) async -> (decision: HookDecision, why: String) {
        if let skipReason { return (.skipped, skipReason) }
        guard let hook else { return (.skipped, "skipped") }
        if isPresentationDisallowed {
            return (.passes, "hook screen general.allow_screen_plugin_presentation is false")
        }
        guard await hook.requestScreenPluginPresentation() else {
            return (.passes, kind == .login ? "signed in with what \(target.id) requires" : "presentation not requested")
        }
        guard mayAsk else { return (.passes, "runs without UI and answers at once") }
        if let notRun = (hook as? any CommandStandIn)?.notRunLine {
            return (.asks, notRun + "; stand-in pane: Continue succeeds, Fail fails")
        }
        switch kind {
        case .login: return (.asks, "sign-in pane")
        case .gate: return (.asks, "gate pane")
        case .standIn: return (.asks, "stand-in pane: Continue succeeds, Fail fails")
        case .external: return (.asks, "runs the external command; its answer decides")
        default: return (.asks, hasUI ? "pane" : "runs without UI; its answer decides")
        }
    }
}
