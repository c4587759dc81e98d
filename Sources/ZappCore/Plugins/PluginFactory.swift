import ZappModel

/// What a plugin class provides, made once per plugin configuration for the whole app run
/// by a `PluginFactoryMaker` registered in a `PluginCatalog` under its `api.class_name`.
///
/// A factory holds what is shared across hook runs (a login provider keeps its session) and
/// makes a new `ScreenHook` for every run of a hook chain, as the SDK does.
public protocol PluginFactory: Sendable {
    /// A new hook instance for one run; nil when the plugin is not a screen hook.
    func makeScreenHook(context: HookContext) -> (any ScreenHook)?
    /// The plugin's login provider, shared by all its hook runs and by Settings; nil when it has none.
    var loginProvider: (any LoginProvider)? { get }
    /// The plugin's startup hook; used when its manifest says `api.require_startup_execution: true`.
    var appLoadingHook: (any AppLoadingHook)? { get }
    /// The login's account switcher (the Account pane); nil when it has none.
    var accountSwitching: (any AccountSwitching)? { get }
}

extension PluginFactory {
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
