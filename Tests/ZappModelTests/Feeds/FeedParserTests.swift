import Foundation
import Testing
import ZappModel
import ModelTestFixtures

/// Pipes2 JSON and Applicaster Media Atom feeds, recognised by content, read tolerantly, with
/// precise errors for what is not a feed.
@Suite("FeedParser")
struct FeedParserTests {
    /// A Pipes2 feed as Zapp serves it: missing keys, a null image src, a numeric id.
    static let pipes2 = """
        {"id": "home-feed", "title": "Home", "type": {"value": "feed"},
         "entry": [
           {"id": "v1", "title": "Glass Harbor", "summary": "The docks.", "type": {"value": "video"},
            "media_group": [{"type": "image", "media_item": [{"key": "thumb", "src": "https://i/t.jpg"},
                                                              {"key": "image_base", "src": "https://i/b.jpg"}]}],
            "content": {"src": "https://c/v1.m3u8", "type": "video/hls"}, "link": {"href": "https://l/v1"},
            "extensions": {"duration": 3120, "free": true}},
           {"id": 17, "type": {"value": "article"}, "media_group": [{"type": "image", "media_item": [{"key": "image_base", "src": null}]}]},
           "not an entry",
           {"title": "More", "type": {"value": "feed"}, "link": {"href": "feeds/more.json"}}
         ]}
        """

