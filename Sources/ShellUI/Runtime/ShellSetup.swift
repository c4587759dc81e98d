import ZappCore
import ZappModel
import ShellCore

/// An app read again by `ShellSetup.loadApp`, with its load warnings (`validate`'s lines).
public struct AppLoad: Sendable {
    public var app: ZappApp
    public var warnings: [String]

    public init(app: ZappApp, warnings: [String] = []) {
        self.app = app
        self.warnings = warnings
    }
}

/// How the runtime gets an app and its services: the configuration of one run, read by the
/// effects that need it. State lives in `ShellModel`, never here.
public struct ShellSetup: Sendable {
    /// The app as loaded (and validated) before the terminal started.
    public var app: ZappApp
    /// Whether `app` is already loaded: the startup sequence's first load then uses it as it is
    /// (the app is read once per start) and `loadApp` runs only for a retry.
    public var isLoaded: Bool
    /// Loads the app's data again, with its warnings (after "Loading failed", a reload, or first
    /// when `isLoaded` is false), writing nothing to the terminal; throwing shows "Loading failed"
    /// with the error's description (a reload keeps the running app and reports it).
    public var loadApp: @Sendable () async throws -> AppLoad
    /// Builds the services for an app; panes are shown with the given presenter, and hook and
    /// startup steps go to the given trace (the run's one `trace`, kept across reloads).
    public var makeServices: @MainActor @Sendable (ZappApp, any Presenter, TraceLog) -> AppServices
    /// The run's one hook trace: every app the run loads (a reload, a retry) appends to it, so a
    /// hook that outlives its app still reaches the model's event log.
    public var trace: TraceLog
    /// `app` is an http(s) app's last good copy (the server could not be reached): the startup
    /// sequence runs `executeOnFailedLoading` and goes on with it, marked offline on screen.
    public var offline: OfflineStart?
    /// The `--open` deep link.
    public var deepLink: String?
    /// The theme to start with and the themes `t` cycles through.
    public var theme: Theme
    public var themes: [Theme]
    /// Reads the theme file again on a reload (`--theme PATH`: `r`, `run --watch`); nil when
    /// the theme does not come from a file of the user's.
    public var loadTheme: (@Sendable () async throws -> Theme)?
    /// Reads the themes `t` cycles through (the current one included) once the startup has drawn
    /// the root, off the main actor; they replace `themes`. Reading and decoding every theme
    /// file would otherwise delay the first frame (README, "Performance"). Nil: `themes` it is.
    public var loadThemes: (@Sendable () -> [Theme])?
    /// `--ascii`.
    public var forceASCII: Bool
    /// The problems found while loading the app that did not stop it (`validate`'s lines).
    public var warnings: [String]
    /// The load's checks left for after the first frame (`AppLoader`'s `deferringChecks`):
    /// returns every warning of the app, `warnings` included, in `validate`'s order (a scanned
    /// river's screens are decoded as read, and none kept). The runtime
    /// runs it off the main actor once home is drawn and posts the result
    /// (`.loadWarningsChecked`). Nil when `warnings` is already complete.
    public var checkWarnings: (@Sendable () -> [String])?
    /// `$BROWSER`, which web links are opened with.
    public var browser: String?
    /// How images are drawn (`--images`, resolved from the environment; `off` by default).
    /// `auto`: the environment did not say; symbols until `queryTerminal` answers.
    public var imageMode: ImageMode = .off
    /// Why images are drawn as symbols where a protocol was possible (inside tmux with its
    /// passthrough off): listed with the warnings.
    public var imageNote: String?
    /// Asks the terminal which image protocol it has and its cell size (one query of at most
    /// 150 ms), run once after the first frame when `imageMode` is `auto`, or sixel or iTerm2
    /// without a cell size from the terminal's window size.
    public var queryTerminal: (@MainActor () -> TerminalImageAnswer)?
    /// `run --watch`: starts watching the app's files and calls the handler (from any thread)
    /// when one changes; watching stops when the returned object is released. Nil: no watching.
    public var watchFiles: (@MainActor @Sendable (@escaping @Sendable () -> Void) -> AnyObject?)?
    /// `render`: this screen is drawn at once and no startup runs (`ShellModel.ShownScreen`).
    public var shownScreen: ShellModel.ShownScreen?
    /// `render --format svg|html`: images are embedded as pictures.
    public var embedsImages = false
    /// Sees every event the update handled but `.frameDrawn` (`ShellObservation`), on the main actor, before its
    /// effects run: `run --record` and `replay` (`TapeRecorder`). Nil: nobody watches.
    public var observer: (@MainActor @Sendable (ShellObservation) -> Void)?

    public init(
        app: ZappApp, isLoaded: Bool = true, loadApp: @escaping @Sendable () async throws -> AppLoad,
        makeServices: @escaping @MainActor @Sendable (ZappApp, any Presenter, TraceLog) -> AppServices,
        trace: TraceLog = TraceLog(),
        deepLink: String? = nil, theme: Theme = .defaultDark, themes: [Theme] = [],
        loadThemes: (@Sendable () -> [Theme])? = nil, forceASCII: Bool = false,
        warnings: [String] = [], checkWarnings: (@Sendable () -> [String])? = nil, browser: String? = nil,
        imageMode: ImageMode = .off,
        watchFiles: (@MainActor @Sendable (@escaping @Sendable () -> Void) -> AnyObject?)? = nil,
        loadTheme: (@Sendable () async throws -> Theme)? = nil
    ) {
        self.app = app
        self.isLoaded = isLoaded
        self.loadApp = loadApp
        self.makeServices = makeServices
        self.trace = trace
        self.deepLink = deepLink
        self.theme = theme
        self.themes = themes
        self.loadThemes = loadThemes
        self.forceASCII = forceASCII
        self.warnings = warnings
        self.checkWarnings = checkWarnings
        self.browser = browser
        self.imageMode = imageMode
        self.watchFiles = watchFiles
        self.loadTheme = loadTheme
    }
}
