#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The small fixed files a target pairs its fuzzed file with, so that validation across files
/// (hooks naming plugins, content types naming screens) runs on every input.
public enum FixtureApp {
    /// A river of two screens, the first with a hook on a plugin of `plugins`.
    public static let river = Data(
        """
        [{"id": "home", "name": "Home", "type": "general_content", "home": true,
          "hooks": {"preload_plugins": [{"identifier": "login", "type": "login", "weight": 1}]},
          "navigations": [{"category": "nav_bar", "nav_items": [{"title": "Movies",
            "data": {"target": "movies"}}]}],
          "ui_components": [{"component_type": "list", "data": {"source": "https://example.com/feed.json"}}]},
         {"id": "movies", "name": "Movies", "type": "general_content", "navigations": [], "ui_components": []}]
        """.utf8)

    /// Plugin configurations with the plugin `river` hooks.
    public static let plugins = Data(
        """
        [{"plugin": {"identifier": "login", "name": "Login", "type": "login",
          "react_native": false, "api": {"class_name": "ZappLoginPluginOAuth2"}},
          "configuration_json": {"screen_hook": true}}]
        """.utf8)
}
