import ZappModel

/// Loads a component's `data.source` into a `Feed`. The UI asks for feeds through this
/// protocol (the runtime runs the load as a task and reports back), so tests inject a
/// scripted loader and the real one (ZappPlugins' `FeedLoader`) stays behind it.
///
/// Implementations load concurrently, bound every load by a timeout and a size cap, and
/// keep what they loaded for the session: asking again for a source returns the same feed
/// unless `reload` is true (a retry), which bypasses the cache.
public protocol FeedLoading: Sendable {
    func load(_ source: String, reload: Bool) async -> Result<Feed, FeedLoadError>
}

/// Why a feed could not be shown, as one sentence for the component's own space
/// ("HTTP 404 Not Found from 127.0.0.1:8000", "did not answer within 10 s", "bad XML at 3:14: ...").
public struct FeedLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
