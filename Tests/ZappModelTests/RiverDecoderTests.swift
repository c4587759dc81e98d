import Foundation
import Testing
import ZappModel
import ModelTestFixtures

/// Decodes a river text; fails the test on a syntax error.
func decodeRiver(_ text: String, file: String = "river.json") throws -> (screens: [ScreenModel], diagnostics: [Diagnostic]) {
    RiverDecoder.decode(try JSONParser.parse(text), file: file)
}

@Suite("River decoding: every documented river key")
struct RiverDecoderKeyTests {
    let screens: [ScreenModel]
    let diagnostics: [Diagnostic]

    init() throws {
        (screens, diagnostics) = try decodeRiver(Fixtures.fullRiver)
    }

    @Test func decodesWithoutProblems() {
        #expect(diagnostics.isEmpty)
        #expect(screens.map(\.id) == ["home", "movies", "login-screen"])
    }

    @Test func identity() {
        let home = screens[0]
        #expect(home.name == "Home")
        #expect(home.type == "general_content")
        #expect(home.isHome)
        #expect(screens[1].type == "general_content")
        #expect(screens[1].isHome == false)
        #expect(screens[2].type == "login")
    }

    @Test func navigationsAndCategories() throws {
        let home = screens[0]
        #expect(home.navigations.map(\.category) == [.menu, .navBar])
        let menu = try #require(home.menu)
        #expect(menu.id == "menu-1")
        #expect(menu.navigationType == "side_menu")
        #expect(menu.rules == ["visible": true])
        #expect(home.navBar?.navigationType == "nav_bar")
    }

    @Test func navItemsWithNestingAndData() throws {
        let menu = try #require(screens[0].menu)
        #expect(menu.navItems.map(\.type) == ["label", "header", "nested_menu", "applicaster_epg", "applicaster_settings"])
        #expect(menu.navItems[0].data.target == "home")
        #expect(menu.navItems[2].navItems.map(\.id) == ["m-movies"])
        #expect(menu.navItems[2].navItems[0].data.target == "movies")
        let bar = try #require(screens[0].navBar)
        let movies = bar.navItems[0]
        #expect(movies.id == "b-movies")
        #expect(movies.title == "Movies")
        #expect(movies.type == "button")
        #expect(movies.data == NavItemData(target: "movies", source: "URL", type: "APPLICASTER_ATOM_FEED", connected: true))
        #expect(movies.assets == ["icon": "assets/star.txt"])
        #expect(movies.styles == ["tint": "#FF00FF00"])
        #expect(bar.navItems[1].data == NavItemData(target: "https://example.com"))
        #expect(bar.navItems[2].type == "live_drawer")
        #expect(bar.navItems[2].data.target == nil)
    }

    @Test func navBarStyles() throws {
        let styles = try #require(screens[0].navBar).styles
        #expect(styles.backgroundColor == ZappColor(alpha: 0xFF, red: 0x11, green: 0x22, blue: 0x33))
        #expect(styles.titleColor == ZappColor(red: 0xFF, green: 0xFF, blue: 0xFF))
        #expect(styles.titleColorTablet == ZappColor(alpha: 0x80, red: 0xFF, green: 0xFF, blue: 0xFF))
        #expect(styles.titleSize == 17)
        #expect(styles.titleSizeTablet == 21)
        #expect(styles.iosFontFamily == "HelveticaNeue-Medium")
        #expect(styles.presentationStyle == .logo)
        #expect(styles.style == .center)
        #expect(styles.state == .overlay)
        #expect(styles.homescreenShowLogo == false)
        #expect(styles.backgroundType == "Color")
    }

