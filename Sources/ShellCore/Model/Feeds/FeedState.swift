import ZappModel

/// Where a feed (by its `data.source`) is: the update sets `loading` when it asks the runtime
/// for it, and the runtime's `ShellEvent.feedLoaded` moves it to `loaded` or `failed`.
public enum FeedState: Sendable, Hashable {
    case loading
    case loaded(Feed)
    /// Why it could not be shown, for the component's own space.
    case failed(String)
}

/// Where the next page of a loaded feed is (its "More entries" button asked for it): loading,
/// or why it could not be loaded (the button then offers it again). A page that arrives is
/// appended to the feed's entries (`ShellEvent.feedPageLoaded`).
public enum FeedPageState: Sendable, Hashable {
    case loading
    case failed(String)
}
