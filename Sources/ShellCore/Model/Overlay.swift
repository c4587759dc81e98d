import ZappModel

/// A full overlay over the UI (at most one at a time).
public enum Overlay: Sendable, Hashable {
    /// The key help, scrolled to its entry `scroll` (where the terminal is too short for all).
    case help(scroll: Int)
    /// "Go to screen": the typed filter and the selected row of the filtered list.
    case goTo(filter: String, selection: Int)
    /// The details of a feed entry that no content type maps to a screen.
    case entry(FeedEntry)
    /// A list of a feed (a `feed` entry's link) with its selected row.
    case feed(source: String, title: String, selection: Int)
    /// The problems found while loading the app (`ShellViewState.loadWarnings`), scrolled to `scroll`.
    case warnings(scroll: Int)
    /// A web link the shell cannot open itself (no `$BROWSER`): the URL, to copy.
    case webLink(String)
    /// The Account pane (`a`): sign in as a known user, or out.
    case account(AccountPane)
}
