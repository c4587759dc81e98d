import Foundation
import Testing
import ZappModel
import ModelTestFixtures

/// Loads an app from texts in memory.
func loadApp(river: String, plugins: String? = Fixtures.plugins([("menu", "menu", "ZappShell.SideMenu")])) -> AppLoadResult {
    AppLoader.load(river: Fixtures.data(river), plugins: plugins.map(Fixtures.data))
}

/// The diagnostic lines of an app load.
func lines(_ result: AppLoadResult) -> [String] {
    result.diagnostics.map(\.description)
}

@Suite("Cross-reference validation")
struct AppValidatorTests {
    @Test func fullFixtureIsValid() {
        let result = loadApp(river: Fixtures.fullRiver, plugins: Fixtures.fullPlugins)
        #expect(lines(result) == [
            #"plugin_configurations.json: $[3].plugin.general.fields[1]: warning: field without a string "key" is ignored"#
        ])
        #expect(result.app?.screens.count == 3)
        #expect(result.app?.plugin(identifier: "login")?.manifest.type == "login")
    }

    @Test func unknownTargets() {
        let result = loadApp(river: #"""
            [{"id": "home", "home": true,
              "navigations": [{"category": "nav_bar", "nav_items": [
                {"id": "a", "type": "button", "data": {"target": "Movies"}},
                {"id": "b", "type": "button", "data": {"target": "https://example.com/x"}},
                {"id": "c", "type": "nested_menu", "nav_items": [{"id": "d", "type": "label", "data": {"target": "nowhere"}}]},
                {"id": "e", "type": "label", "data": {"target": "__settings__"}}]}],
              "ui_components": [
                {"component_type": "hero", "data": {"target": "gone"}},
                {"component_type": "list", "data": {"items": [{"title": "X", "target": "movies"}, {"title": "Y", "target": "MOVIES"}, {"title": "Z", "target": "elsewhere"}]}}]},
             {"id": "movies", "name": "Movies"}]
            """#)
        #expect(lines(result) == [
            #"river.json: $[0].navigations[0].nav_items[0].data.target: error: nav item "a" targets "Movies", which is not a screen id in river.json (hint: did you mean "movies"?)"#,
            #"river.json: $[0].navigations[0].nav_items[2].nav_items[0].data.target: error: nav item "d" targets "nowhere", which is not a screen id in river.json"#,
            #"river.json: $[0].ui_components[0].data.target: error: component targets "gone", which is not a screen in river.json"#,
            #"river.json: $[0].ui_components[1].data.items[2].target: error: cell "Z" targets "elsewhere", which is not a screen in river.json"#,
        ])
        #expect(result.diagnostics.containsErrors)
        #expect(!result.hasBlockingErrors)
        #expect(result.app != nil, "the runtime rides out unknown targets, so the app still loads")
        #expect(result.diagnostics.allSatisfy { $0.code == .unknownTarget })
    }

    @Test func hookPluginsAndScreens() {
        let result = loadApp(
            river: #"""
                [{"id": "home", "home": true, "hooks": {
                   "preload_plugins": [{"identifier": "junk"}, {"identifier": "ghost", "type": "general"}, {"identifier": "login", "type": "login", "screen_id": "sign-in"}],
                   "postload_plugins": [{"identifier": "login", "type": "login", "screen_id": "signin"}]}},
                 {"id": "sign_in"}]
                """#,
            plugins: Fixtures.plugins([("login", "login", "ZappShell.LocalLogin")]))
        #expect(lines(result) == [
            #"river.json: $[0].hooks.preload_plugins[0]: warning: hook entry without a string "identifier" and "type" is ignored (hint: write {"identifier": "<plugin identifier>", "type": "<plugin type>"})"#,
            #"river.json: $[0].hooks.preload_plugins[1].identifier: error: hook "ghost" names no plugin in plugin_configurations.json (hint: add a plugin with this identifier, or remove the hook)"#,
            #"river.json: $[0].hooks.preload_plugins[2].screen_id: error: hook "login": screen_id "sign-in" names no screen (hint: did you mean "sign_in"?)"#,
            #"river.json: $[0].hooks.postload_plugins[0].screen_id: error: hook "login": screen_id "signin" names no screen (hint: did you mean "sign_in"?)"#,
        ])
        #expect(result.diagnostics.map(\.code) == [.ignoredEntry, .unknownHookPlugin, .unknownHookScreen, .unknownHookScreen])
    }

    @Test func homeScreens() {
        // No screen has a "home" key (Applicaster's own examples): the first screen opens as
        // home, as `run` opens it: a warning, so `validate` exits 0.
        let unkeyed = loadApp(river: #"[{"id": "a"}, {"id": "b"}]"#)
        #expect(lines(unkeyed) == [
            #"river.json: $: warning: no screen has a "home" key: the first screen, "a", opens as home (hint: set "home": true on the home screen (the root menu is read from it))"#
        ])
        #expect(unkeyed.app?.homeScreen?.id == "a")
        var report = ValidationReport()
        report.add(unkeyed)
        #expect(report.exitCode == 0)
        // Every screen saying "home": false stays an error (so does a mix with no true).
        for river in [#"[{"id": "a", "home": false}, {"id": "b", "home": false}]"#, #"[{"id": "a"}, {"id": "b", "home": false}]"#] {
            #expect(lines(loadApp(river: river)) == [
                #"river.json: $: error: no home screen (hint: set "home": true on exactly one screen (the root menu is read from it))"#
            ])
        }
        #expect(lines(loadApp(river: #"[{"id": "a", "home": true}, {"id": "b", "home": true}, {"id": "c", "home": "1"}]"#)) == [
            #"river.json: $[1].home: error: several home screens: "b" and "a" (at $[0]) both have "home": true (hint: exactly one screen can be home)"#,
            #"river.json: $[2].home: error: several home screens: "c" and "a" (at $[0]) both have "home": true (hint: exactly one screen can be home)"#,
        ])
        #expect(lines(loadApp(river: "[]")) == [
            #"river.json: $: error: river.json has no screens (hint: add at least one screen with "home": true)"#
        ])
    }

    @Test func duplicateScreenIDs() {
        #expect(lines(loadApp(river: #"[{"id": "a", "home": true}, {"id": "b"}, {"id": "a"}]"#)) == [
            #"river.json: $[2].id: error: duplicate screen id "a" (first at $[0]) (hint: each screen needs its own id)"#
        ])
    }

    @Test func duplicatePluginIdentifiers() {
        let same = Fixtures.plugins([("menu", "menu", "ZappShell.SideMenu"), ("menu", "menu", "ZappShell.SideMenu")])
        #expect(lines(loadApp(river: #"[{"id": "a", "home": true}]"#, plugins: same)) == [
            #"plugin_configurations.json: $[1].plugin.identifier: warning: plugin "menu" is configured twice, identically (first at $[0].plugin); the first is used (hint: remove the repeated entry)"#
        ])
        let different = Fixtures.plugins([("menu", "menu", "ZappShell.SideMenu"), ("menu", "menu", "ZappShell.TabBar")])
        #expect(lines(loadApp(river: #"[{"id": "a", "home": true}]"#, plugins: different)) == [
            #"plugin_configurations.json: $[1].plugin.identifier: error: duplicate plugin identifier "menu" with a different configuration (first at $[0].plugin) (hint: each plugin must have its own identifier)"#
        ])
    }

    @Test func rootMenuPlugin() {
        let plugins = Fixtures.plugins([
            ("side", "menu", "ZappShell.SideMenu"), ("foreign", "menu", "ZappRoot.TabBar"), ("bar", "nav_bar", "ZappShell.NavigationBar"),
        ])
        func menu(_ type: String?) -> String {
            let navigationType = type.map { #", "navigation_type": "\#($0)""# } ?? ""
            return #"[{"id": "a", "home": true, "navigations": [{"category": "menu"\#(navigationType)}]}, {"id": "b", "navigations": [{"category": "menu", "navigation_type": "ignored"}]}]"#
        }
        func riverLines(_ type: String?) -> [String] {
            lines(loadApp(river: menu(type), plugins: plugins)).filter { $0.hasPrefix("river.json") }
        }
        #expect(riverLines("side").isEmpty)
        #expect(riverLines("foreign").isEmpty)
        #expect(lines(loadApp(river: menu("foreign"), plugins: plugins)) == [
            #"plugin_configurations.json: $[1].plugin.api.class_name: warning: plugin "foreign": class "ZappRoot.TabBar" is not a ZappShell plugin; it is shown as the built-in tab bar"#
        ])
        #expect(riverLines("missing") == [
            #"river.json: $[0].navigations[0].navigation_type: error: root menu plugin "missing" is not in plugin_configurations.json (hint: add a plugin of type menu with this identifier (class ZappShell.SideMenu or ZappShell.TabBar))"#
        ])
        #expect(riverLines("bar") == [
            #"river.json: $[0].navigations[0].navigation_type: error: root menu plugin "bar" is not a menu plugin (type "nav_bar") (hint: name a plugin of type menu)"#
        ])
        #expect(riverLines(nil) == [
            #"river.json: $[0].navigations[0]: error: the root menu has no "navigation_type" (hint: name a plugin of type menu, such as one with class ZappShell.SideMenu)"#
        ])
    }

    @Test func navigationBarPluginIsAWarning() {
        let result = loadApp(river: #"[{"id": "a", "home": true, "navigations": [{"category": "nav_bar", "navigation_type": "kan_bar"}]}]"#)
        #expect(lines(result) == [
            #"river.json: $[0].navigations[0].navigation_type: warning: navigation bar plugin "kan_bar" is not in plugin_configurations.json; the default navigation bar is used (hint: add a nav_bar plugin with this identifier (class ZappShell.NavigationBar))"#
        ])
        #expect(result.app != nil)
    }

    @Test("root-menu items of a type the menu does not show are warnings, nested ones too; nav-bar items are not")
    func unsupportedRootMenuItemTypes() {
        let result = loadApp(river: #"""
            [{"id": "home", "home": true,
              "navigations": [
                {"category": "menu", "navigation_type": "menu", "nav_items": [
                  {"id": "a", "type": "LABEL", "data": {"target": "home"}},
                  {"id": "b", "type": "live_drawer"},
                  {"id": "c", "type": "web_url", "data": {"source": "https://example.com"}},
                  {"id": "d", "type": "nested_menu", "nav_items": [{"id": "e", "type": "chromecast"}]}]},
                {"category": "nav_bar", "nav_items": [{"id": "f", "type": "live_drawer"}]}]},
             {"id": "other", "navigations": [{"category": "menu", "nav_items": [{"id": "g", "type": "live_drawer"}]}]}]
            """#)
        let shown = "label, button, screen, WEB_URL, header, nested_menu, collapsed, applicaster_epg, applicaster_settings"
        #expect(lines(result) == [
            #"river.json: $[0].navigations[0].nav_items[1].type: warning: root menu item "b" has type "live_drawer", which zapp-shell does not show: a side menu greys it out and a tab bar leaves it out (hint: the types the root menu shows: \#(shown))"#,
            #"river.json: $[0].navigations[0].nav_items[3].nav_items[0].type: warning: root menu item "e" has type "chromecast", which zapp-shell does not show: a side menu greys it out and a tab bar leaves it out (hint: the types the root menu shows: \#(shown))"#,
        ])
        #expect(result.diagnostics.allSatisfy { $0.code == .unsupportedMenuItem && !$0.isError })
        #expect(result.app != nil)
    }

    @Test func hookCycles() {
        let plugins = Fixtures.plugins([("gate", "general", "ZappShell.Gate")])
        let result = loadApp(
            river: #"""
                [{"id": "home", "home": true, "hooks": {"preload_plugins": [{"identifier": "gate", "type": "general", "screen_id": "h1"}]}},
                 {"id": "h1", "hooks": {"preload_plugins": [{"identifier": "gate", "type": "general", "screen_id": "h2"}]}},
                 {"id": "h2", "hooks": {"preload_plugins": [{"identifier": "gate", "type": "general", "screen_id": "h1"}]}},
                 {"id": "self", "hooks": {"preload_plugins": [{"identifier": "gate", "type": "general", "screen_id": "self"}]}}]
                """#,
            plugins: plugins)
        #expect(lines(result) == [
            #"river.json: $[2].hooks.preload_plugins[0].screen_id: error: hook cycle: "h1" -> "h2" -> "h1" (hint: a hook screen's own preload hooks must not lead back to it)"#,
            #"river.json: $[3].hooks.preload_plugins[0].screen_id: error: hook cycle: "self" -> "self" (hint: a hook screen's own preload hooks must not lead back to it)"#,
        ])
    }

    @Test func unknownPluginClassesAreWarnings() {
        let plugins = #"""
            [{"plugin": {"identifier": "menu", "type": "menu", "api": {"class_name": "ZappShell.SideMenu"}}},
             {"plugin": {"identifier": "fb", "type": "login", "api": {"class_name": "FacebookLogin"}}},
             {"plugin": {"identifier": "player", "type": "player", "api": {}}},
             {"plugin": {"identifier": "odd", "type": "general", "api": {"class_name": "ZappShell.TabBar"}}}]
            """#
        let result = loadApp(river: #"[{"id": "a", "home": true}]"#, plugins: plugins)
        #expect(lines(result) == [
            #"plugin_configurations.json: $[1].plugin.api.class_name: warning: plugin "fb": class "FacebookLogin" is not a ZappShell plugin; ZappShell.LocalLogin serves it"#,
            #"plugin_configurations.json: $[2].plugin.api: warning: plugin "player" has no api.class_name; a stand-in pane answers its hooks"#,
            #"plugin_configurations.json: $[3].plugin.type: warning: plugin "odd" has type "general" but class ZappShell.TabBar is a menu plugin (hint: set "type": "menu")"#,
        ])
        #expect(result.app != nil)
        #expect(result.diagnostics.allSatisfy { $0.code == .unknownPluginClass })
    }

    @Test func validatorWorksOnModelsBuiltInCode() {
        let app = ZappApp(
            screens: [ScreenModel(id: "a", name: "A", isHome: true, hooks: ScreenHooks(preload: [HookReference(identifier: "x", type: "general")]))],
            plugins: [])
        #expect(AppValidator.validate(app).map(\.description) == [
            #"river.json: $[0].hooks.preload_plugins[0].identifier: error: hook "x" names no plugin in plugin_configurations.json (hint: add a plugin with this identifier, or remove the hook)"#
        ])
        #expect(AppValidator.validate(app, pluginsFile: nil).isEmpty)
    }
}

@Suite("Cross-reference validation of large apps")
struct LargeAppValidationTests {
    /// A valid 2,500-screen app (over the size checked on several threads) with one broken
    /// target near its start, middle and end, and a hook cycle.
    @Test func diagnosticsStayInScreenOrder() throws {
        var screens = Array(try #require(AppLoader.load(river: RiverGenerator.river(screens: 2_500), plugins: RiverGenerator.plugins).app).screens)
        for index in [3, 1_250, 2_499] {
            screens[index].navigations[0].navItems[0].data.target = "missing-\(index)"
            screens[index].uiComponents[1].data["target"] = .string("gone-\(index)")
        }
        screens[7].hooks.preload = [HookReference(identifier: "login", type: "login", screenID: "screen-8")]
        screens[8].hooks.preload = [HookReference(identifier: "login", type: "login", screenID: "screen-7")]
        let app = ZappApp(screens: screens, plugins: try #require(AppLoader.load(river: RiverGenerator.river(screens: 1), plugins: RiverGenerator.plugins).app).plugins)
        let found = AppValidator.validate(app).map(\.description)
        let targets = found.filter { $0.contains("targets \"") }.map { $0.components(separatedBy: ": error:")[0] }
        #expect(targets == [3, 1_250, 2_499].flatMap { index in
            [
                "river.json: $[\(index)].navigations[0].nav_items[0].data.target",
                "river.json: $[\(index)].ui_components[1].data.target",
            ]
        })
        #expect(found.last?.contains("hook cycle: \"screen-7\" -> \"screen-8\" -> \"screen-7\"") == true)
        #expect(found.count == 7)
    }
}
