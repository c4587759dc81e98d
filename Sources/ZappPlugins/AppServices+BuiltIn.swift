#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import ZappCore
import ZappModel

extension AppServices {
    /// The one wiring of an app's services with the built-in plugins (ARCHITECTURE.md,
    /// "Wiring"): the registry (`BuiltInRegistry`, the one factory), the screen-hook manager, the root
    /// menu the registry picks, the navigator, the startup sequence, the first login provider and
    /// the feed and image loaders (their caches live as long as these services; fetched images
    /// are kept under the state directory too, within `imageCacheBytes`, when `keepsImages`: by
    /// default unless sessions are in memory only; `run --signed-in` keeps them). `answers` says
    /// where the hook chain takes its answers from: a person (the presenter, the commands), or a
    /// script (`zapp-shell trace`).
    public static func builtIn(
        app: ZappApp, environment: PluginEnvironment, trace: TraceLog = TraceLog(), answers: HookAnswers = .person,
        imageCacheBytes: Int = ImageLoader.defaultDiskCacheBytes, keepsImages: Bool? = nil
    ) -> AppServices {
        let registry = BuiltInRegistry.make(app: app, environment: environment)
        let manager = ScreenHookManager(
            app: app, registry: registry, environment: environment, trace: trace, answers: answers)
        let stateDirectory: URL? = keepsImages ?? (environment.sessions == .persistent) ? environment.stateDirectory : nil
        let navigator = Navigator(app: app, rootMenu: RootMenu(app: app, kind: registry.rootKind(of: app)), opener: manager)
        return AppServices(
            registry: registry, navigator: navigator, startup: StartupSequence(registry: registry, trace: trace),
            trace: trace, loginProvider: registry.firstLoginProvider?.provider, feeds: FeedLoader(folder: app.feedFolder, map: app.feedMap),
            images: ImageLoader(folder: app.feedFolder, stateDirectory: stateDirectory, diskCacheBytes: imageCacheBytes),
            gates: ScreenGates(app: app, registry: registry))
    }
}
