import ZappModel

/// Everything that runs one loaded app: the plugin registry, the navigator over the
/// screen-hook manager, the screen-picker helper, the startup sequence, the trace and the
/// login provider, the feed and image loaders. `zapp-shell run`, `trace` and the benchmarks get theirs from one wiring
/// function, `AppServices.builtIn` in ZappPlugins (ARCHITECTURE.md, "Wiring").
public struct AppServices: Sendable {
    public var registry: PluginRegistry?
    public var navigator: Navigator
    public var pickerHelper: ScreenPickerHookHelper
    public var startup: StartupSequence
    public var trace: TraceLog
    /// The app's login provider (Settings: who is signed in, Sign out); nil when it has none.
    public var loginProvider: (any LoginProvider)?
    /// Loads the feeds components show.
    public var feeds: any FeedLoading
    /// Loads, decodes and prepares the images the UI shows (logos, artwork).
    public var images: any ImageLoading
    /// Which screens are gated (the lock marks); nil when not worked out.
    public var gates: ScreenGates?

    public init(
        registry: PluginRegistry? = nil, navigator: Navigator, startup: StartupSequence, trace: TraceLog,
        loginProvider: (any LoginProvider)?, feeds: any FeedLoading = UnavailableFeeds(),
        images: any ImageLoading = UnavailableImages(), gates: ScreenGates? = nil
    ) {
        self.registry = registry
        self.navigator = navigator
        pickerHelper = ScreenPickerHookHelper(opener: navigator.opener)
        self.startup = startup
        self.trace = trace
        self.loginProvider = loginProvider
        self.feeds = feeds
        self.images = images
        self.gates = gates
    }

    /// The hook manager every screen change goes through.
    public var opener: any ScreenOpening { navigator.opener }
}