    static let atom = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- Applicaster Media Atom feed -->
        <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
          <id>latest</id>
          <title>Latest &amp; greatest</title>
          <type value="feed"/>
          <entry>
            <id>n1</id>
            <title><![CDATA[Tom & Jerry <Live>]]></title>
            <summary>Cats &#x26; mice &#8212; &quot;live&quot;</summary>
            <type value="video"/>
            <link rel="enclosure" href="https://e/n1"/>
            <link rel="alternate" href="https://l/n1"/>
            <content type="video/hls" src="https://c/n1.m3u8"/>
            <media:group><media:thumbnail key="image_base" url="https://i/n1.jpg"/></media:group>
          </entry>
          <entry>
            <title>Weather</title>
            <extensions><section>weather</section></extensions>
          </entry>
          <entry><extensions>{"free": true}</extensions></entry>
        </feed>
        """

    @Test("Pipes2: entries with every key, missing keys, null src, numeric ids; non-objects skipped")
    func pipes2() throws {
        let feed = try FeedParser.parse(Data(Self.pipes2.utf8))
        #expect(feed.format == .pipes2)
        #expect(feed.id == "home-feed" && feed.title == "Home" && feed.typeValue == "feed")
        #expect(feed.entries.count == 3)
        let first = feed.entries[0]
        #expect(first.title == "Glass Harbor" && first.summary == "The docks." && first.typeValue == "video")
        #expect(first.imageURL == "https://i/b.jpg")
        #expect(first.contentURL == "https://c/v1.m3u8" && first.contentType == "video/hls")
        #expect(first.linkURL == "https://l/v1")
        #expect(first.extensions["duration"]?.intValue == 3120)
        #expect(first.json["media_group"] != nil, "the entry's JSON is kept as served")
        let second = feed.entries[1]
        #expect(second.id == "17" && second.title == "Entry 2" && second.imageURL == nil && second.summary == nil)
        #expect(feed.entries[2].isFeedLink)
        #expect(!first.isFeedLink)
    }

    @Test("Atom: CDATA, entities, character references, namespaces, alternate link, media thumbnail, extensions")
    func atom() throws {
        let feed = try FeedParser.parse(Data(Self.atom.utf8))
        #expect(feed.format == .atom)
        #expect(feed.id == "latest" && feed.title == "Latest & greatest" && feed.typeValue == "feed")
        #expect(feed.entries.count == 3)
        let first = feed.entries[0]
        #expect(first.title == "Tom & Jerry <Live>")
        #expect(first.summary == "Cats & mice \u{2014} \"live\"")
        #expect(first.typeValue == "video" && first.linkURL == "https://l/n1")
        #expect(first.contentURL == "https://c/n1.m3u8" && first.contentType == "video/hls")
        #expect(first.imageURL == "https://i/n1.jpg")
        #expect(first.json["type"]?["value"]?.stringValue == "video", "an Atom entry is handed on as Pipes2 JSON")
        #expect(feed.entries[1].extensions["section"]?.stringValue == "weather")
        #expect(feed.entries[2].title == "Entry 3" && feed.entries[2].extensions["free"]?.boolValue == true)
    }

    @Test("recognised by content: leading white space and a byte-order mark are fine")
    func recognisedByContent() throws {
        #expect(try FeedParser.parse(Data(("\u{FEFF}\n  " + Self.atom).utf8)).format == .atom)
        #expect(try FeedParser.parse(Data(("\n\t" + Self.pipes2).utf8)).format == .pipes2)
        #expect(try FeedParser.parse(Data(#"{"title": "Empty"}"#.utf8)).entries.isEmpty)
    }

    @Test("the next page: Pipes2 next and Atom rel=next, resolved against the feed's source; a limit ends it")
    func nextPage() throws {
        let pipes2 = try FeedParser.parse(Data(#"{"entry": [{"title": "a"}], "next": "https://p.test/media?page=2"}"#.utf8))
        #expect(pipes2.next == "https://p.test/media?page=2")
        let atom = try FeedParser.parse(Data(#"<feed xmlns="http://www.w3.org/2005/Atom"><link rel="next" href="page-2.xml"/><entry><title>a</title></entry></feed>"#.utf8))
        #expect(atom.next == "page-2.xml")
        #expect(atom.nextPage(after: "https://cdn.test/feeds/page-1.xml") == "https://cdn.test/feeds/page-2.xml")
        #expect(atom.nextPage(after: "feeds/page-1.xml") == "feeds/page-2.xml")
        #expect(atom.nextPage(after: "page-1.xml") == "page-2.xml")
        #expect(pipes2.nextPage(after: "feeds/a.json") == "https://p.test/media?page=2")
        #expect(pipes2.limited(to: 1).next == nil, "an item_limit that is reached shows no more")
        #expect(pipes2.limited(to: 5).next != nil)
        #expect(try FeedParser.parse(Data(#"{"entry": [], "next": ""}"#.utf8)).nextPage(after: "x.json") == nil)
    }

    @Test("pages in an app folder: each page's next is relative to that page, however many were appended")
    func pagesOfPaths() {
        let first = Feed(format: .pipes2, entries: [FeedEntry(title: "1")], next: "a-2.json")
        #expect(first.nextPage(after: "feeds/a.json") == "feeds/a-2.json")
        let second = first.appending(
            Feed(format: .pipes2, entries: [FeedEntry(title: "2")], next: "a-3.json"), from: "feeds/a-2.json", loaded: ["feeds/a.json", "feeds/a-2.json"])
        #expect(second.nextPage(after: "feeds/a.json") == "feeds/a-3.json")
        let third = second.appending(
            Feed(format: .pipes2, entries: [FeedEntry(title: "3")], next: "a-2.json"), from: "feeds/a-3.json",
            loaded: ["feeds/a.json", "feeds/a-2.json", "feeds/a-3.json"])
        #expect(third.entries.map(\.title) == ["1", "2", "3"])
        #expect(third.nextPage(after: "feeds/a.json") == nil, "a-2.json was loaded already")
    }

    /// As pipes2-server-example's /curation-simple lists the feeds a curation component shows.
    @Test("a curation entry {preset_name, feed_url} is a feed entry named by its preset, linking to its feed")
    func curationEntries() throws {
        let feed = try FeedParser.parse(Data(#"{"entry": [{"preset_name": "curation-simple-1", "feed_url": "https://p.test/media?byType=show"}, {"feed_url": "https://p.test/b"}]}"#.utf8))
        #expect(feed.entries.map(\.title) == ["curation-simple-1", "Entry 2"])
        #expect(feed.entries.allSatisfy { $0.isFeedLink })
        #expect(feed.entries.first?.linkURL == "https://p.test/media?byType=show")
    }

    /// Applicaster's pipes2-server-example answers `"entry": {…}` for a context-keyed feed.
    @Test("an entry given as one object, not a list, is that one entry")
    func singleEntryObject() throws {
        let feed = try FeedParser.parse(Data(#"{"id": "/by-platforms/featured-videos", "entry": {"id": "ios-item", "title": "iOS Item", "type": {"value": "video"}, "content": {"src": "http://x/a.m3u8", "type": "video/hls"}}}"#.utf8))
        #expect(feed.entries.map(\.title) == ["iOS Item"])
        #expect(feed.entries.first?.typeValue == "video")
    }

    @Test(
        "errors say what and where",
        arguments: [
            ("{\"entry\": [\n  {\"title\": \"x\"},\n]}", "bad JSON: trailing comma", 2),
            ("{\"entry\": \"x\"}", "$.entry: expected an array of entries, got a string", nil),
            ("[1, 2]", "a JSON array is not a feed", nil),
            ("", "the feed is empty", nil),
            ("hello", "not a feed", nil),
            ("<feed xmlns=\"http://www.w3.org/2005/Atom\">\n  <entry>\n    <title>x</titel>\n", "bad XML: </titel> closes <title>", 3),
            ("<feed>\n<entry>\n", "bad XML: unclosed <entry>", 3),
            ("<rss><channel/></rss>", "root must be <feed>", nil),
            ("<feed>\n  <title>a & b</title></feed>", "bad XML: \"&\" must be written &amp;", 2),
            ("<feed><title>&nbsp;</title></feed>", "bad XML: unknown entity &nbsp;", 1),
            ("<!DOCTYPE feed [<!ENTITY a \"aaaa\">]><feed/>", "entity declarations are not supported", 1),
            ("<feed a=\"1\" a=\"2\"/>", "attribute a written twice", 1),
            ("<feed/><feed/>", "a second root element", 1),
        ] as [(String, String, Int?)])
    func errors(input: String, message: String, line: Int?) {
        #expect {
            try FeedParser.parse(Data(input.utf8))
        } throws: { error in
            guard let error = error as? FeedError else { return false }
            return error.message.contains(message) && error.line == line
        }
    }

    @Test("the column of an XML error counts characters, not bytes")
    func xmlColumn() throws {
        do {
            _ = try XMLReader.parse(Data("<feed>\n  <tïtle>é</feed>".utf8))
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 2 && error.column == 11)
            #expect(error.description == "bad XML: </feed> closes <tïtle> at 2:11")
        }
    }

    @Test("nesting deeper than the limit is refused, without exhausting the stack")
    func deepNesting() {
        let depth = XMLReader.maximumDepth + 1
        let text = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        #expect(throws: FeedError.self) { try XMLReader.parse(Data(text.utf8)) }
        let fine = String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100)
        #expect((try? XMLReader.parse(Data(fine.utf8))) != nil)
    }

    @Test("an Atom feed keeps its first 10,000 entries while read and counts the rest; the others' nodes hold nothing (issue 34)")
    func atomCap() throws {
        let entries = (0..<(Feed.entryLimit + 5)).map { "<entry><id>\($0)</id></entry>" }.joined()
        let feed = try FeedParser.parse(Data(#"<feed xmlns="http://www.w3.org/2005/Atom"><id>f</id>\#(entries)<link rel="next" href="p2"/></feed>"#.utf8))
        #expect(feed.entries.count == Feed.entryLimit && feed.entries.last?.id == "\(Feed.entryLimit - 1)")
        #expect(feed.listedEntries == Feed.entryLimit + 5 && feed.next == "p2")
        // Past the limit the dropped entries' elements would be held: 600,000 entries of 2.
        let many = try XMLReader.parse(Data(("<feed>" + String(repeating: "<entry><i/></entry>", count: 600_000) + "</feed>").utf8), keepingAtMost: 3, of: "entry")
        #expect(many.root.children.count == 3 && many.dropped == 599_997)
        #expect(throws: FeedError.self, "a whole read holds them all") {
            try XMLReader.parse(Data(("<feed>" + String(repeating: "<entry><i/></entry>", count: 600_000) + "</feed>").utf8))
        }
    }

    @Test("a Pipes2 feed keeps its first 10,000 entries while parsed and counts the rest (issue 34)")
    func pipes2Cap() throws {
        let entries = (0..<(Feed.entryLimit + 7)).map { #"{"id": "\#($0)"}"# }.joined(separator: ",")
        let feed = try FeedParser.parse(Data(#"{"id": "f", "entry": [\#(entries)], "next": "p2"}"#.utf8))
        #expect(feed.entries.count == Feed.entryLimit && feed.listedEntries == Feed.entryLimit + 7 && feed.next == "p2")
        #expect(try FeedParser.parse(Data(Self.pipes2.utf8)).listedEntries == nil)
    }

    @Test("item_limit keeps the first entries; a limit below 1 keeps all")
    func limit() throws {
        let feed = try FeedParser.parse(Data(Self.pipes2.utf8))
        #expect(feed.limited(to: 2).entries.map(\.title) == ["Glass Harbor", "Entry 2"])
        #expect(feed.limited(to: 0).entries.count == 3)
        #expect(feed.limited(to: nil).entries.count == 3)
    }

    @Test("content_types.json: mappings kept, problems named by JSON path, dangling screens reported")
    func contentTypes() throws {
        let value = try JSONParser.parse(#"{"video": {"screen_id": "player"}, "article": {"screen": "x"}, "feed": {"screen_id": 3}, "live": "player", "episode": {"screen_id": "gone"}}"#)
        let (types, diagnostics) = ContentTypes.decode(value, file: "content_types.json")
        #expect(types.screens == ["video": "player", "episode": "gone"])
        #expect(diagnostics.map(\.description).sorted() == [
            "content_types.json: $.article: error: missing \"screen_id\"",
            "content_types.json: $.feed.screen_id: error: expected a screen id, got a number",
            "content_types.json: $.live: error: expected an object, got a string",
        ])
        let app = ZappApp(screens: [ScreenModel(id: "player", name: "Player")], plugins: [])
        #expect(types.danglingScreens(in: app, file: "content_types.json").map(\.message) == ["no screen \"gone\" in the river"])
        #expect(types.screenID(forType: "video") == "player" && types.screenID(forType: nil) == nil)
    }

    /// Found by the fuzz target FuzzContentTypes: a screen id holding a line break was printed
    /// as it was, so the diagnostic spanned two lines.
    @Test("a dangling screen id is quoted: the diagnostic stays on one line")
    func danglingScreenIDQuoted() throws {
        let value = try JSONParser.parse(#"{"episode": {"screen_id": "pl\nayer"}}"#)
        let (types, _) = ContentTypes.decode(value, file: "content_types.json")
        let app = ZappApp(screens: [ScreenModel(id: "player", name: "Player")], plugins: [])
        #expect(types.danglingScreens(in: app, file: "content_types.json").map(\.description) == [
            #"content_types.json: $.episode.screen_id: error: no screen "pl\nayer" in the river"#
        ])
    }
}

/// An app folder's content_types.json is loaded with the app and validated with it.
@Suite("content_types.json in an app folder")
struct ContentTypesLoadingTests {
    func folder(contentTypes: String?) throws -> URL {
        let folder = try Fixtures.temporaryFolder()
        try Fixtures.data(Fixtures.fullRiver).write(to: folder.appendingPathComponent("river.json"))
        try Fixtures.data(Fixtures.fullPlugins).write(to: folder.appendingPathComponent("plugin_configurations.json"))
        if let contentTypes { try Fixtures.data(contentTypes).write(to: folder.appendingPathComponent("content_types.json")) }
        return folder
    }

    @Test("loaded into the app; a mapping to no screen is reported and the app still runs")
    func loaded() throws {
        let folder = try folder(contentTypes: #"{"video": {"screen_id": "home"}, "live": {"screen_id": "nowhere"}}"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = AppLoader.load(path: folder.path)
        let app = try #require(result.app)
        #expect(app.contentTypes.screenID(forType: "video") == "home")
        #expect(result.files.last == folder.path + "/content_types.json")
        #expect(result.diagnostics.map(\.description).contains(
            "\(folder.path)/content_types.json: $.live.screen_id: error: no screen \"nowhere\" in the river"))
    }

    @Test("a syntax error is reported with its line and column and stops the app; no file is fine")
    func syntaxError() throws {
        let broken = try folder(contentTypes: "{\"video\": {\"screen_id\": \"home\"},}")
        defer { try? FileManager.default.removeItem(at: broken) }
        let result = AppLoader.load(path: broken.path)
        #expect(result.app == nil)
        #expect(result.diagnostics.contains { $0.file.hasSuffix("content_types.json") && $0.code == .syntax })
        let none = try folder(contentTypes: nil)
        defer { try? FileManager.default.removeItem(at: none) }
        #expect(AppLoader.load(path: none.path).app?.contentTypes == ContentTypes())
    }
}
