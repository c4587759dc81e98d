import Logging
import ZappModel

/// The app's plugins, resolved once per app run from plugin_configurations.json and a
/// `PluginCatalog`, following the table of built-in classes in docs/plugins.md:
/// - `ZappShell.SideMenu` / `ZappShell.TabBar` / `ZappShell.NavigationBar` are the built-in
///   roots and bar; a `type: menu` plugin with an unknown class is a tab bar or a side menu
///   (`RootKind(menuPlugin:)`), a `type: nav_bar`
///   one is drawn by the default bar;
/// - a class in the catalog is made by its maker (one factory per plugin, shared by all runs);
/// - a `type: login` plugin with an unknown class is served by `ZappShell.LocalLogin`;
/// - any other unknown class is served by the catalog's stand-in (a pane answering its hooks,
///   `StandInHook` in ZappPlugins); without one it is "not available" and its hooks are skipped.
///
/// Hooks are looked up by `identifier`; a hook entry's `type` is informational.
public struct PluginRegistry: Sendable {
    /// A plugin with `api.require_startup_execution: true` and its startup hook.
    public struct StartupHookEntry: Sendable {
        public let identifier: String
        public let hook: any AppLoadingHook
    }

    /// Every plugin configuration, in configuration order. A repeated identifier is kept as
    /// unavailable (no factory is made for it): lookups use the first.
    public let plugins: [RegisteredPlugin]
    /// Substitutions, unavailable plugins, duplicates and configuration problems, for the log
    /// and the trace panel.
    public let warnings: [String]
    private let index: [String: Int]

    /// Resolves the app's plugins; warnings are also written to `environment.logger`.
    public init(app: ZappApp, catalog: PluginCatalog, environment: PluginEnvironment) {
        self.init(configurations: app.plugins, catalog: catalog, environment: environment)
    }

