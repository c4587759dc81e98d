import ZappModel

/// Where a feed (by its `data.source`) is: the update sets `loading` when it asks the runtime
/// for it, and the runtime's `ShellEvent.feedLoaded` moves it to `loaded` or `failed`.
public enum FeedState: Sendable, Hashable {
    case loading
    case loaded(Feed)
    /// Why it could not be shown, for the component's own space.
    case failed(String)
}
