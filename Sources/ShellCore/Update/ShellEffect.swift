import ZappCore
import ZappModel

/// Work the update asks the runtime to do: values, so that the update stays pure and
/// testable. Results come back as `ShellEvent`s.
public enum ShellEffect: Sendable, Hashable {
    /// Run one step of the startup sequence (startup hooks, the load, the root, the deep link)
    /// with the running app's services; `.startupStepEnded` reports it.
    case runStartupStep(StartupStep)
    /// Watch the app's files (`run --watch`, `ShellSetup.watchFiles`); changes come back as
    /// `.filesChanged`.
    case watchFiles
    /// Start a navigation from `navigation` in `app` (hooks run in a task;
    /// `ShellEvent.navigationFinished` reports it).
    case navigate(NavigationRequest, activityID: Int, from: NavigationState, app: ZappApp)
    /// Run a shown screen's post hooks (after the frame showing it is drawn).
    case runPostHooks(screen: ScreenModel, dataDict: JSONObject?, activityID: Int)
    /// Ask the login provider who is signed in; `.signedInUserChanged` reports it when it is not
    /// `known` (after a navigation or the startup: a hook may have signed someone in or out).
    case refreshSignedInUser(known: String?)
    /// Use the services built with the revision `revision` (`AppRevision.servicesID`): the update
    /// accepted it as the running app. Until then the runtime runs the services of the app before.
    case adoptServices(revision: Int)
    /// Drop the services built with the revision `revision`: the update dropped that revision
    /// (its app was replaced meanwhile).
    case discardServices(revision: Int)
    /// Work out whether these screens of the app of `generation` are gated (the lock marks,
    /// `ScreenGates` of its services); `.gatesChecked` reports them.
    case checkGates(screenIDs: [String], generation: Int)
    /// Cancel the running navigation or post hooks (a cancel is a failure for the hook manager).
    case cancelActivity(activityID: Int)
    /// Hand the user's answer to the hook waiting on a pane (only ever sent to a waiting hook:
    /// `ShellEvent.paneAwaitingAnswer`).
    case answerPane(id: Int, answer: PaneAnswer)
    /// Open a web link with `$BROWSER` (`BrowserLauncher`); failures come back as a notice.
    case openBrowser(url: String)
    /// Sign out with the app's login provider (Settings, the Account pane).
    case signOut
    /// Ask the app's login plugins who is signed in and whom they can switch to (`a`);
    /// `.accountsLoaded` reports it.
    case loadAccounts
    /// Sign in as `username` with the login plugin `login`, without its pane (the Account pane);
    /// a notice and `.signedInUserChanged` report it.
    case switchAccount(login: String, username: String)
    /// Load a feed (`reload` bypasses the session cache); `ShellEvent.feedLoaded` reports it.
    /// `generation` is the app asking (0: the one the loop started with).
    case loadFeed(source: String, reload: Bool, generation: Int = 0)
    /// Load the page at `page` of the feed from `source`; `ShellEvent.feedPageLoaded` reports it.
    case loadFeedPage(source: String, page: String, generation: Int = 0)
    /// Load, decode and prepare an image (off the main actor, `AppServices.images`) for the app
    /// of `generation`; `ShellEvent.imageLoaded` reports it.
    case loadImage(ImageRequest, generation: Int)
    /// Encodes the part of the ready `image` that a frame shows (off the main actor, in the
    /// loader); `ShellEvent.imagePartEncoded` reports it.
    case encodeImagePart(ImagePartRequest, image: PreparedImage, generation: Int)
    /// Ask the terminal, once and bounded, which image protocol it has and its cell size
    /// (`ShellSetup.queryTerminal`); `ShellEvent.terminalQueried` reports it.
    case queryTerminal
    /// Read the files of the app of `generation` again (`r`, `run --watch`); `.appReloaded` or
    /// `.reloadFailed` reports it.
    case reloadApp(generation: Int)
    /// Decode the screens at `positions` of `screens` (a scanned river's, not decoded yet) off the
    /// main actor; `.screensDecoded` brings them (ARCHITECTURE.md, "The loop": decoded values only).
    case decodeScreens(positions: [Int], of: ScreenList, generation: Int)
    /// Run the load's deferred checks of `app` (its generation `generation`) once its first
    /// frame is drawn; `.loadWarningsChecked` reports them.
    case checkWarnings(app: ZappApp, generation: Int)
    /// Read the themes `t` cycles through once the first frame is drawn; `.themesLoaded` reports them.
    case loadThemes
    /// Draw the next frame in full (Ctrl-L: something else wrote on the terminal).
    case redraw
    /// Ask whether the pane still shows (the focus went: inside tmux another window may show);
    /// `.paneVisibility` reports it.
    case checkPaneVisibility
    /// The pane is hidden: take its protocol images off the screen that shows something else,
    /// and forget them (`Terminal.hideImages`).
    case hideImages
    /// Hand the terminal back to the shell and stop until `fg` (Ctrl-Z).
    case suspend
    /// Leave the event loop; the process exits with `status`.
    case quit(status: Int32)
}