    @Test func navBarAssetsWithBackgroundImageAlias() throws {
        let assets = try #require(screens[0].navBar).assets
        #expect(
            assets
                == NavBarAssets(
                    appLogo: "assets/logo.txt", backButton: "file:///tmp/back.txt", closeButton: "assets/close.txt",
                    menuButton: "assets/menu.txt", background: "assets/pattern.txt",
                    backgroundTablet: "assets/pattern-wide.txt"))
    }

    @Test func backgroundWinsOverBackgroundImage() throws {
        let (screens, _) = try decodeRiver(
            #"[{"id": "a", "home": true, "navigations": [{"category": "nav_bar", "assets": {"background_image": "b.txt", "background": "a.txt"}}]}]"#)
        #expect(screens[0].navBar?.assets.background == "a.txt")
    }

    @Test func hooks() {
        #expect(screens[0].hooks.preload == [HookReference(identifier: "analytics", type: "general")])
        #expect(screens[0].hooks.postload == [HookReference(identifier: "analytics", type: "general", screenID: nil)])
        #expect(screens[1].hooks.preload == [HookReference(identifier: "login", type: "login", screenID: "login-screen")])
        #expect(screens[2].hooks.isEmpty)
    }

    @Test func uiComponents() {
        let components = screens[0].uiComponents
        #expect(components.map(\.componentType) == ["grid", "hero"])
        #expect(components[0].id == "grid-1")
        #expect(components[0].position == 2)
        #expect(components[0].rules == ["r": 1])
        #expect(components[0].styles == ["columns": 3])
        #expect(components[1].data == ["target": "movies"])
        #expect(screens[0].orderedComponents.map(\.id) == ["hero-1", "grid-1"])
    }

    @Test func perScreenConfiguration() {
        #expect(screens[0].styles == ["presentation": "present"])
        #expect(screens[0].general == ["is_flow_blocker": true])
        #expect(screens[0].data == ["source": "feed"])
        #expect(screens[0].rules == ["r": "x"])
        #expect(screens[2].general["is_flow_blocker"]?.boolValue == true)
        #expect(screens[2].general["allow_screen_plugin_presentation"]?.boolValue == false)
        #expect(screens[2].styles["presentation"]?.stringValue == "push")
    }
}

