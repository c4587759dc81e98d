import ZappCore
import ZappModel

extension ShellModel {
    /// One screen drawn as it stands, with no startup and no hooks (`render`): the root of its
    /// menu stack, or pushed over home, or the root of a stack presented from the nav bar.
    public struct ShownScreen: Sendable, Hashable {
        public var screenID: String
        public var position: StackPosition
        /// `--style`, `--presentation`, `--state`.
        public var override: BarOverride

        public init(screenID: String, position: StackPosition, override: BarOverride) {
            self.screenID = screenID
            self.position = position
            self.override = override
        }
    }

    /// What the first model of a run is made from: the app and its configuration, what the
    /// terminal is, and which of the run's optional works exist (ARCHITECTURE.md, "The loop").
    /// Values only; the runtime reads them from its setup, its terminal and its services.
    public struct Start: Sendable {
        public var app: ZappApp
        /// The root menu the app's services chose.
        public var rootKind: RootKind
        /// The text assets of the app's bars, read before.
        public var assets: AssetStore
        public var theme: Theme
        /// The themes `t` cycles through.
        public var themes: [Theme]
        public var columns: Int
        public var rows: Int
        public var colorSupport: ColorSupport
        /// The terminal's cell size in pixels, when it says.
        public var cellPixels: CellPixelSize?
        /// `--ascii`.
        public var forceASCII = false
        /// The load's warnings known at start.
        public var warnings: [String] = []
        /// `$BROWSER`.
        public var browser: String?
        /// `--images` as resolved from the environment (`auto`: the query decides).
        public var imageMode: ImageMode = .off
        /// Why images are symbols where a protocol was possible.
        public var imageNote: String?
        /// The app is already loaded: the startup's first load uses it as it is.
        public var isLoaded = true
        /// The `--open` deep link.
        public var deepLink: String?
        /// The load's checks are left for after the first frame (`.checkWarnings`).
        public var hasDeferredChecks = false
        /// The themes `t` cycles through are read after the first frame (`.loadThemes`).
        public var readsThemes = false
        /// The terminal can be asked for its image protocol and cell size (`.queryTerminal`).
        public var canQueryTerminal = false
        /// The theme comes from the user's file (`--theme PATH`): a reload reads it again.
        public var themeIsFile = false
        /// `run --watch`.
        public var watchesFiles = false
        /// The app's services work out which screens are gated (the lock marks).
        public var marksGates = false
        /// Draw this screen at once, with no startup (`render`); nil: the startup opens home.
        public var shownScreen: ShownScreen?
        /// Images are embedded as pictures (`render --format svg|html`), not symbol cells.
        public var embedsImages = false

        public init(
            app: ZappApp, rootKind: RootKind, assets: AssetStore, theme: Theme, themes: [Theme], columns: Int, rows: Int,
            colorSupport: ColorSupport
        ) {
            self.app = app
            self.rootKind = rootKind
            self.assets = assets
            self.theme = theme
            self.themes = themes
            self.columns = columns
            self.rows = rows
            self.colorSupport = colorSupport
        }
    }

    /// The model a run starts with: home as the initial state under a held splash ("Starting
    /// APP…"), and which works the first frames ask for; or the shown screen, running, with the
    /// startup already over (`render`).
    public static func initial(_ start: Start) -> ShellModel {
        var view = ShellViewState(
            app: start.app, rootKind: start.rootKind, theme: start.theme, colorSupport: start.colorSupport, assets: start.assets)
        view.forceASCII = start.forceASCII
        view.loadWarnings = start.warnings
        view.browser = start.browser
        // Images need colours: a terminal without them shows titles, as with --images off.
        view.imageMode = start.colorSupport == .none ? .off : (start.imageMode == .auto ? .symbols : start.imageMode)
        view.cellPixels = start.cellPixels
        view.imageNotes = start.imageNote.map { [$0] } ?? []
        view.embedsImages = start.embedsImages
        view.phase = .splash(message: "Starting \(start.app.name)…")
        if let shown = start.shownScreen { show(shown, in: &view) }
        var model = ShellModel(view: view, columns: start.columns, rows: start.rows, themes: start.themes)
        model.areChecksPending = start.hasDeferredChecks
        model.areThemesPending = start.readsThemes
        model.isImageModeAuto = start.imageMode == .auto
        model.isTerminalQueryPending = start.canQueryTerminal && view.imageMode != .off
            && (start.imageMode == .auto || start.imageMode.needsCellSize && view.cellPixels == nil)
        model.fileThemeName = start.themeIsFile ? start.theme.name : nil
        model.watchesFiles = start.watchesFiles
        model.marksGates = start.marksGates
        model.reusesLoadedApp = start.isLoaded
        model.deepLink = start.deepLink
        if start.shownScreen == nil {
            model.holdSplash()
        } else {
            model.isStartupComplete = true
        }
        return model
    }

    /// `shown` as the state drawn: its stack, its bar's override, the feed its menu item connects.
    private static func show(_ shown: ShownScreen, in view: inout ShellViewState) {
        let menu = view.rootMenu
        let home = menu.homeScreenID ?? shown.screenID
        let rootItem = shown.position == .root ? (menu.item(forScreen: shown.screenID)?.id ?? menu.homeItemID) : menu.homeItemID
        view.navigation = .showing(shown.screenID, as: shown.position, rootItemID: rootItem, rootScreenID: home)
        view.barOverrides[shown.screenID] = shown.override
        view.connect(itemID: rootItem, target: shown.screenID)
        view.phase = .running
    }
}
