import ZappModel

/// One plugin of the app as the registry resolved it: what role it plays, which class
/// serves it, and its factory when it has one.
public struct RegisteredPlugin: Sendable {
    /// What the plugin is to ZappShell.
    public enum Role: Sendable, Hashable {
        /// A `type: menu` plugin: the app's root.
        case rootMenu(RootKind)
        /// `ZappShell.NavigationBar`, or a `type: nav_bar` plugin with an unknown class
        /// (drawn by the default bar).
        case navigationBar
        /// A plugin served by a catalog class (`className`, which differs from the manifest's
        /// for a login plugin with an unknown class, served by `ZappShell.LocalLogin`).
        case plugin(className: String)
        /// Not available: its hooks are skipped with a warning.
        case unavailable(reason: String)
    }

    public let configuration: PluginConfiguration
    public let role: Role
    /// The factory for `.plugin` roles; nil otherwise.
    public let factory: (any PluginFactory)?
    /// Why the plugin is served differently from its manifest (a substitution), for logs and traces.
    public let note: String?

    public init(configuration: PluginConfiguration, role: Role, factory: (any PluginFactory)?, note: String? = nil) {
        self.configuration = configuration
        self.role = role
        self.factory = factory
        self.note = note
    }

    public var identifier: String { configuration.identifier }

    /// The manifest's `api.class_name` ("(none)" when missing), for messages.
    public var manifestClassName: String { configuration.manifest.api.className ?? "(none)" }

    /// The class actually serving the plugin, when it is served by a catalog class.
    public var servingClassName: String? {
        if case .plugin(let className) = role { return className }
        return nil
    }

    /// Why the plugin is not available; nil when it is.
    public var unavailableReason: String? {
        if case .unavailable(let reason) = role { return reason }
        return nil
    }
}
