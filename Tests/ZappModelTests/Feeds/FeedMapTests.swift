import Foundation
import Testing
import ZappModel

/// `--feeds MAP.json` (`FeedMap`) and what a source that is no URL or path is (`FeedSource`).
@Suite("Feed maps")
struct FeedMapTests {
    func map(_ text: String) throws -> FeedMap {
        try FeedMap.parse(Data(text.utf8), file: "feeds.json", folder: "/qa/app")
    }

    func error(_ text: String) -> FeedMapError? {
        do {
            _ = try map(text)
            return nil
        } catch {
            return error as? FeedMapError
        }
    }

    @Test("exact sources, prefixes with * (the longer wins), targets relative to the map, URLs and absolute paths as written")
    func targets() throws {
        let map = try map("""
            {
              "3126": "feeds/featured.json",
              "jw://*": "feeds/jw.json",
              "jw://playlist/*": "feeds/jw-*.json",
              "mpx://feed/*": "https://cdn.example.com/mpx/*.json",
              "3119": "/srv/hero.json"
            }
            """)
        #expect(map.target(for: "3126") == "/qa/app/feeds/featured.json")
        #expect(map.target(for: " 3126 ") == "/qa/app/feeds/featured.json")
        #expect(map.target(for: "3119") == "/srv/hero.json")
        #expect(map.target(for: "jw://playlist/abc") == "/qa/app/feeds/jw-abc.json", "the longer prefix wins; * takes what it matched")
        #expect(map.target(for: "jw://media/x") == "/qa/app/feeds/jw.json")
        #expect(map.target(for: "mpx://feed/news") == "https://cdn.example.com/mpx/news.json")
        #expect(map.target(for: "3127") == nil)
        #expect(map.file == "feeds.json")
    }

    @Test("a bad map names its line and what is wrong")
    func errors() {
        #expect(error("{\n  \"3126\": \"feeds/a.json\",\n  \"3127\": 5\n}")?.description
            == "feeds.json:3: \"3127\": expected a file path or an http(s) URL (a string), got a number")
        #expect(error("{\n\"jw://*/x\": \"a.json\"}")?.description
            == "feeds.json:2: \"jw://*/x\": a * may only end a source, as in \"jw://playlist/*\"")
        #expect(error("{\"3126\": \"a-*.json\"}")?.line == 1)
        #expect(error("{\"3126\": \"jw://x\"}")?.message.contains("expected a file path or an http(s) URL") == true)
        #expect(error("{\"3126\": \"a.json\",\n \"3126\": \"b.json\"}")?.description == "feeds.json:2: \"3126\" is mapped twice")
        #expect(error("{\n  \"3126\" \"a.json\"\n}")?.line == 2, "a syntax error gives the parser's line")
        #expect(error("[\"3126\"]")?.description.hasPrefix("feeds.json:1: expected a JSON object") == true)
        #expect(error("{\"\": \"a.json\"}") != nil)
    }

    @Test("a missing map file is named")
    func missingFile() {
        #expect(throws: FeedMapError(file: "/nonexistent/feeds.json", line: nil, message: "no such file")) {
            try FeedMap.load(path: "/nonexistent/feeds.json")
        }
    }

    @Test("what an unreachable source is: a CMS id by its data.type, a provider address by its scheme; URLs and paths are reachable")
    func classification() throws {
        #expect(FeedSource.unreachableReason("3126", type: "APPLICASTER_COLLECTION")
            == "APPLICASTER_COLLECTION 3126: an Applicaster collection id; map it with --feeds")
        #expect(FeedSource.unreachableReason("42", type: "applicaster_category")?.hasPrefix("APPLICASTER_CATEGORY 42: an Applicaster category id") == true)
        #expect(FeedSource.unreachableReason("jw://playlist/abc", type: nil)
            == "jw://playlist/abc: a data source provider address (jw://); map it with --feeds")
        #expect(FeedSource.unreachableReason("https://example.com/feed", type: "APPLICASTER_COLLECTION") == nil)
        #expect(FeedSource.unreachableReason("feeds/a.json", type: nil) == nil)
        #expect(FeedSource.unreachableReason("/srv/a.json", type: "APPLICASTER_ATOM_FEED") == nil)
        #expect(FeedSource.unreachableReason("file:///srv/a.json", type: nil) == nil)
        let map = try map("{\"3126\": \"a.json\"}")
        #expect(map.unreachableReason("3126", type: "APPLICASTER_COLLECTION") == nil, "a mapped id is reachable")
        #expect(map.unreachableReason("3127", type: "APPLICASTER_COLLECTION") != nil)
    }

    @Test("load warnings name where each unreachable source is written")
    func warnings() throws {
        var app = ZappApp(screens: [
            ScreenModel(
                id: "home", name: "Home", isHome: true,
                navigations: [NavigationModel(category: .navBar, navItems: [NavItem(id: "n", title: "Live", type: "button", data: NavItemData(source: "mpx://live"))])],
                uiComponents: [
                    UIComponent(componentType: "list", data: ["source": "3126", "type": "APPLICASTER_COLLECTION"]),
                    UIComponent(componentType: "grid", data: ["source": "3127", "type": "APPLICASTER_COLLECTION"]),
                    UIComponent(componentType: "grid", data: ["source": "feeds/a.json"]),
                ]),
        ], plugins: [])
        app.feedMap = try map("{\"3126\": \"a.json\"}")
        let warnings = FeedSource.warnings(in: app, file: "river.json").map(\.description)
        #expect(warnings == [
            "river.json: $[0].ui_components[1].data.source: warning: APPLICASTER_COLLECTION 3127: an Applicaster collection id; map it with --feeds",
            "river.json: $[0].navigations[0].nav_items[0].data.source: warning: mpx://live: a data source provider address (mpx://); map it with --feeds",
        ])
    }
}
