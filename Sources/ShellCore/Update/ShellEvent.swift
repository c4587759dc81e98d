import ZappCore
import ZappModel

/// Everything that changes the UI: terminal input, the passing of time, and reports from
/// the tasks the runtime runs (navigations, hook panes, the trace, the session, startup).
public enum ShellEvent: Sendable, Hashable {
    /// The loop has started: the update asks for the startup sequence's first step
    /// (`ShellEffect.runStartupStep(.launch)`).
    case started
    /// A key, click, resize or termination request from the terminal.
    case terminal(TerminalEvent)
    /// Time passed (the model's `now` is already updated): spinner frames, toast expiry.
    case tick
    /// A navigation ended.
    case navigationFinished(activityID: Int, request: NavigationRequest, outcome: NavigationOutcome)
    /// A screen's post hooks ended.
    case postHooksFinished(activityID: Int)
    /// A hook asked for a pane.
    case paneShown(id: Int, pane: Pane)
    /// A hook reported an error on its pane; the pane stays open for another answer.
    case paneError(id: Int, message: String)
    /// A hook started or stopped working on its pane's answer.
    case paneBusy(id: Int, busy: Bool)
    /// A hook closed its pane.
    case paneClosed(id: Int)
    /// A hook waits for the user's next answer on its pane: the update hands it the oldest
    /// answer queued on the pane (`.answerPane`), `.dismissed` when the pane is gone, or keeps
    /// the hook waiting until the user answers.
    case paneAwaitingAnswer(id: Int)
    /// Steps of the hook trace not read yet, by sequence (`TraceLog.entries(after:)` from the
    /// model's `log.traceCursor`): the runtime reads them before every other event, so each
    /// lands in the event log before whatever its hook did next.
    case traceAppended(TraceSlice)
    /// Who is signed in now (nil: nobody).
    case signedInUserChanged(String?)
    /// The app's accounts for the Account pane (`ShellEffect.loadAccounts`).
    case accountsLoaded(AccountList)
    /// A step of the startup sequence ended (`ShellEffect.runStartupStep`): the update shows
    /// what it reports and asks for the next.
    case startupStepEnded(StartupStep, StartupStepResult)
    /// A frame was drawn; its hit map is what clicks land on.
    case frameDrawn(HitMap)
    /// A file of the app changed (`run --watch`): reload once the changes settle.
    case filesChanged
    /// The app was read again (`r`, or a watched change) for the app of `generation`
    /// (`ShellEffect.reloadApp`); dropped when that app was replaced meanwhile.
    case appReloaded(AppRevision, generation: Int)
    /// The theme file was read again with the app (`ShellSetup.loadTheme`); it replaces the
    /// theme it was (`ShellModel.fileThemeName`).
    case themeReloaded(Theme)
    /// Reading the app again failed; the running app stays as it was.
    case reloadFailed(String)
    /// A feed asked for with `ShellEffect.loadFeed` loaded or failed.
    /// Dropped when the app of `generation` was replaced meanwhile (its feeds are read again).
    case feedLoaded(source: String, result: Result<Feed, FeedLoadError>, generation: Int = 0)
    /// The page `page` of the feed from `source`, asked for with `ShellEffect.loadFeedPage`.
    case feedPageLoaded(source: String, page: String, result: Result<Feed, FeedLoadError>, generation: Int = 0)
    /// An image asked for with `ShellEffect.loadImage` is ready or failed; a result for an
    /// earlier generation (an app since replaced) is dropped.
    case imageLoaded(ImageRequest, generation: Int, result: Result<PreparedImage, ImageLoadError>)
    /// The frame just drawn shows sixel or iTerm2 images in part, and these parts were never
    /// asked for (`Canvas.wantedImageParts`).
    case imagePartsWanted([ImagePartRequest])
    /// A part asked for with `ShellEffect.encodeImagePart` is encoded or failed; dropped for an
    /// earlier generation or an image no longer ready.
    case imagePartEncoded(ImagePartRequest, generation: Int, result: Result<[UInt8], ImageLoadError>)
    /// The terminal answered the one query (`ShellEffect.queryTerminal`): its image protocol
    /// (used from now on under `--images auto`) and its cell size in pixels.
    case terminalQueried(TerminalImageAnswer)
    /// The terminal's cell size in pixels changed (read at the start and after a resize).
    case cellSizeChanged(CellPixelSize)
    /// Whether the pane shows (`.checkPaneVisibility`'s answer: inside tmux, its window is the
    /// current one and no other pane is zoomed; elsewhere always). `insideTmux`: tmux was asked,
    /// so the answer can change with no focus report to this pane (another pane zoomed).
    case paneVisibility(visible: Bool, insideTmux: Bool = false)
    /// A message for the user (e.g. the outcome of signing out).
    case notice(String, isError: Bool)
    /// The load's deferred checks (`ShellEffect.checkWarnings`) ended: every warning of the app
    /// of `generation`, in `validate`'s order, replacing those known at the first frame, and the
    /// bars' assets of all its screens (a scanned river's screens are read for them, not kept).
    /// Dropped when that app was replaced meanwhile.
    case loadWarningsChecked([String], assets: AssetStore, generation: Int)
    /// The screens `.decodeScreens` asked for, by position in the river of the app of
    /// `generation`; the events held for them go on.
    case screensDecoded([Int: ScreenModel], generation: Int)
    /// The themes `t` cycles through, read after the first frame (`ShellSetup.loadThemes`).
    case themesLoaded([Theme])
    /// Which screens of the app of `generation` are gated (`ShellEffect.checkGates`), for the
    /// lock marks; dropped when that app was replaced meanwhile.
    case gatesChecked([String: Bool], generation: Int)
}
