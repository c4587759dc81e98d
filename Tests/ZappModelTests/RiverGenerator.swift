import Foundation

/// Generates large, valid apps for load tests and timing (a river of N screens with nav bars,
/// a root menu, nested items, components, hooks and hook screens).
enum RiverGenerator {
    static let plugins = Data(
        #"""
        [{"plugin": {"identifier": "menu", "type": "menu", "api": {"class_name": "ZappShell.SideMenu"}}},
         {"plugin": {"identifier": "bar", "type": "nav_bar", "api": {"class_name": "ZappShell.NavigationBar"}}},
         {"plugin": {"identifier": "login", "type": "login", "screen": true, "api": {"class_name": "ZappShell.LocalLogin"}}},
         {"plugin": {"identifier": "analytics", "type": "general", "api": {"class_name": "ZappShell.Analytics"}}}]
        """#.utf8)

    static func river(screens count: Int) -> Data {
        var text = "[\n"
        for index in 0..<count {
            let next = (index + 1) % count
            let previous = (index + count - 1) % count
            let menu = index == 0
                ? #"{"category": "menu", "navigation_type": "menu", "nav_items": [{"id": "m1", "title": "One", "type": "label", "data": {"target": "screen-1"}}, {"id": "m2", "title": "More", "type": "nested_menu", "nav_items": [{"id": "m3", "title": "Two", "type": "label", "data": {"target": "screen-2"}}]}]},"#
                : ""
            let hooks = index % 10 == 5
                ? #"{"preload_plugins": [{"identifier": "analytics", "type": "general"}, {"identifier": "login", "type": "login", "screen_id": "screen-0"}], "postload_plugins": []}"#
                : #"{"preload_plugins": [], "postload_plugins": [{"identifier": "analytics", "type": "general"}]}"#
            text += """
                {"id": "screen-\(index)", "name": "Screen number \(index)", "type": "general_content", "home": \(index == 0),
                 "navigations": [\(menu)
                  {"id": "bar-\(index)", "category": "nav_bar", "navigation_type": "bar",
                   "nav_items": [{"id": "n-\(index)", "title": "Next", "type": "button", "data": {"target": "screen-\(next)", "source": "URL", "type": "APPLICASTER_ATOM_FEED", "connected": true}, "assets": {}, "styles": {}, "nav_items": []},
                                 {"id": "w-\(index)", "title": "Web", "type": "button", "data": {"target": "https://example.com/\(index)"}}],
                   "styles": {"background_color": "#FF203040", "title_color": "#FFFFFFFF", "title_size": "17", "presentation_style": "title", "style": "center", "state": "on_top", "homescreen_show_logo": "1"},
                   "assets": {"app_logo": "assets/logo.txt", "background_image": "assets/bar.txt"}, "rules": {}}],
                 "hooks": \(hooks),
                 "ui_components": [
                  {"id": "hero-\(index)", "component_type": "hero", "position": 0, "data": {"title": "Featured \(index)", "items": [{"id": "i-\(index)-1", "title": "Previous", "target": "screen-\(previous)"}, {"id": "i-\(index)-2", "title": "Next", "target": "screen-\(next)"}]}, "styles": {}, "rules": {}},
                  {"id": "list-\(index)", "component_type": "list", "position": "1", "data": {"title": "More", "items": [{"id": "l-\(index)-1", "title": "An item with a longer title \(index)", "subtitle": "Subtitle"}, {"id": "l-\(index)-2", "title": "Another item", "subtitle": "Subtitle", "target": "screen-\(next)"}]}}],
                 "styles": {}, "general": {"is_flow_blocker": false}, "data": {}, "rules": {}}
                """
            text += index == count - 1 ? "\n" : ",\n"
        }
        text += "]\n"
        return Data(text.utf8)
    }
}
