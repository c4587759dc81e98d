import Foundation
import ShellCore
import ShellUI
import ZappCore
import ZappModel

/// A small app for the update and runtime tests: a side menu (Home, Premium behind a sign-in
/// hook, Slow behind a hook that never finishes, Settings), a list on home with a pushable
/// detail screen (which has a post hook) and an inert item.
enum UpdateFixture {
    static let river = """
        [
          {"id": "home", "name": "Home", "type": "general_content", "home": true,
           "navigations": [
             {"id": "menu", "category": "menu", "navigation_type": "side",
              "nav_items": [
                {"id": "m-home", "title": "Home", "type": "label", "data": {"target": "home"}},
                {"id": "m-premium", "title": "Premium", "type": "label", "data": {"target": "premium"}},
                {"id": "m-slow", "title": "Slow", "type": "label", "data": {"target": "slow"}},
                {"id": "m-settings", "title": "Settings", "type": "applicaster_settings", "data": {}}
              ]},
             {"id": "bar", "category": "nav_bar", "navigation_type": "bar",
              "styles": {"state": "on_top", "style": "left", "presentation_style": "title"}, "nav_items": []}
           ],
           "ui_components": [
             {"id": "home-list", "component_type": "list", "position": 0,
              "data": {"title": "Picks", "items": [
                {"id": "i-detail", "title": "Detail", "target": "detail"},
                {"id": "i-soon", "title": "Coming soon"}
              ]}}
           ]},
          {"id": "premium", "name": "Premium", "type": "general_content",
           "hooks": {"preload_plugins": [{"identifier": "login", "type": "login"}]}},
          {"id": "slow", "name": "Slow", "type": "general_content",
           "hooks": {"preload_plugins": [{"identifier": "slowhook", "type": "general"}]}},
          {"id": "detail", "name": "Detail", "type": "general_content",
           "hooks": {"postload_plugins": [{"identifier": "after", "type": "general"}]}}
        ]
        """

    static let plugins = """
        [
          {"plugin": {"identifier": "side", "type": "menu", "api": {"class_name": "ZappShell.SideMenu"}}, "configuration_json": {}},
          {"plugin": {"identifier": "bar", "type": "nav_bar", "api": {"class_name": "ZappShell.NavigationBar"}}, "configuration_json": {}},
          {"plugin": {"identifier": "login", "type": "login", "api": {"class_name": "Test.Login"}}, "configuration_json": {}},
          {"plugin": {"identifier": "slowhook", "type": "general", "api": {"class_name": "Test.Slow"}}, "configuration_json": {}},
          {"plugin": {"identifier": "after", "type": "general", "api": {"class_name": "Test.After"}}, "configuration_json": {}}
        ]
        """

    static let app: ZappApp = {
        let result = AppLoader.load(river: Data(river.utf8), plugins: Data(plugins.utf8), name: "Fixture")
        guard let app = result.app else { fatalError("fixture app does not load: \(result.diagnostics)") }
        return app
    }()

    /// A model of the fixture at 80x24, running, home shown.
    static func model(themes: [Theme] = []) -> ShellModel {
        ShellModel(view: ShellViewState(app: app, rootKind: .sideMenu), columns: 80, rows: 24, themes: themes)
    }

    /// The index of a root-menu item among the focusables.
    static func menuIndex(_ id: String, _ model: ShellModel) -> Int? {
        FrameLayout(state: model.view, columns: model.columns, rows: model.rows).focusables(in: .rootMenu)
            .firstIndex { $0.action == .selectRootItem(id) }
    }
}
