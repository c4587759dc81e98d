import ZappModel

/// Connected screens: a nav item or menu item with `data.target` and `data.source` opens its
/// target "connected" to that feed, and the target's components with `connected: true` and
/// no source of their own show it. The update records the source when such an item is
/// activated (`ShellViewState.connectedSources`); this finds the item.
enum ConnectedFeed {
    /// The target screen and feed source of the nav item with this id (root menu of the
    /// home screen, then every screen's nav bar), when it has both.
    /// The screens are walked in place: copying every navigation into one array first cost
    /// more than the search on a large app (it runs on every activation). Only screens whose
    /// JSON may hold the id are read, and only decoded ones (`ScreenList.search`).
    static func link(itemID: String, in app: ZappApp) -> ScreenList.Search<(target: String, source: String)> {
        func link(in navigations: [NavigationModel]) -> (target: String, source: String)? {
            for navigation in navigations {
                if let item = find(itemID, in: navigation.navItems), let target = item.data.target, !target.isEmpty,
                    let source = item.data.source, !source.isEmpty, item.data.type != "WEB_URL"
                {
                    return (target, source)
                }
            }
            return nil
        }
        if let home = app.homeScreen, let found = link(in: home.navigations) { return .found(found) }
        return app.screens.search(holding: itemID) { link(in: $0.navigations) }
    }

    /// Items are compared in place (a copy of each item on the way cost most of the search).
    private static func find(_ id: String, in items: [NavItem]) -> NavItem? {
        for index in items.indices {
            if items[index].id == id { return items[index] }
            if !items[index].navItems.isEmpty, let found = find(id, in: items[index].navItems) { return found }
        }
        return nil
    }

    /// The feed a component shows: its own `data.source`, else (with `connected: true`) the
    /// screen's connected feed.
    static func source(of component: UIComponent, connected: String?) -> String? {
        if let own = component.data["source"]?.stringValue, !own.trimmingSpaces.isEmpty { return own }
        guard isConnected(component) else { return nil }
        return connected
    }

    /// `data.connected` (or `rules.connected`) is true.
    static func isConnected(_ component: UIComponent) -> Bool {
        component.data["connected"]?.boolValue ?? component.rules["connected"]?.boolValue ?? false
    }
}

extension String {
    fileprivate var trimmingSpaces: Substring {
        let text = self[...]
        guard let first = text.firstIndex(where: { $0 != " " }), let last = text.lastIndex(where: { $0 != " " }) else { return "" }
        return text[first...last]
    }
}
