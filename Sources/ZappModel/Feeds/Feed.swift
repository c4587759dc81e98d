/// A loaded feed, whatever its format: its identity and its entries in order. The Zapp SDK
/// shows feeds of two formats (Pipes2 JSON and the Applicaster Media Atom feed); both decode
/// to this, so components draw one shape.
public struct Feed: Sendable, Hashable {
    /// The two formats a feed can be written in, recognised by content (`FeedParser`).
    public enum Format: String, Sendable, Hashable {
        case pipes2 = "Pipes2 JSON"
        case atom = "Atom XML"
    }

    public var id: String?
    public var title: String?
    /// `type.value` (e.g. `feed`).
    public var typeValue: String?
    public var format: Format
    public var entries: [FeedEntry]

    public init(id: String? = nil, title: String? = nil, typeValue: String? = nil, format: Format, entries: [FeedEntry]) {
        self.id = id
        self.title = title
        self.typeValue = typeValue
        self.format = format
        self.entries = entries
    }

    /// The feed with at most `limit` entries (`rules.item_limit`); a limit below 1 keeps all.
    public func limited(to limit: Int?) -> Feed {
        guard let limit, limit > 0, entries.count > limit else { return self }
        var copy = self
        copy.entries = Array(entries.prefix(limit))
        return copy
    }
}
