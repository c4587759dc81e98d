/// Reads a Zapp Pipes2 feed: `{id, title, type: {value}, entry: [...]}`. Tolerant as the SDK
/// is: missing keys, null URLs and entries of the wrong type are skipped, not errors; an `entry`
/// that is one object, not a list of them, is that one entry (Applicaster's own example server,
/// pipes2-server-example, answers so for a context-keyed feed); only a feed whose `entry` is
/// something else (or that is not an object) is refused.
enum Pipes2Decoder {
    /// `dropped`: entries past `Feed.entryLimit` the parse dropped already (counted as listed).
    static func decode(_ value: JSONValue, dropped: Int = 0) throws(FeedError) -> Feed {
        guard let object = value.objectValue else { throw FeedError("a Pipes2 feed is a JSON object") }
        let entries: [JSONValue]
        switch object["entry"] {
        case nil, .null?: entries = []
        case .array(let list)?: entries = list
        case .object(let single)?: entries = [.object(single)]
        case let other?: throw FeedError("$.entry: expected an array of entries, got \(other.kindDescription)")
        }
        var feed = Feed(
            id: text(object["id"]), title: text(object["title"]), typeValue: text(object["type"]?["value"]),
            format: .pipes2,
            entries: entries.prefix(Feed.entryLimit).enumerated().compactMap { offset, value in entry(value, index: offset) },
            next: text(object["next"]))
        if entries.count + dropped > Feed.entryLimit { feed.listedEntries = entries.count + dropped }
        return feed
    }

    /// An entry. A curation entry (`{"preset_name", "feed_url"}`, what a curation feed lists for
    /// the components it fills) stands for the feed at `feed_url`, named by its preset: a `feed`
    /// entry linking to it.
    static func entry(_ value: JSONValue, index: Int) -> FeedEntry? {
        guard let object = value.objectValue else { return nil }
        let content = object["content"]?.objectValue
        let curatedFeed = text(object["feed_url"])
        let artwork = image(object["media_group"], index: index)
        var entry = FeedEntry(
            id: text(object["id"]), title: text(object["title"]) ?? text(object["preset_name"]) ?? "Entry \(index + 1)",
            summary: text(object["summary"]), typeValue: text(object["type"]?["value"]) ?? curatedFeed.map { _ in "feed" },
            imageURL: artwork?.address, contentURL: text(content?["src"]), contentType: text(content?["type"]),
            linkURL: text(object["link"]?["href"]) ?? curatedFeed, extensions: object["extensions"]?.objectValue ?? [:],
            imagePath: artwork?.path)
        entry.json = value
        return entry
    }

    /// The entry's artwork among the `src`s of its `media_group`'s image groups (`Artwork`).
    private static func image(_ value: JSONValue?, index: Int) -> Artwork.Candidate? {
        var candidates: [Artwork.Candidate] = []
        for (groupIndex, group) in (value?.arrayValue ?? []).enumerated() {
            guard let group = group.objectValue, text(group["type"]) ?? "image" == "image" else { continue }
            for (itemIndex, item) in (group["media_item"]?.arrayValue ?? []).enumerated() {
                guard let src = text(item["src"]) else { continue }
                candidates.append(
                    Artwork.Candidate(
                        key: text(item["key"]), address: src,
                        path: "$.entry[\(index)].media_group[\(groupIndex)].media_item[\(itemIndex)].src"))
            }
        }
        return Artwork.choose(candidates)
    }

    /// A non-empty string, or a number written as text (ids are often numbers).
    static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: return text.isEmpty ? nil : text
        case .number?: return value?.intValue.map(String.init) ?? value?.doubleValue.map { "\($0)" }
        default: return nil
        }
    }
}
