import ZappCore
import ZappModel

extension AppServices {
    /// The one wiring of an app's services with the built-in plugins (ARCHITECTURE.md,
    /// "Wiring"): the registry over `BuiltInPlugins.catalog`, the screen-hook manager, the root
    /// menu the registry picks, the navigator, the startup sequence, the first login provider and
    /// the feed loader (its cache lives as long as these services).
    /// `script` answers hooks with UI instead of the presenter (`zapp-shell trace`).
    public static func builtIn(
        app: ZappApp, environment: PluginEnvironment, trace: TraceLog = TraceLog(), script: HookScript? = nil
    ) -> AppServices {
        let registry = PluginRegistry(app: app, catalog: BuiltInPlugins.catalog, environment: environment)
        let manager = ScreenHookManager(
            app: app, registry: registry, environment: environment, trace: trace, script: script)
        let navigator = Navigator(app: app, rootMenu: RootMenu(app: app, kind: registry.rootKind(of: app)), opener: manager)
        return AppServices(
            registry: registry, navigator: navigator, startup: StartupSequence(registry: registry, trace: trace),
            trace: trace, loginProvider: registry.firstLoginProvider?.provider, feeds: FeedLoader(folder: app.feedFolder, map: app.feedMap))
    }
}