    /// Resolves a list of plugin configurations (the first of a repeated identifier wins).
    public init(configurations: [PluginConfiguration], catalog: PluginCatalog, environment: PluginEnvironment) {
        var plugins: [RegisteredPlugin] = []
        var warnings: [String] = []
        var index: [String: Int] = [:]
        for configuration in configurations {
            guard index[configuration.identifier] == nil else {
                warnings.append("plugin \(Quoted.value(configuration.identifier, mark: "'")) is configured more than once; the first is used")
                plugins.append(
                    RegisteredPlugin(
                        configuration: configuration,
                        role: .unavailable(reason: "an earlier plugin has the same identifier"), factory: nil))
                continue
            }
            let plugin = Self.resolve(configuration, catalog: catalog, environment: environment)
            index[plugin.identifier] = plugins.count
            if let note = plugin.note { warnings.append("plugin \(Quoted.value(plugin.identifier, mark: "'")): \(note)") }
            if let reason = plugin.unavailableReason {
                warnings.append("plugin \(Quoted.value(plugin.identifier, mark: "'")) is not available (\(reason)); its hooks are skipped")
            }
            if configuration.manifest.api.requireStartupExecution, plugin.unavailableReason == nil,
                plugin.factory?.appLoadingHook == nil
            {
                warnings.append(
                    "plugin \(Quoted.value(plugin.identifier, mark: "'")) requires startup execution but \(plugin.servingClassName ?? plugin.manifestClassName) has no startup hook"
                )
            }
            plugins.append(plugin)
        }
        for warning in warnings { environment.logger.warning("\(warning)") }
        self.plugins = plugins
        self.warnings = warnings
        self.index = index
    }

    private static func resolve(
        _ configuration: PluginConfiguration, catalog: PluginCatalog, environment: PluginEnvironment
    ) -> RegisteredPlugin {
        let className = configuration.manifest.api.className
        switch className {
        case BuiltInPluginClass.sideMenu.rawValue:
            return RegisteredPlugin(configuration: configuration, role: .rootMenu(.sideMenu), factory: nil)
        case BuiltInPluginClass.tabBar.rawValue:
            return RegisteredPlugin(configuration: configuration, role: .rootMenu(.tabBar), factory: nil)
        case BuiltInPluginClass.navigationBar.rawValue:
            return RegisteredPlugin(configuration: configuration, role: .navigationBar, factory: nil)
        default:
            break
        }
        if let className, let maker = catalog.maker(for: className) {
            return make(configuration, className: className, maker: maker, environment: environment, note: nil)
        }
        let unknown = className.map { "class \($0) is unknown" } ?? "no api.class_name"
        switch configuration.manifest.type {
        case "menu":
            let kind = RootKind(menuPlugin: configuration)
            let shownAs = kind == .tabBar ? BuiltInPluginClass.tabBar : BuiltInPluginClass.sideMenu
            return RegisteredPlugin(
                configuration: configuration, role: .rootMenu(kind), factory: nil,
                note: "\(unknown); shown as \(shownAs.rawValue)")
        case "nav_bar":
            return RegisteredPlugin(
                configuration: configuration, role: .navigationBar, factory: nil,
                note: "\(unknown); drawn by \(BuiltInPluginClass.navigationBar.rawValue)")
        case "login":
            guard let maker = catalog.maker(for: BuiltInPluginClass.localLogin.rawValue) else {
                return RegisteredPlugin(
                    configuration: configuration,
                    role: .unavailable(reason: "\(unknown) and \(BuiltInPluginClass.localLogin.rawValue) is not registered"),
                    factory: nil)
            }
            return make(
                configuration, className: BuiltInPluginClass.localLogin.rawValue, maker: maker, environment: environment,
                note: "\(unknown); served by \(BuiltInPluginClass.localLogin.rawValue)")
        default:
            guard let maker = catalog.standInMaker else {
                return RegisteredPlugin(configuration: configuration, role: .unavailable(reason: unknown), factory: nil)
            }
            return make(
                configuration, className: PluginCatalog.standInClassName, maker: maker, environment: environment,
                note: "\(unknown); a stand-in answers its hooks")
        }
    }

    private static func make(
        _ configuration: PluginConfiguration, className: String, maker: PluginFactoryMaker,
        environment: PluginEnvironment, note: String?
    ) -> RegisteredPlugin {
        do {
            let factory = try maker(configuration, environment)
            return RegisteredPlugin(
                configuration: configuration, role: .plugin(className: className), factory: factory, note: note)
        } catch {
            return RegisteredPlugin(
                configuration: configuration,
                role: .unavailable(reason: "\(className): \(String(describing: error))"), factory: nil, note: note)
        }
    }

    /// The plugin with this identifier (the first, when configured more than once).
    public func plugin(identifier: String) -> RegisteredPlugin? {
        index[identifier].map { plugins[$0] }
    }

    /// The root kind for a menu navigation's `navigation_type`. A missing or non-menu plugin
    /// falls back to the side menu (validation reports a root menu with no menu plugin).
    public func rootKind(navigationType: String?) -> RootKind {
        guard let navigationType, let plugin = plugin(identifier: navigationType),
            case .rootMenu(let kind) = plugin.role
        else { return .sideMenu }
        return kind
    }

    /// The root kind of an app: from its home screen's first `category: menu` navigation.
    public func rootKind(of app: ZappApp) -> RootKind {
        rootKind(navigationType: app.homeScreen?.menu?.navigationType)
    }

    /// Whether the root of this menu navigation supports the special (menu) context button.
    public func supportsMenuButton(navigationType: String?) -> Bool {
        rootKind(navigationType: navigationType).supportsMenuButton
    }

    /// Whether the root of this menu navigation is a bottom tab bar.
    public func isTabBar(navigationType: String?) -> Bool {
        rootKind(navigationType: navigationType) == .tabBar
    }

    /// The login provider of the plugin with this identifier.
    public func loginProvider(for identifier: String) -> (any LoginProvider)? {
        plugin(identifier: identifier)?.factory?.loginProvider
    }

    /// The app's first login provider in configuration order (Settings: who is signed in, Sign out).
    public var firstLoginProvider: (identifier: String, provider: any LoginProvider)? {
        for plugin in plugins {
            if let provider = plugin.factory?.loginProvider { return (plugin.identifier, provider) }
        }
        return nil
    }

    /// The Account pane's accounts: who is signed in (the first login provider's answer) and
    /// each login plugin that can be switched, in configuration order.
    public func accounts() async -> AccountList {
        var logins: [LoginAccounts] = []
        for plugin in plugins {
            guard let switcher = plugin.factory?.accountSwitching else { continue }
            let name = plugin.configuration.manifest.name.isEmpty ? plugin.identifier : plugin.configuration.manifest.name
            logins.append(LoginAccounts(
                identifier: plugin.identifier, name: name, users: switcher.knownUsers,
                acceptsAnyUsername: switcher.acceptsAnyUsername))
        }
        return AccountList(signedInUser: await firstLoginProvider?.provider.signedInUser(), logins: logins)
    }

    /// The account switcher of the login plugin `identifier`.
    public func accountSwitching(identifier: String) -> (any AccountSwitching)? {
        plugin(identifier: identifier)?.factory?.accountSwitching
    }

    /// Startup hooks of plugins with `api.require_startup_execution: true`, in configuration order.
    public var startupHooks: [StartupHookEntry] {
        plugins.compactMap { plugin in
            guard plugin.configuration.manifest.api.requireStartupExecution, let hook = plugin.factory?.appLoadingHook
            else { return nil }
            return StartupHookEntry(identifier: plugin.identifier, hook: hook)
        }
    }
}
