import ZappModel

/// The whole interactive UI as pure data: what is drawn (`view`) plus what only the
/// interaction needs (terminal size, the last frame's hit map, the clock, the navigation in
/// flight, the themes to cycle). `ShellUpdate` changes it; `ShellRuntime` owns it.
public struct ShellModel: Sendable {
    /// A navigation or post-hook run in flight. Only one runs at a time; Esc cancels it.
    public struct Activity: Sendable, Hashable {
        public var id: Int
        /// What the spinner says ("Opening premium").
        public var title: String
        /// When it started (`now`).
        public var startedAt: Int

        public init(id: Int, title: String, startedAt: Int) {
            self.id = id
            self.title = title
            self.startedAt = startedAt
        }
    }

    /// How long an activity runs before its spinner appears, in milliseconds.
    public static let spinnerDelay = 150
    /// How long the start may take before its splash is drawn, in milliseconds (most starts
    /// reach their root sooner, and then draw it as their first frame).
    public static let splashDelay = 150
    /// How often a spinner turns, in milliseconds.
    public static let tickInterval = 100
    /// How long file changes must settle before a watched app is reloaded, in milliseconds
    /// (an editor's save is often several writes).
    public static let reloadSettle = 150
    /// How often tmux is asked again whether the pane shows while it has not the focus
    /// (`visibilityCheckDue`).
    public static let visibilityInterval = 1_000
    /// How long a message stays, in milliseconds.
    public static let toastDuration = 4_000
    /// How many trace lines are kept for the panel.
    public static let traceCapacity = 500

