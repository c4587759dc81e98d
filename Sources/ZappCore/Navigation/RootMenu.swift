import ZappModel

/// The root menu (side menu or tab bar) built from the home screen's first
/// `category: menu` navigation.
public struct RootMenu: Sendable, Hashable {
    /// The id of the implicit home entry used when no menu item targets home.
    public static let homeItemID = "__home__"

    public var kind: RootKind
    /// The menu plugin identifier (`navigation_type`), if any.
    public var navigationType: String?
    public var items: [RootMenuItem]
    /// The home screen id (the first screen shown).
    public var homeScreenID: String?

    public init(kind: RootKind, navigationType: String? = nil, items: [RootMenuItem], homeScreenID: String?) {
        self.kind = kind
        self.navigationType = navigationType
        self.items = items
        self.homeScreenID = homeScreenID
    }

    /// The menu of `app` for the given root kind.
    public init(app: ZappApp, kind: RootKind) {
        let home = app.homeScreen
        let menu = home?.menu
        self.init(
            kind: kind, navigationType: menu?.navigationType,
            items: (menu?.navItems ?? []).map { RootMenuItem(navItem: $0, app: app) },
            homeScreenID: home?.id)
    }

    /// The menu of `app` with the root kind its menu plugin selects.
    public init(app: ZappApp) {
        self.init(app: app, kind: RootKind(app: app))
    }

    /// All items, depth first (nested children included whether expanded or not).
    public var allItems: [RootMenuItem] {
        var result: [RootMenuItem] = []
        func walk(_ items: [RootMenuItem]) {
            for item in items {
                result.append(item)
                walk(item.children)
            }
        }
        walk(items)
        return result
    }

    /// The screens the items open, depth first (nested children included), read in place
    /// rather than copying every item as `allItems` does: the update asks for them on every key.
    public var screenIDs: [String] {
        var result: [String] = []
        func walk(_ items: [RootMenuItem]) {
            for index in items.indices {
                if let screenID = items[index].screenID { result.append(screenID) }
                walk(items[index].children)
            }
        }
        walk(items)
        return result
    }

    /// The item with this id anywhere in the menu.
    public func item(id: String) -> RootMenuItem? {
        allItems.first { $0.id == id }
    }

    /// The item that opens `screenID` as a root, if any (the first, depth first).
    public func item(forScreen screenID: String) -> RootMenuItem? {
        allItems.first { $0.screenID == screenID }
    }

    /// The items shown: nested children appear only under expanded parents, with their depth.
    public func visibleItems(expanded: Set<String>) -> [(item: RootMenuItem, depth: Int)] {
        var result: [(RootMenuItem, Int)] = []
        func walk(_ items: [RootMenuItem], depth: Int) {
            for item in items {
                result.append((item, depth))
                if item.isExpandable && expanded.contains(item.id) { walk(item.children, depth: depth + 1) }
            }
        }
        walk(items, depth: 0)
        return result
    }

    /// The root item id whose stack holds home: the item targeting home, else `homeItemID`.
    public var homeItemID: String {
        homeScreenID.flatMap { item(forScreen: $0)?.id } ?? Self.homeItemID
    }
}

/// One entry of the root menu.
public struct RootMenuItem: Sendable, Hashable, Identifiable {
    /// What choosing the item does.
    public enum Kind: Sendable, Hashable {
        /// `label` with a screen target: opens the screen as the root of its stack.
        case screen(String)
        /// `label` with an http(s) target.
        case url(String)
        /// `label` whose target is missing or names no screen (shown, not selectable).
        case unavailable(reason: String)
        /// A section heading (not selectable).
        case header
        /// `nested_menu` / `collapsed`: expands to show its children.
        case nested
        /// `applicaster_epg`: the white-label EPG screen.
        case epg
        /// `applicaster_settings`: the white-label Settings screen.
        case settings
        /// A type the shell does not know (shown, not selectable).
        case unsupported(type: String)
    }

    public var id: String
    public var title: String
    public var kind: Kind
    public var children: [RootMenuItem]

    public init(id: String, title: String, kind: Kind, children: [RootMenuItem] = []) {
        self.id = id
        self.title = title
        self.kind = kind
        self.children = children
    }

    /// Classifies a river nav item.
    public init(navItem: NavItem, app: ZappApp) {
        let kind: Kind
        switch navItem.menuRole {
        case .link?:
            if let url = navItem.data.webURL {
                kind = .url(url)
            } else if let target = navItem.data.target, !target.isEmpty {
                if app.hasAnyScreen(id: target) {
                    kind = .screen(target)
                } else {
                    kind = .unavailable(reason: "no screen \"\(target)\"")
                }
            } else {
                kind = .unavailable(reason: "no target")
            }
        case .webPage?:
            let data = navItem.data
            if let url = data.webURL ?? [data.source, data.target].compactMap({ $0 }).first(where: \.isWebURL) {
                kind = .url(url)
            } else {
                kind = .unavailable(reason: "no web address")
            }
        case .header?: kind = .header
        case .nested?: kind = .nested
        case .epg?: kind = .epg
        case .settings?: kind = .settings
        case nil: kind = .unsupported(type: navItem.type)
        }
        let title: String
        if !navItem.title.isEmpty {
            title = navItem.title
        } else {
            switch kind {
            case .epg: title = "EPG"
            case .settings: title = "Settings"
            case .screen(let id): title = app.anyScreen(id: id)?.name ?? id
            default: title = navItem.id
            }
        }
        self.init(
            id: navItem.id, title: title, kind: kind,
            children: navItem.navItems.map { RootMenuItem(navItem: $0, app: app) })
    }

    /// The screen the item opens as a root (river or synthetic), if any.
    public var screenID: String? {
        switch kind {
        case .screen(let id): return id
        case .epg: return SyntheticScreen.epg.rawValue
        case .settings: return SyntheticScreen.settings.rawValue
        default: return nil
        }
    }

    /// True for nested menus.
    public var isExpandable: Bool {
        if case .nested = kind { return true }
        return false
    }

    /// True when the user can choose it (headers and unsupported items are not). An unavailable
    /// item (no such screen, no target) can be chosen, drawn greyed: choosing it says why.
    public var isSelectable: Bool {
        switch kind {
        case .header, .unsupported: return false
        default: return true
        }
    }
}