@Suite("River decoding: tolerance and type errors")
struct RiverDecoderErrorTests {
    @Test func enumErrorHasTheDesignFormat() throws {
        let text = Fixtures.river(screens: [
            #"{"id": "a", "home": true}"#, #"{"id": "b"}"#, #"{"id": "c"}"#,
            #"{"id": "d", "navigations": [{"category": "nav_bar", "styles": {"state": "ontop"}}]}"#,
        ])
        let (_, diagnostics) = try decodeRiver(text)
        #expect(diagnostics.map(\.description) == [
            #"river.json: $[3].navigations[0].styles.state: error: expected one of on_top, overlay, hidden, got "ontop" (hint: did you mean "on_top"?)"#
        ])
        #expect(diagnostics[0].code == .invalidValue)
        #expect(diagnostics[0].message == #"expected one of on_top, overlay, hidden, got "ontop""#)
    }

    @Test func otherEnumsAndColours() throws {
        let (_, diagnostics) = try decodeRiver(
            #"[{"id": "a", "navigations": [{"category": "nav_bar", "styles": {"style": "right", "presentation_style": 3, "background_color": "blue"}}]}]"#)
        #expect(diagnostics.map(\.description) == [
            #"river.json: $[0].navigations[0].styles.style: warning: custom style "right" (a xib named DefaultNavigationBar + the key in the SDK) is drawn as left (hint: the built-in styles are left and center)"#,
            #"river.json: $[0].navigations[0].styles.background_color: error: expected a colour (#AARRGGBB or #RRGGBB), got "blue" (hint: write a colour as eight or six hex digits, such as #FF1A2B3C)"#,
            #"river.json: $[0].navigations[0].styles.presentation_style: error: expected one of logo, title, hidden, got 3"#,
        ])
    }

    @Test("a custom nav-bar style is a warning, kept by name; a near miss of a built-in one is suggested")
    func customBarStyle() throws {
        let (screens, diagnostics) = try decodeRiver(
            #"[{"id": "a", "navigations": [{"category": "nav_bar", "styles": {"style": "MyNewStyle"}}]}, {"id": "b", "navigations": [{"category": "nav_bar", "styles": {"style": "Center"}}]}, {"id": "c", "navigations": [{"category": "nav_bar", "styles": {"style": " "}}]}]"#)
        #expect(diagnostics.allSatisfy { !$0.isError && $0.code == .customBarStyle })
        #expect(diagnostics.count == 2)
        #expect(diagnostics.last?.hint == #"did you mean "center"?"#)
        let styles = screens.map { $0.navigations.first?.styles }
        #expect(styles[0]?.style == nil)
        #expect(styles[0]?.customStyle == "MyNewStyle")
        #expect(styles[1]?.customStyle == "Center")
        #expect(styles[2]?.style == nil && styles[2]?.customStyle == nil)
    }

    @Test func typeErrorsNameThePathAndWhatWasFound() throws {
        let (_, diagnostics) = try decodeRiver(
            #"[{"id": "a", "home": "maybe", "navigations": {}, "ui_components": [{"component_type": "list", "position": "first"}], "styles": [], "navigations2": 1}, {"id": true}]"#)
        #expect(diagnostics.map(\.description) == [
            #"river.json: $[0].home: error: expected a boolean, got "maybe""#,
            #"river.json: $[0].navigations: error: expected an array, got an object"#,
            #"river.json: $[0].ui_components[0].position: error: expected an integer, got "first""#,
            #"river.json: $[0].styles: error: expected an object, got an array"#,
            #"river.json: $[1].id: error: expected a string, got true"#,
        ])
        #expect(diagnostics.allSatisfy { $0.code == .type })
    }

    @Test func missingRequiredKeys() throws {
        let (_, diagnostics) = try decodeRiver(
            #"[{"name": "x", "navigations": [{"nav_items": [{"title": "t"}]}], "ui_components": [{}]}]"#)
        #expect(diagnostics.map(\.description) == [
            #"river.json: $[0]: error: missing "id" (expected a string)"#,
            #"river.json: $[0].navigations[0]: error: missing "category" (expected a string)"#,
            #"river.json: $[0].navigations[0].nav_items[0]: error: missing "id" (expected a string)"#,
            #"river.json: $[0].navigations[0].nav_items[0]: error: missing "type" (expected a string)"#,
            #"river.json: $[0].ui_components[0]: error: missing "component_type" (expected a string)"#,
        ])
    }

    @Test func riverMustBeAnArrayOfObjects() throws {
        let (screens, diagnostics) = try decodeRiver(#"{"id": "a"}"#)
        #expect(screens.isEmpty)
        #expect(diagnostics.map(\.description) == [
            #"river.json: $: error: expected an array of screens, got an object (hint: river.json is a JSON array of screen objects: [{"id": ..., "name": ...}, ...])"#
        ])
        let (_, elementDiagnostics) = try decodeRiver(#"[{"id": "a"}, "b"]"#)
        #expect(elementDiagnostics.map(\.description) == [#"river.json: $[1]: error: expected a screen object, got "b""#])
    }

    @Test func sdkTolerance() throws {
        let (screens, diagnostics) = try decodeRiver(
            #"[{"id": 17, "name": null, "home": "1", "type": "", "unknown": {"x": [1]}, "navigations": [{"category": "nav_bar", "navigation_type": null, "styles": {"title_size": "17", "title_size_tablet": "", "homescreen_show_logo": 1, "state": "", "title_color": null}}]}]"#)
        // A number where a string belongs is used, with a warning naming its path.
        #expect(diagnostics.map(\.description) == [#"river.json: $[0].id: warning: expected a string, got 17; read as "17""#])
        let screen = try #require(screens.first)
        #expect(screen.id == "17")
        #expect(screen.name == "")
        #expect(screen.isHome)
        #expect(screen.type == "general_content")
        let styles = try #require(screen.navBar).styles
        #expect(styles.titleSize == 17)
        #expect(styles.titleSizeTablet == nil)
        #expect(styles.homescreenShowLogo == true)
        #expect(styles.state == nil)
        #expect(styles.titleColor == nil)
    }

    @Test func hookEntriesWithoutIdentifierAndTypeAreDroppedWithAWarning() throws {
        let (screens, diagnostics) = try decodeRiver(
            #"[{"id": "a", "home": true, "hooks": {"preload_plugins": [{"identifier": 3, "type": "general"}, {"identifier": "ok", "type": "general"}, "junk", {"type": "login"}], "postload_plugins": [{"identifier": "p"}]}}]"#)
        #expect(screens[0].hooks.preload == [HookReference(identifier: "ok", type: "general")])
        #expect(screens[0].hooks.postload.isEmpty)
        #expect(diagnostics.map(\.description) == [
            #"river.json: $[0].hooks.preload_plugins[0]: warning: hook entry without a string "identifier" and "type" is ignored (hint: write {"identifier": "<plugin identifier>", "type": "<plugin type>"})"#,
            #"river.json: $[0].hooks.preload_plugins[2]: warning: hook entry without a string "identifier" and "type" is ignored (hint: write {"identifier": "<plugin identifier>", "type": "<plugin type>"})"#,
            #"river.json: $[0].hooks.preload_plugins[3]: warning: hook entry without a string "identifier" and "type" is ignored (hint: write {"identifier": "<plugin identifier>", "type": "<plugin type>"})"#,
            #"river.json: $[0].hooks.postload_plugins[0]: warning: hook entry without a string "identifier" and "type" is ignored (hint: write {"identifier": "<plugin identifier>", "type": "<plugin type>"})"#,
        ])
        #expect(diagnostics.allSatisfy { $0.severity == .warning && $0.code == .ignoredEntry })
    }

    @Test func unknownCategoriesAreKept() throws {
        let (screens, diagnostics) = try decodeRiver(#"[{"id": "a", "navigations": [{"category": "tab_bar"}]}]"#)
        #expect(diagnostics.isEmpty)
        #expect(screens[0].navigations[0].category == .other("tab_bar"))
    }

    @Test func pathsQuoteUnusualKeys() {
        #expect((JSONPath.root + 3 + "navigations" + 0 + "my key" + "9a").description == #"$[3].navigations[0]["my key"]["9a"]"#)
    }
}

