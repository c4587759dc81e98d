import ZappModel

/// What a plugin class provides, made once per plugin configuration for the whole app run
/// by a `PluginFactoryMaker` registered in a `PluginCatalog` under its `api.class_name`.
///
/// A factory holds what is shared across hook runs (a login provider keeps its session) and
/// makes a new `ScreenHook` for every run of a hook chain, as the SDK does.
public protocol PluginFactory: Sendable {
    /// What this plugin's screen hooks are for a hook entry with this hook screen, declared
    /// without making one (the lock marks and the gates report read it; the hook core never
    /// names a plugin class); nil when the plugin is not a screen hook.
    func hookTraits(_ plugin: PluginConfiguration, hookScreen: ScreenModel?) -> HookTraits?
    /// A new hook instance for one run (asked only when `hookTraits` is not nil).
    func makeScreenHook(context: HookContext) -> (any ScreenHook)?
    /// The plugin's login provider, shared by all its hook runs and by Settings; nil when it has none.
    var loginProvider: (any LoginProvider)? { get }
    /// The plugin's startup hook; used when its manifest says `api.require_startup_execution: true`.
    var appLoadingHook: (any AppLoadingHook)? { get }
    /// The login's account switcher (the Account pane); nil when it has none.
    var accountSwitching: (any AccountSwitching)? { get }
}

extension PluginFactory {
    public func hookTraits(_ plugin: PluginConfiguration, hookScreen: ScreenModel?) -> HookTraits? { nil }
    public func makeScreenHook(context: HookContext) -> (any ScreenHook)? { nil }
    public var loginProvider: (any LoginProvider)? { nil }
    public var appLoadingHook: (any AppLoadingHook)? { nil }
    public var accountSwitching: (any AccountSwitching)? { nil }
}

/// Makes a plugin's factory from its configuration. Throws (preferably a
/// `PluginConfigurationError`) when `configuration_json` is unusable; the plugin is then
/// "not available" and the reason is reported.
public typealias PluginFactoryMaker =
    @Sendable (PluginConfiguration, PluginEnvironment) throws -> any PluginFactory

/// A plugin's `configuration_json` cannot be used; the message says what and where.
public struct PluginConfigurationError: Error, CustomStringConvertible, Sendable, Hashable {
    /// E.g. `configuration_json.users[1].password: expected a string`.
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// What a plugin's screen hooks are, as its factory declares them: the one source of a hook's
/// kind, UI and own flow-blocker answer for the interpreter, `gates` and the lock marks.
public struct HookTraits: Sendable, Hashable {
    /// What kind of hook it is (login, gate, analytics, stand-in, external…).
    public var kind: HookKind
    /// The hook shows a pane (it then has no timeout: a person answers).
    public var hasUI: Bool
    /// `requestScreenPluginPresentation` and `executeHook` never suspend on anything external (no
    /// UI, no I/O, no timers): the interpreter runs them inline, without a timeout. Only for hooks
    /// without UI.
    public var completesWithoutWaiting: Bool
    /// The plugin's own `isFlowBlocker` (the SDK's optional getter; the built-ins read
    /// `configuration_json.is_flow_blocker`); nil: the hook screen's `general`, then the manifest decide.
    public var isFlowBlocker: Bool?
    /// When its presentation is refused, the hook's own logic may fail (a login whose user does
    /// not comply, a gate nobody could answer); false: it then always succeeds.
    public var mayFailWithoutPresentation: Bool
    /// Why the hook's command will not run (`CommandTrust.notRunLine`): it stands in with a pane.
    public var notRunLine: String?

    public init(
        kind: HookKind, hasUI: Bool, completesWithoutWaiting: Bool = false, isFlowBlocker: Bool?,
        mayFailWithoutPresentation: Bool = false, notRunLine: String? = nil
    ) {
        self.kind = kind
        self.hasUI = hasUI
        self.completesWithoutWaiting = completesWithoutWaiting && !hasUI
        self.isFlowBlocker = isFlowBlocker
        self.mayFailWithoutPresentation = mayFailWithoutPresentation
        self.notRunLine = notRunLine
    }

    /// A plugin's `configuration_json.is_flow_blocker` read leniently (`true`, `1`, `"1"`,
    /// `"true"`…): the built-in plugins' own answer.
    public static func configuredFlowBlocker(_ plugin: PluginConfiguration) -> Bool? {
        plugin.configuration["is_flow_blocker"]?.boolValue
    }
}
