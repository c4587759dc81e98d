import ZappCore
import ZappModel

/// Everything the UI shows, as pure data: the update code changes it in response to events
/// and `ShellView.render(_:into:)` draws it. Nothing here touches a terminal or a file.
public struct ShellViewState: Sendable {
    // MARK: App and navigation
    public var app: ZappApp
    public var rootMenu: RootMenu
    /// The stacks; change it only with results from `Navigator`.
    public var navigation: NavigationState
    /// Text assets of the app's bars.
    public var assets: AssetStore

    // MARK: Focus and selection
    public var focus: FocusArea
    /// Selected row among `focusables(in: .rootMenu)`.
    public var menuSelection: Int
    /// Selected item among `focusables(in: .navBar)`.
    public var navBarSelection: Int
    /// Selected item among `focusables(in: .screen)`, per screen id (kept across back/forward).
    public var screenSelection: [String: Int]
    /// Selected tab of each screen picker, by component id (0 when absent).
    public var pickerTabs: [String: Int]
    public var isSideMenuOpen: Bool
    /// Expanded nested root-menu items, by id.
    public var expandedMenuItems: Set<String>
    /// The bar's overflow list is open (its items are then the nav bar's focusables).
    public var isOverflowOpen: Bool

    // MARK: Panes, overlays, messages
    /// Hook panes, bottom first; the last is on top and has the keyboard.
    public var panes: [PaneState]
    public var overlay: Overlay?
    /// The positions of a scanned river's screens whose JSON may name a hook screen
    /// (`screen_id`), which "go to" decodes to leave hook screens out: found once per app, when
    /// it first lists the screens (the layout, `ShellUpdate.layOut`), for the search reads the
    /// whole river; nil until then and after a reload.
    public var hookNamingPositions: [Int]?
    public var isTracePanelVisible: Bool
    /// Lines of the hook trace (newest last).
    public var traceLines: [String]
    public var toast: Toast?
    public var phase: StartupPhase
    /// The splash is not drawn yet (`ShellModel.splashDue`): a start that reaches its root
    /// within `ShellModel.splashDelay` draws the root as its first frame, with no splash before.
    public var isSplashHeld = false
    /// Advanced by the update code on a timer while something is busy.
    public var spinnerFrame: Int

    // MARK: Feeds
    /// Every feed asked for this session, by `data.source`.
    public var feeds: [String: FeedState] = [:]
    /// The next page being loaded for a feed, or why it failed, by the feed's `data.source`.
    public var feedPages: [String: FeedPageState] = [:]
    /// The pages loaded after each feed's first, by the feed's `data.source` (a next page that
    /// leads back to one of them ends the feed).
    public var loadedPages: [String: Set<String>] = [:]
    /// The feed each connected screen was opened with, by screen id.
    public var connectedSources: [String: String] = [:]
    /// The entry each content-type screen was opened with, by screen id.
    public var screenEntries: [String: FeedEntry] = [:]

    // MARK: Images
    /// How images are drawn (`--images`, resolved: never `auto`); `off` draws none and lays
    /// out every screen as before images existed.
    public var imageMode: ImageMode = .off
    /// The frame goes into a document that embeds each image's PNG (`render --format svg|html`):
    /// images show as pixels there, so a logo is not held to the size symbols need.
    public var embedsImages = false
    /// Every image asked for, by request (address, JSON path and box).
    public var images: [ImageRequest: ImageState] = [:]
    /// The parts of ready sixel and iTerm2 images that frames showed (a pane over them, an
    /// edge), by image: encoded once, kept while the image is.
    public var imageParts: [ImageRequest: [ImagePart: ImagePartState]] = [:]
    /// Why each address that failed cannot be shown: it is not asked for again in another box,
    /// and its title stands in.
    public var imageFailures: [String: String] = [:]
    /// One warning per image that failed (its JSON path, address and reason), listed after the
    /// load warnings.
    public var imageWarnings: [String] = []
    /// The terminal's cell size in pixels (nil until known): sixel and iTerm2 images are
    /// prepared for it.
    public var cellPixels: CellPixelSize?
    /// Why images are symbols where a protocol was possible (tmux's passthrough off; sixel or
    /// iTerm2 without a cell size): listed with the warnings (`w`), for the run.
    public var imageNotes: [String] = []

    // MARK: Appearance
    public var theme: Theme {
        didSet { palette = Palette(theme: theme, support: colorSupport) }
    }
    public var colorSupport: ColorSupport {
        didSet { palette = Palette(theme: theme, support: colorSupport) }
    }
    /// The theme's cell styles for the colour support, made when either changes rather than
    /// every frame (keeping letters legible measures contrast for every role).
    public private(set) var palette: Palette
    /// Forces ASCII glyphs (`--ascii`) whatever the theme says.
    public var forceASCII: Bool
    /// Demo-mode bar overrides by screen id.
    public var barOverrides: [String: BarOverride]
    /// Theme names the `t` key and Settings cycle through.
    public var themeNames: [String]

