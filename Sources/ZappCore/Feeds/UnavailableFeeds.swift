import ZappModel

/// The feed loader of services built without one (tests, tools that load no feeds): every feed
/// fails, saying so.
public struct UnavailableFeeds: FeedLoading {
    public init() {}

    public func load(_ source: String, reload: Bool) async -> Result<Feed, FeedLoadError> {
        .failure(FeedLoadError("feeds are not loaded here"))
    }
}
