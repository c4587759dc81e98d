/// One entry of a feed, read tolerantly: every key may be missing and every URL may be null.
/// `json` keeps the entry as Pipes2-shaped JSON: it is what a content-type screen's hooks
/// receive as `{"entry": ...}` in their dataDict, whatever format the feed was written in.
public struct FeedEntry: Sendable, Hashable {
    public var id: String?
    public var title: String
    public var summary: String?
    /// `type.value` (`video`, `feed`, `article`, ...); the key of `content_types.json`.
    public var typeValue: String?
    /// The entry's artwork (`Artwork.choose`): an http(s) or `file://` URL, or a path relative
    /// to the feed.
    public var imageURL: String?
    /// Where the feed names `imageURL` (`$.entry[2].media_group[0].media_item[1].src`), for
    /// warnings when it cannot be shown.
    public var imagePath: String?
    public var contentURL: String?
    public var contentType: String?
    public var linkURL: String?
    public var extensions: JSONObject
    /// The entry as Pipes2 JSON.
    public var json: JSONValue

    public init(
        id: String? = nil, title: String, summary: String? = nil, typeValue: String? = nil, imageURL: String? = nil,
        contentURL: String? = nil, contentType: String? = nil, linkURL: String? = nil, extensions: JSONObject = [:],
        json: JSONValue? = nil, imagePath: String? = nil
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.typeValue = typeValue
        self.imageURL = imageURL
        self.imagePath = imagePath
        self.contentURL = contentURL
        self.contentType = contentType
        self.linkURL = linkURL
        self.extensions = extensions
        self.json = .null
        self.json = json ?? .object(pipes2Object())
    }

    /// True for an entry that stands for another feed (`type.value` `feed` with a link).
    public var isFeedLink: Bool {
        typeValue == "feed" && (linkURL ?? contentURL) != nil
    }

    /// The web page an entry of type `link` stands for (Help, Terms of use, …): its `link.href`,
    /// else its `content.src`, when it is an http(s) URL.
    public var webLink: String? {
        guard typeValue?.lowercased() == "link" || contentType?.lowercased() == "link" else { return nil }
        return [linkURL, contentURL].compactMap { $0 }.first(where: \.isWebURL)
    }

    /// The entry written as a Pipes2 entry object.
    private func pipes2Object() -> JSONObject {
        var pairs: [(String, JSONValue)] = []
        if let id { pairs.append(("id", .string(id))) }
        pairs.append(("title", .string(title)))
        if let summary { pairs.append(("summary", .string(summary))) }
        if let typeValue { pairs.append(("type", .object(["value": .string(typeValue)]))) }
        if let imageURL {
            let item: JSONValue = .object(["key": "image_base", "src": .string(imageURL)])
            pairs.append(("media_group", .array([.object(["type": "image", "media_item": .array([item])])])))
        }
        if contentURL != nil || contentType != nil {
            var content = JSONObject()
            if let contentURL { _ = content.updateValue(.string(contentURL), forKey: "src") }
            if let contentType { _ = content.updateValue(.string(contentType), forKey: "type") }
            pairs.append(("content", .object(content)))
        }
        if let linkURL { pairs.append(("link", .object(["href": .string(linkURL)]))) }
        if !extensions.isEmpty { pairs.append(("extensions", .object(extensions))) }
        return JSONObject(pairs)
    }
}
