import Foundation
import ZappModel

/// Hand-written configuration fixtures (the corpus files are real-world inputs and stay outside the project).
public enum Fixtures {
    /// A river that uses every documented river key, with SDK-style variations.
    public static let fullRiver = """
        [
          {
            "id": "home",
            "name": "Home",
            "type": "general_content",
            "home": true,
            "unknown_key": {"ignored": [1, 2, 3]},
            "navigations": [
              {
                "id": "menu-1",
                "category": "menu",
                "navigation_type": "side_menu",
                "rules": {"visible": true},
                "nav_items": [
                  {"id": "m-home", "title": "Home", "type": "label", "data": {"target": "home"}},
                  {"id": "m-header", "title": "More", "type": "header"},
                  {
                    "id": "m-nested", "title": "Sections", "type": "nested_menu",
                    "nav_items": [
                      {"id": "m-movies", "title": "Movies", "type": "label", "data": {"target": "movies"}}
                    ]
                  },
                  {"id": "m-epg", "title": "Guide", "type": "applicaster_epg"},
                  {"id": "m-settings", "title": "Settings", "type": "applicaster_settings"}
                ]
              },
              {
                "id": "bar-1",
                "category": "nav_bar",
                "navigation_type": "nav_bar",
                "nav_items": [
                  {
                    "id": "b-movies", "title": "Movies", "type": "button",
                    "data": {"target": "movies", "source": "URL", "type": "APPLICASTER_ATOM_FEED", "connected": "1"},
                    "assets": {"icon": "assets/star.txt"},
                    "styles": {"tint": "#FF00FF00"}
                  },
                  {"id": "b-web", "title": "Web", "type": "button", "data": {"target": "https://example.com", "connected": null, "source": null, "type": null}},
                  {"id": "b-live", "title": "Live", "type": "live_drawer", "data": {"target": null}}
                ],
                "styles": {
                  "background_color": "#FF112233",
                  "title_color": "FFFFFF",
                  "title_color_tablet": "#80FFFFFF",
                  "title_size": "17",
                  "title_size_tablet": 21,
                  "ios_font_family": "HelveticaNeue-Medium",
                  "presentation_style": "logo",
                  "style": "center",
                  "state": "overlay",
                  "homescreen_show_logo": "0",
                  "background_type": "Color"
                },
                "assets": {
                  "app_logo": "assets/logo.txt",
                  "back_button": "file:///tmp/back.txt",
                  "close_button": "assets/close.txt",
                  "menu_button": "assets/menu.txt",
                  "background_image": "assets/pattern.txt",
                  "background_tablet": "assets/pattern-wide.txt"
                }
              }
            ],
            "hooks": {
              "preload_plugins": [{"identifier": "analytics", "type": "general"}],
              "postload_plugins": [{"identifier": "analytics", "type": "general", "screen_id": null}]
            },
            "ui_components": [
              {"id": "grid-1", "component_type": "grid", "position": "2", "data": {"items": [{"title": "Movies", "target": "movies"}]}, "rules": {"r": 1}, "styles": {"columns": 3}},
              {"id": "hero-1", "component_type": "hero", "position": 1, "data": {"target": "movies"}}
            ],
            "styles": {"presentation": "present"},
            "general": {"is_flow_blocker": true},
            "data": {"source": "feed"},
            "rules": {"r": "x"}
          },
          {
            "id": "movies",
            "name": "Movies",
            "home": false,
            "navigations": [],
            "hooks": {"preload_plugins": [{"identifier": "login", "type": "login", "screen_id": "login-screen"}]}
          },
          {
            "id": "login-screen",
            "name": "Sign in",
            "type": "login",
            "general": {"is_flow_blocker": "1", "allow_screen_plugin_presentation": false},
            "styles": {"presentation": "push"}
          }
        ]
        """

    /// plugin_configurations.json matching `fullRiver`.
    public static let fullPlugins = """
        [
          {"plugin": {"identifier": "side_menu", "name": "Side menu", "type": "menu", "api": {"class_name": "ZappShell.SideMenu"}}, "configuration_json": {}},
          {"plugin": {"identifier": "nav_bar", "type": "nav_bar", "api": {"class_name": "ZappShell.NavigationBar"}}, "configuration_json": null},
          {"plugin": {"identifier": "analytics", "type": "general", "api": {"class_name": "ZappShell.Analytics", "require_startup_execution": true}}},
          {
            "plugin": {
              "identifier": "login", "name": "Login", "type": "login", "screen": true, "preload": "1",
              "api": {"class_name": "ZappShell.LocalLogin", "require_startup_execution": "0"},
              "general": {"fields": [{"key": "is_flow_blocker", "type": "switch", "initial_value": true}, {"type": "text"}]},
              "styles": {"fields": [{"key": "presentation", "type": "tag_select", "initial_value": "present"}]},
              "custom_configuration_fields": [{"key": "startup_gateway", "type": "checkbox", "default": 0}]
            },
            "configuration_json": {"users": [{"username": "demo", "password": "demo"}]}
          }
        ]
        """

    /// A minimal valid river around one screen object (JSON text) placed at `$[0]` as home.
    /// A river with every flaw a device rides out.
    public static let flawedRiver = #"""
        [{"id": "home", "home": true,
          "navigations": [
            {"category": "nav_bar", "styles": {"style": "leftish", "presentation_style": "banner", "state": "floating"},
             "nav_items": [{"id": "x", "type": "button", "data": {"target": "missing"}}]},
            {"category": "menu", "navigation_type": "no-such-menu", "nav_items": []}],
          "hooks": {"preload_plugins": [{"identifier": "ghost", "type": "general", "screen_id": "nowhere"}]}},
         {"id": 17, "name": "Numbered"},
         {"id": "other", "home": true}]
        """#

    public static func river(screens: [String]) -> String {
        "[\n" + screens.joined(separator: ",\n") + "\n]"
    }

    /// Plugin configurations for the given (identifier, type, class) triples.
    public static func plugins(_ entries: [(String, String, String)]) -> String {
        "[" + entries.map { identifier, type, className in
            "{\"plugin\": {\"identifier\": \"\(identifier)\", \"type\": \"\(type)\", \"api\": {\"class_name\": \"\(className)\"}}}"
        }.joined(separator: ",") + "]"
    }

    public static func data(_ text: String) -> Data { Data(text.utf8) }

    /// A temporary folder, removed by the caller.
    public static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-model-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