/// The decoder extends one JSON path in place while it walks a screen: every diagnostic must
/// still carry its own full path, also when a sibling or a deeper part is decoded after it.
@Suite("River decoding: JSON paths of problems at every depth")
struct RiverDecoderPathTests {
    @Test func everyProblemCarriesItsOwnPath() throws {
        let river = #"""
            [
              {"id": "a", "home": "maybe",
               "navigations": [
                 {"category": "menu", "styles": {"state": "ontop", "background_color": "#XYZ"}, "assets": {"app_logo": 4},
                  "nav_items": [
                    {"id": 1, "title": "t", "type": "label", "data": {"target": 5, "connected": "x"},
                     "nav_items": [{"id": "n", "type": "label"}, 7]},
                    {"title": "u", "type": "label"}]},
                 3],
               "hooks": {"preload_plugins": [{"identifier": "p", "type": "t", "screen_id": 4}, {"x": 1}],
                         "postload_plugins": [2]},
               "ui_components": [{"component_type": 3, "position": "x"}, 5]},
              [1, 2],
              {"id": "c", "navigations": {"a": 1}}
            ]
            """#
        let (screens, diagnostics) = try decodeRiver(river)
        #expect(screens.map(\.id) == ["a", "", "c"])
        let paths = diagnostics.map { diagnostic -> String in
            guard case .path(let path) = diagnostic.location else { return "not a path" }
            return path.description
        }
        #expect(paths == [
            "$[0].home",
            "$[0].navigations[0].nav_items[0].id",
            "$[0].navigations[0].nav_items[0].data.target",
            "$[0].navigations[0].nav_items[0].data.connected",
            "$[0].navigations[0].nav_items[0].nav_items[1]",
            "$[0].navigations[0].nav_items[1]",
            "$[0].navigations[0].styles.background_color",
            "$[0].navigations[0].styles.state",
            "$[0].navigations[0].assets.app_logo",
            "$[0].navigations[1]",
            "$[0].hooks.preload_plugins[0].screen_id",
            "$[0].hooks.preload_plugins[1]",
            "$[0].hooks.postload_plugins[0]",
            "$[0].ui_components[0].component_type",
            "$[0].ui_components[0].position",
            "$[0].ui_components[1]",
            "$[1]",
            "$[2].navigations",
        ])
    }
}