    // MARK: Session
    /// The signed-in user shown in Settings (nil when signed out).
    public var signedInUser: String?
    /// The problems found while loading the app that did not stop it (one line each, as
    /// `validate` prints them): counted in the status line, listed by the warnings overlay.
    public var loadWarnings: [String]
    /// Why the last reload failed (the running app stays); cleared by the next good one.
    public var reloadFailure: String?
    /// A root screen a hook did not let through (drawn as "Blocked by …" with Try again).
    public var blockedRoot: BlockedRoot?
    /// "offline: last copy from …": the app runs from its last good copy (its server could not
    /// be reached), shown in the status line until a reload reads it from the server.
    public var offlineNote: String?
    /// `$BROWSER`, which web links are opened with; nil shows them in an overlay instead.
    public var browser: String?
    /// Which screens are gated, for the lock marks, as the running app's services worked them
    /// out (`ShellEvent.gatesChecked`); a screen not in it has no mark (yet; none in `render`).
    public var gatedScreens: [String: Bool] = [:]

    /// Whether the screen is marked gated (a pre hook can stop its navigation).
    public func isGated(_ screenID: String?) -> Bool {
        guard let screenID else { return false }
        return gatedScreens[screenID] ?? false
    }

    /// A state showing the app's home screen as the root of its stack (hooks not run yet).
    public init(
        app: ZappApp, rootKind: RootKind? = nil, theme: Theme = .defaultDark, colorSupport: ColorSupport = .trueColor,
        assets: AssetStore = AssetStore()
    ) {
        self.app = app
        let menu = RootMenu(app: app, kind: rootKind ?? RootKind(app: app))
        rootMenu = menu
        let home = menu.homeScreenID ?? (app.screens.isEmpty ? nil : app.screens.id(at: 0)) ?? SyntheticScreen.settings.rawValue
        navigation = .showing(home, as: .root, rootItemID: menu.homeItemID, rootScreenID: home)
        self.assets = assets
        focus = .screen
        menuSelection = 0
        navBarSelection = 0
        screenSelection = [:]
        pickerTabs = [:]
        isSideMenuOpen = false
        expandedMenuItems = []
        isOverflowOpen = false
        panes = []
        overlay = nil
        isTracePanelVisible = false
        traceLines = []
        toast = nil
        phase = .running
        spinnerFrame = 0
        self.theme = theme
        self.colorSupport = colorSupport
        palette = Palette(theme: theme, support: colorSupport)
        forceASCII = false
        barOverrides = [:]
        themeNames = [theme.name]
        signedInUser = nil
        loadWarnings = []
        reloadFailure = nil
        browser = nil
    }

    /// What `w` lists and the status line counts: a failed reload's reason first, then the
    /// load warnings, then the feeds' (`feedWarnings`) and the images' (`imageWarnings`), credentials
    /// in URLs redacted (`CredentialRedaction`).
    public var warnings: [String] {
        ((reloadFailure.map { ["Reload failed, still showing the last good app: \($0)"] } ?? []) + loadWarnings + feedWarnings + imageNotes
            + imageWarnings).map(CredentialRedaction.redacted)
    }

    /// The screen on screen (river or synthetic; the update shows none not decoded yet).
    public var currentScreen: ScreenModel? {
        navigation.currentScreenID.flatMap { app.anyDecodedScreen(id: $0) }
    }

    /// Whether the app has a login plugin (the status line names who is signed in, `a` switches).
    public var hasLogin: Bool {
        app.plugins.contains { $0.manifest.type.lowercased() == "login" }
    }

    /// The blocked root screen, when it is the one on screen (the root of the current stack).
    public var shownBlockedRoot: BlockedRoot? {
        guard let blockedRoot, navigation.position == .root, navigation.currentScreenID == blockedRoot.screenID else { return nil }
        return blockedRoot
    }

    /// The bar manager for this app and root.
    public var barManager: NavigationBarManager {
        NavigationBarManager(app: app, rootKind: rootMenu.kind)
    }

    /// The current screen's bar with the demo overrides applied. A white-label screen (Settings,
    /// the EPG) keeps home's bar `on_top`, whatever `S` says, as the SDK does.
    public var currentBar: NavigationBar? {
        guard let id = navigation.currentScreenID else { return nil }
        var bar = barManager.bar(for: id, position: navigation.position)
        if let override = barOverrides[id] {
            if let style = override.style {
                bar.style = style
                bar.customStyle = nil
            }
            if let presentation = override.presentation { bar.presentation = presentation }
            if let state = override.state, !bar.forcesOnTop { bar.state = state }
        }
        return bar
    }

    /// The glyphs to draw with.
    public var glyphs: Glyphs {
        Glyphs(set: forceASCII ? .ascii : theme.glyphs, border: forceASCII ? .ascii : theme.border)
    }

    /// The selection of the current screen.
    public var currentScreenSelection: Int {
        get { navigation.currentScreenID.flatMap { screenSelection[$0] } ?? 0 }
        set { if let id = navigation.currentScreenID { screenSelection[id] = newValue } }
    }

    /// The top pane, which has the keyboard.
    public var topPane: PaneState? { panes.last }

    /// Nothing to draw yet: a held splash with no pane over it. The runtime flushes no frame
    /// then, so the terminal shows nothing of the app until there is something to show.
    public var isBlank: Bool {
        guard case .splash = phase else { return false }
        return isSplashHeld && panes.isEmpty
    }
}
