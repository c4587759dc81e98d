import ZappModel

/// How a user reaches each screen of an app, and which screens nothing reaches: home, the root
/// menu's items, the navigation bars' buttons, components' cells and screen-picker tabs, and
/// feed entries mapped by `content_types.json`, each read as the UI reads it (`RootMenu`,
/// `NavigationBarManager.button`, `ComponentCell`). A screen is reachable when a path from home,
/// the root menu or a content type leads to it; hook screens are listed as such and are not
/// reached by navigating. Deep links and go-to reach every screen and are not counted.
public struct ScreenReaches: Sendable {
    /// One way to reach a screen.
    public struct Reach: Sendable, Hashable {
        public var kind: ScreenReachKind
        /// The item's, button's or cell's title, the content type, or the hook identifier.
        public var label: String?
        /// The screen it is on (nav-bar buttons, cells, tabs, hook screens).
        public var from: String?
        /// The feed a root-menu or nav-bar item connects the screen to (`data.source`).
        public var feed: String?

        public init(kind: ScreenReachKind, label: String? = nil, from: String? = nil, feed: String? = nil) {
            self.kind = kind
            self.label = label
            self.from = from
            self.feed = feed
        }

        /// `root-menu item "Premium"`, `nav-bar button "Search" on home`, `content type "video"`.
        public var line: String {
            let title = label.map { " \"\($0)\"" } ?? ""
            var text: String
            switch kind {
            case .home: text = "home"
            case .rootMenu: text = "root-menu item" + title
            case .navBar: text = "nav-bar button" + title
            case .component: text = "cell" + title
            case .screenPicker: text = "screen-picker tab" + title
            case .contentType: text = "content type" + title
            case .hookScreen: text = "hook screen of" + title
            }
            if let from { text += " on \(from)" }
            if let feed { text += " (connected to \(feed))" }
            return text
        }
    }

    /// The ways to reach each screen, by screen id, in the order found.
    public private(set) var reaches: [String: [Reach]] = [:]
    /// The screens a user can navigate to.
    public private(set) var reachable: Set<String> = []

    public init(app: ZappApp, rootKind: RootKind) {
        // Screen ids by lowercased name, for cells that name their target; made when first needed.
        var names: [String: String]?
        func resolve(_ target: String?) -> String? {
            guard let target, !target.isEmpty, !target.isWebURL else { return nil }
            if app.hasScreen(id: target) { return target }
            if names == nil {
                var index: [String: String] = [:]
                // Names and ids are read without decoding (a large river's screens are decoded when read).
                for position in app.screens.indices {
                    let name = app.screens.name(at: position).lowercased()
                    if index[name] == nil { index[name] = app.screens.id(at: position) }
                }
                names = index
            }
            return names?[target.lowercased()]
        }
        var edges: [String: [String]] = [:]
        var starts: [String] = []
        func add(_ id: String, _ reach: Reach) { reaches[id, default: []].append(reach) }

        if let home = app.homeScreen {
            add(home.id, Reach(kind: .home))
            starts.append(home.id)
        }
        let menu = RootMenu(app: app, kind: rootKind)
        var menuNavItems: [NavItem] = []
        func walk(_ items: [NavItem]) {
            for item in items {
                menuNavItems.append(item)
                walk(item.navItems)
            }
        }
        walk(app.homeScreen?.menu?.navItems ?? [])
        for (item, navItem) in zip(menu.allItems, menuNavItems) {
            guard case .screen(let id) = item.kind, app.hasScreen(id: id) else { continue }
            add(id, Reach(kind: .rootMenu, label: item.title, feed: navItem.data.source))
            starts.append(id)
        }
        for type in app.contentTypes.screens.keys.sorted() {
            guard let id = app.contentTypes.screens[type], app.hasScreen(id: id) else { continue }
            add(id, Reach(kind: .contentType, label: type))
            starts.append(id)
        }
        let bars = NavigationBarManager(app: app, rootKind: rootKind)
        for screen in app.screens {
            for navItem in screen.navBar?.navItems ?? [] {
                let button = bars.button(for: navItem, currentScreenID: screen.id)
                guard button.kind == .screen, let target = button.target, app.hasScreen(id: target) else { continue }
                add(target, Reach(kind: .navBar, label: button.title, from: screen.id, feed: navItem.data.source))
                edges[screen.id, default: []].append(target)
            }
            for component in screen.orderedComponents {
                let kind: ScreenReachKind = component.componentType == "screen_picker" ? .screenPicker : .component
                for cell in ComponentCell.cells(of: component) {
                    guard let target = resolve(cell.target) else { continue }
                    add(target, Reach(kind: kind, label: cell.title, from: screen.id))
                    edges[screen.id, default: []].append(target)
                }
            }
            for entry in screen.hooks.preload + screen.hooks.postload {
                guard let id = entry.screenID, app.hasScreen(id: id) else { continue }
                add(id, Reach(kind: .hookScreen, label: entry.identifier, from: screen.id))
            }
        }
        var queue = starts
        while let id = queue.popLast() {
            guard reachable.insert(id).inserted else { continue }
            queue += edges[id] ?? []
        }
    }
}
