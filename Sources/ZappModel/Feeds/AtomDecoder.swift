/// Reads an Applicaster Media Atom feed (Atom 1.0 with Media RSS): `<feed>` with `<id>`,
/// `<title>`, an optional `<type value="...">`, and `<entry>` elements holding `<id>`,
/// `<title>`, `<summary>`, `<type value>`, `<link href>` (the alternate one first),
/// `<content src type>`, `<media:group>` / `<media:thumbnail url>` / `<media:content url>`
/// images, and `<extensions>` (child elements, or a JSON object as text).
enum AtomDecoder {
    static let atomNamespace = "http://www.w3.org/2005/Atom"

    /// `dropped`: entries past `Feed.entryLimit` the reader dropped already (counted as listed).
    static func decode(_ root: XMLReader.Element, dropped: Int = 0) throws(FeedError) -> Feed {
        guard root.localName == "feed" else {
            throw FeedError("an XML feed's root must be <feed> (Atom), found <\(root.name)>")
        }
        if let namespace = root.namespace, namespace != atomNamespace {
            throw FeedError("<feed> is in namespace \(namespace), not Atom (\(atomNamespace))")
        }
        let listed = root.children("entry")
        let entries = listed.prefix(Feed.entryLimit).enumerated().map { offset, element in entry(element, index: offset) }
        var feed = Feed(
            id: text(root.child("id")), title: text(root.child("title")), typeValue: root.child("type")?.attributes["value"],
            format: .atom, entries: entries,
            next: nonEmpty(root.children("link").first { $0.attributes["rel"] == "next" }?.attributes["href"]))
        if listed.count + dropped > Feed.entryLimit { feed.listedEntries = listed.count + dropped }
        return feed
    }

    private static func entry(_ element: XMLReader.Element, index: Int) -> FeedEntry {
        let links = element.children("link")
        let link = links.first { ($0.attributes["rel"] ?? "alternate") == "alternate" } ?? links.first
        let content = element.child("content")
        let artwork = image(element, index: index)
        return FeedEntry(
            id: text(element.child("id")), title: text(element.child("title")) ?? "Entry \(index + 1)",
            summary: text(element.child("summary")) ?? text(element.child("description")),
            typeValue: element.child("type")?.attributes["value"] ?? text(element.child("type")),
            imageURL: artwork?.address, contentURL: nonEmpty(content?.attributes["src"]),
            contentType: nonEmpty(content?.attributes["type"]), linkURL: nonEmpty(link?.attributes["href"]),
            extensions: extensions(element.child("extensions")), imagePath: artwork?.path)
    }

    /// The entry's artwork among its thumbnails and image contents, in a `media:group` or
    /// directly in the entry (`Artwork`).
    private static func image(_ entry: XMLReader.Element, index: Int) -> Artwork.Candidate? {
        let grouped = entry.children("group").flatMap { group in group.children.map { ($0, "media:group/") } }
        var candidates: [Artwork.Candidate] = []
        for (element, place) in grouped + entry.children.map({ ($0, "") })
        where element.localName == "thumbnail" || element.localName == "content" {
            guard element.namespace != atomNamespace || element.localName == "thumbnail",
                let url = nonEmpty(element.attributes["url"] ?? element.attributes["src"])
            else { continue }
            if element.localName == "content", let medium = element.attributes["medium"], medium != "image" { continue }
            let key = element.attributes["key"] ?? (element.localName == "thumbnail" ? "thumbnail" : nil)
            let attribute = element.attributes["url"] != nil ? "url" : "src"
            candidates.append(
                Artwork.Candidate(key: key, address: url, path: "entry[\(index + 1)]/\(place)\(element.name)/@\(attribute)"))
        }
        return Artwork.choose(candidates)
    }

    /// `<extensions>{"json": ...}</extensions>` or `<extensions><key>value</key></extensions>`.
    private static func extensions(_ element: XMLReader.Element?) -> JSONObject {
        guard let element else { return [:] }
        if element.children.isEmpty, element.text.hasPrefix("{"), let object = (try? JSONParser.parse(element.text))?.objectValue {
            return object
        }
        return JSONObject(element.children.map { ($0.localName, JSONValue.string($0.text)) })
    }

    private static func text(_ element: XMLReader.Element?) -> String? {
        nonEmpty(element?.text)
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