    /// What is drawn. Any change to it, or to the size, leaves `frame` stale until the update
    /// lays it out again (a selection or focus change aside: `ShellUpdate.setSelection`).
    public var view: ShellViewState { didSet { isFrameCurrent = false } }
    public var columns: Int { didSet { isFrameCurrent = false } }
    public var rows: Int { didSet { isFrameCurrent = false } }
    /// The regions of the last frame drawn, for mouse clicks.
    public var hitMap: HitMap
    /// Milliseconds since the runtime started; the runtime updates it before each event.
    public var now: Int
    public var activity: Activity?
    /// When the current message goes away (nil: it stays, e.g. the spinner).
    public var toastExpiry: Int?
    /// The themes `t` cycles through (the current one included).
    public var themes: [Theme]
    /// Set once the user asked to quit.
    public var exitStatus: Int32?
    /// When a reload for changed files is due (changes settle for `reloadSettle` first).
    public var reloadDue: Int?
    /// Whether a reload is running.
    public var isReloading: Bool
    /// When a held splash is drawn (`ShellViewState.isSplashHeld`); nil when none is held.
    public var splashDue: Int?
    /// Whether the startup sequence has ended (root shown, startup hooks and deep link done).
    public var isStartupComplete: Bool
    /// Whether the startup sequence was asked for (`.started`).
    public var isStartupRequested: Bool
    /// The startup's next load uses the app loaded before the terminal started as it is (the
    /// app is read once per start); a retry reads it again.
    public var reusesLoadedApp = true
    /// The `--open` deep link the startup follows once the root is presented.
    public var deepLink: String?
    /// The app runs from its last good copy: the note the status line shows once the startup has
    /// run `executeOnFailedLoading` (then it moves to `ShellViewState.offlineNote`).
    public var offlineNote: String?
    /// The startup step that waits for the next frame (the post hooks of the screen it shows).
    public var startupAfterFrame: StartupStep?
    /// Which app is running: 0 for the app the loop started with, one more each time another
    /// replaces it. Effects for an app carry its generation, and results for a replaced app
    /// are dropped.
    public var appGeneration: Int
    /// The load's checks left for after the first frame (`ShellEffect.checkWarnings`) are
    /// still to be asked for.
    public var areChecksPending: Bool
    /// The deferred checks were asked for and have not answered yet (they decode every screen).
    var areChecksRunning = false
    /// The themes `t` cycles through are still to be read (`ShellEffect.loadThemes`).
    public var areThemesPending: Bool
    /// The one query to the terminal (`ShellEffect.queryTerminal`: the image protocol, the cell
    /// size) is still to be asked, after the first frame.
    public var isTerminalQueryPending = false
    /// `--images auto`: the query's answer chooses the image mode (`ShellEvent.terminalQueried`).
    public var isImageModeAuto = false
    /// tmux shows another window than this pane's (`ShellEvent.paneVisibility`): no protocol
    /// image is placed until it shows again, when the frame is drawn in full.
    public var isPaneHidden = false
    /// The pane lost the focus (`TerminalEvent.focus`) and has not had it back.
    public var isPaneUnfocused = false
    /// When tmux is asked again whether the unfocused pane shows: zooming or unzooming another
    /// pane of its window hides or shows it with no focus report to it. Nil when focused or
    /// outside tmux, so an idle app with the focus does no work.
    public var visibilityCheckDue: Int?
    /// The name of the theme read from the user's file (`--theme PATH`), as last read: a
    /// reload's `.themeReloaded` replaces it. Nil when the theme was found by name.
    public var fileThemeName: String?
    /// The layout of the next frame: made once by the update after each change and read by the
    /// keys, the feed and image requests and drawing (`FrameLayout`); nil before the first update.
    public internal(set) var frame: FrameLayout?
    /// Whether `frame` was laid out for `view` and the size as they are now.
    public internal(set) var isFrameCurrent = false
    /// How many layouts the update has made (tests count one per key through it).
    internal(set) var layoutCount = 0
    /// Frames flushed so far (`.frameDrawn`): work that waits for "the next frame" counts from
    /// when it asked.
    public var framesDrawn = 0
    /// The run watches the app's files (`run --watch`): `.started` asks for it (`.watchFiles`).
    public var watchesFiles = false
    /// The running app's services work out which screens are gated: the update asks them for
    /// the screens a frame may mark (`.checkGates`), once per screen and app.
    public var marksGates = false
    /// The screens asked about for the lock marks since the app last changed.
    public var gatesAsked: Set<String> = []
    /// A pane was submitted since the session was last reported: a new signed-in user then
    /// signed in now (toast "Signed in as NAME"), rather than being restored from a saved session.
    public var hasSubmittedPane = false
    /// Said again when the activity in flight ends: a reload closed the pane of its hook
    /// (whose plugin the new app no longer has), and the hook's outcome must not hide why.
    public var closedPanesNotice: String?
    /// The run's event log: hook steps, screens, panes, answers (ARCHITECTURE.md, "Observing").
    public internal(set) var log = EventLog()
    /// Panes answered whose hook has not reacted yet (closed the pane or shown an error): the
    /// app is not waiting for the user then, even though the pane is still shown.
    public internal(set) var answeredPanes: Set<Int> = []
    /// Panes whose hook is waiting for the user's next answer (`ShellEvent.paneAwaitingAnswer`):
    /// an answer goes to it at once (`.answerPane`); otherwise it waits in the pane's queue. A
    /// hook asking about a pane no longer shown is answered `.dismissed`.
    public internal(set) var panesAwaitingAnswer: Set<Int> = []
    /// Events waiting for screens not decoded yet, in order (`ShellUpdate.update`): the first
    /// read such a screen, the others came after it; `.screensDecoded` lets them go on.
    public internal(set) var heldEvents: [ShellEvent] = []
    /// The positions of screens not decoded yet that the event being handled wanted to read.
    var screensWanted: Set<Int> = []
    private(set) var lastIssuedID: Int

    public init(view: ShellViewState, columns: Int, rows: Int, themes: [Theme] = []) {
        self.view = view
        self.columns = columns
        self.rows = rows
        hitMap = HitMap()
        now = 0
        activity = nil
        toastExpiry = nil
        self.themes = themes.isEmpty ? [view.theme] : themes
        self.view.themeNames = self.themes.map(\.name)
        exitStatus = nil
        isStartupComplete = false
        isStartupRequested = false
        appGeneration = 0
        areChecksPending = false
        areThemesPending = false
        fileThemeName = nil
        reloadDue = nil
        splashDue = nil
        isReloading = false
        lastIssuedID = 0
    }

    /// Holds the splash until `splashDelay` after `now`: it is drawn then unless the start
    /// has reached its root (or failed) before.
    public mutating func holdSplash() {
        view.isSplashHeld = true
        splashDue = now + Self.splashDelay
    }

    /// Draws a held splash from now on, or forgets the hold once the start is past its splash.
    mutating func releaseSplash() {
        view.isSplashHeld = false
        splashDue = nil
    }

    /// A new id for an activity or a pane.
    mutating func issueID() -> Int {
        lastIssuedID += 1
        return lastIssuedID
    }

    /// Shows a message for `toastDuration`.
    mutating func notify(_ text: String, isError: Bool = false) {
        view.toast = Toast(text, kind: isError ? .error : .info)
        toastExpiry = now + Self.toastDuration
    }
}
