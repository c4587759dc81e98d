import ZappCore
import ZappModel

/// What the runtime drives for one loaded app: the navigator (over the screen-hook manager),
/// the screen-picker helper, the startup sequence, the trace and the login provider.
public struct ShellServices: Sendable {
    public var navigator: Navigator
    public var pickerHelper: ScreenPickerHookHelper
    public var startup: StartupSequence
    public var trace: TraceLog
    /// The app's login provider (Settings: who is signed in, Sign out); nil when it has none.
    public var loginProvider: (any LoginProvider)?

    public init(navigator: Navigator, startup: StartupSequence, trace: TraceLog, loginProvider: (any LoginProvider)?) {
        self.navigator = navigator
        pickerHelper = ScreenPickerHookHelper(opener: navigator.opener)
        self.startup = startup
        self.trace = trace
        self.loginProvider = loginProvider
    }

    /// The hook manager every screen change goes through.
    public var opener: any ScreenOpening { navigator.opener }
}

/// How the runtime gets an app and its services.
public struct ShellSetup: Sendable {
    /// The app as loaded (and validated) before the terminal started.
    public var app: ZappApp
    /// Loads the app's data during the startup sequence (and again on "retry"); throwing
    /// shows "Loading failed" with the error's description.
    public var loadApp: @Sendable () async throws -> ZappApp
    /// Builds the services for an app; panes are shown with `presenter`.
    public var makeServices: @MainActor @Sendable (ZappApp, any Presenter) -> ShellServices
    /// The `--open` deep link.
    public var deepLink: String?
    /// The theme to start with and the themes `t` cycles through.
    public var theme: Theme
    public var themes: [Theme]
    /// `--ascii`.
    public var forceASCII: Bool
    /// The problems found while loading the app that did not stop it (`validate`'s lines).
    public var warnings: [String]
    /// `$BROWSER`, which web links are opened with.
    public var browser: String?

    public init(
        app: ZappApp, loadApp: @escaping @Sendable () async throws -> ZappApp,
        makeServices: @escaping @MainActor @Sendable (ZappApp, any Presenter) -> ShellServices,
        deepLink: String? = nil, theme: Theme = .defaultDark, themes: [Theme] = [], forceASCII: Bool = false,
        warnings: [String] = [], browser: String? = nil
    ) {
        self.app = app
        self.loadApp = loadApp
        self.makeServices = makeServices
        self.deepLink = deepLink
        self.theme = theme
        self.themes = themes
        self.forceASCII = forceASCII
        self.warnings = warnings
        self.browser = browser
    }
}
