#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
    /// Where the next page of entries is (Pipes2 `next`, Atom `<link rel="next">`), as written:
    /// `nextPage(after:)` resolves it.
    public var next: String?
    /// The source `next` is written relative to when it is not the feed's own: the page it came
    /// from, once pages were appended (`appending(_:from:loaded:)`).
    public var nextBase: String?
    /// How many entries the feed listed when it listed more than `entryLimit` (only the first
    /// `entryLimit` are kept); nil otherwise.
    public var listedEntries: Int?

    /// The most entries kept of one feed (or one page): what a feed costs in memory is bounded
    /// by what is kept, not by what it lists.
    public static let entryLimit = 10_000

    /// The warning for a feed cut to `entryLimit`, naming it (`source`), or nil.
    public func capWarning(source: String) -> String? {
        listedEntries.map { "feed \(source): \($0) entries listed; the first \(Self.entryLimit) are kept" }
    }

    public init(
        id: String? = nil, title: String? = nil, typeValue: String? = nil, format: Format, entries: [FeedEntry],
        next: String? = nil
    ) {
        self.id = id
        self.title = title
        self.typeValue = typeValue
        self.format = format
        self.entries = entries
        self.next = next
    }

    /// The feed with at most `limit` entries (`rules.item_limit`); a limit below 1 keeps all. A
    /// feed cut short by its limit has no next page to show.
    public func limited(to limit: Int?) -> Feed {
        guard let limit, limit > 0, entries.count >= limit else { return self }
        var copy = self
        copy.entries = Array(entries.prefix(limit))
        copy.next = nil
        return copy
    }

    /// The source of the next page of the feed loaded from `source`: `next` as it is when it
    /// is an http(s) URL or an absolute path, else relative to `source` (or to `nextBase`: a
    /// URL's folder, or a path's). Nil when there is no next page.
    public func nextPage(after source: String) -> String? {
        guard let next = next?.trimmingWhitespace, !next.isEmpty else { return nil }
        return Self.resolve(next, against: nextBase ?? source)
    }

    /// An address a feed names (a next page, an entry's artwork) as it is when it is a URL or
    /// an absolute path, else relative to the feed's `source` (a URL's folder, or a path's); nil
    /// when the two do not make a URL.
    public static func resolve(_ reference: String, against source: String) -> String? {
        if reference.hasPrefix("/") || reference.contains("://") { return reference }
        if source.isWebURL, let base = URL(string: source) {
            return URL(string: reference, relativeTo: base)?.absoluteString
        }
        guard let slash = source.lastIndex(of: "/") else { return reference }
        return String(source[...slash]) + reference
    }

    /// This feed followed by `page`'s entries (`page` was loaded from `pageSource`); the next
    /// page is `page`'s, unless it leads back to a page already loaded (`loaded`, the first
    /// page's source included), which would repeat entries for ever.
    public func appending(_ page: Feed, from pageSource: String, loaded: Set<String>) -> Feed {
        var copy = self
        copy.entries += page.entries
        copy.next = page.next
        copy.nextBase = pageSource
        if let next = copy.nextPage(after: pageSource), loaded.contains(next) { copy.next = nil }
        return copy
    }
}
