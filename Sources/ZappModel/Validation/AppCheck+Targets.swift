/// The validation's checks of navigations, root menus, components and their targets (a target
/// names a screen, a URL or a built-in screen; "did you mean" from `SuggestionIndex`).
extension AppCheck {
    mutating func checkNavigation(_ navigation: NavigationModel, ofScreen index: Int, at path: JSONPath) {
        checkNavItems(navigation.navItems, at: path)
        let isRootMenu = navigation.category == .menu && app.screens.isHome(at: index) && app.screens[index].menu == navigation
        if isRootMenu { checkMenuItemTypes(navigation.navItems, at: path) }
        guard pluginsKnown else { return }
        switch navigation.category {
        case .menu where isRootMenu:
            checkMenuPlugin(navigation, at: path)
        case .navBar:
            guard let type = navigation.navigationType, app.plugin(identifier: type) == nil else { return }
            warning(
                .navigationBarPlugin, path + "navigation_type",
                "navigation bar plugin \(Quoted.value(type)) is not in plugin_configurations.json; the default navigation bar is used",
                hint: "add a nav_bar plugin with this identifier (class ZappShell.NavigationBar)")
        default:
            break
        }
    }

    mutating func checkMenuPlugin(_ navigation: NavigationModel, at path: JSONPath) {
        guard let type = navigation.navigationType else {
            error(
                .menuPlugin, path, "the root menu has no \"navigation_type\"",
                hint: "name a plugin of type menu, such as one with class ZappShell.SideMenu")
            return
        }
        guard let plugin = app.plugin(identifier: type) else {
            error(
                .menuPlugin, path + "navigation_type", "root menu plugin \(Quoted.value(type)) is not in plugin_configurations.json",
                hint: "add a plugin of type menu with this identifier (class ZappShell.SideMenu or ZappShell.TabBar)")
            return
        }
        let builtIn = plugin.manifest.api.className.flatMap(BuiltInPluginClass.init(rawValue:))
        let isMenu = builtIn.map(\.isMenu) ?? (plugin.manifest.type == "menu")
        if !isMenu {
            error(
                .menuPlugin, path + "navigation_type",
                "root menu plugin \(Quoted.value(type)) is not a menu plugin (type \(Quoted.value(plugin.manifest.type)))",
                hint: "name a plugin of type menu")
        }
    }

    /// Root-menu items (nested ones too) of a type the menu does not show: a side menu greys
    /// them out and a tab bar leaves them out, so a tab bar of such items is not drawn at all.
    mutating func checkMenuItemTypes(_ items: [NavItem], at path: @autoclosure () -> JSONPath) {
        for (offset, item) in items.enumerated() {
            if item.menuRole == nil {
                warning(
                    .unsupportedMenuItem, path() + "nav_items" + offset + "type",
                    "root menu item \(Quoted.value(item.id)) has type \(Quoted.value(item.type)), which zapp-shell does not show: a side menu greys it out and a tab bar leaves it out",
                    hint: "the types the root menu shows: " + NavItem.menuTypes.map(\.key).joined(separator: ", "))
            }
            if !item.navItems.isEmpty { checkMenuItemTypes(item.navItems, at: path() + "nav_items" + offset) }
        }
    }

    /// Nav items' targets. The path is built only when something is reported (most items are fine).
    mutating func checkNavItems(_ items: [NavItem], at path: @autoclosure () -> JSONPath) {
        for (offset, item) in items.enumerated() {
            if let target = item.data.target, !isKnownTarget(target, allowNames: false) {
                error(
                    .unknownTarget, path() + "nav_items" + offset + "data" + "target",
                    "nav item \(Quoted.value(item.id)) targets \(Quoted.value(target)), which is not a screen id in river.json",
                    hint: suggestion(for: target))
            }
            if !item.navItems.isEmpty { checkNavItems(item.navItems, at: path() + "nav_items" + offset) }
        }
    }

    /// A component's `data.target` and its cells' `data.items[].target`. The path is built only
    /// when something is reported.
    mutating func checkComponent(_ component: UIComponent, at path: @autoclosure () -> JSONPath) {
        if case .string(let target)? = component.data["target"], !target.isEmpty, !isKnownTarget(target, allowNames: true) {
            error(
                .unknownTarget, path() + "data" + "target", "component targets \(Quoted.value(target)), which is not a screen in river.json",
                hint: suggestion(for: target))
        }
        guard case .array(let items)? = component.data["items"] else { return }
        for (offset, item) in items.enumerated() {
            guard case .string(let target)? = item["target"], !target.isEmpty, !isKnownTarget(target, allowNames: true)
            else { continue }
            let title = item["title"]?.stringValue.map { "\(Quoted.value($0)) " } ?? ""
            error(
                .unknownTarget, path() + "data" + "items" + offset + "target",
                "cell \(title)targets \(Quoted.value(target)), which is not a screen in river.json", hint: suggestion(for: target))
        }
    }

    /// A screen id, a built-in screen, a URL (`scheme://...`), or (for cells) a screen name.
    mutating func isKnownTarget(_ target: String, allowNames: Bool) -> Bool {
        if screenIDs.contains(target) || AppValidator.builtInScreenIDs.contains(target) { return true }
        if Self.containsSchemeSeparator(target) { return true }
        return allowNames && screenNames.contains(target.lowercased())
    }

    /// True when `text` contains `://` (a URL). A byte scan: Foundation's substring search
    /// costs more than the rest of a target check.
    static func containsSchemeSeparator(_ text: String) -> Bool {
        var beforePrevious: UInt8 = 0
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "/"), previous == UInt8(ascii: "/"), beforePrevious == UInt8(ascii: ":") { return true }
            beforePrevious = previous
            previous = byte
        }
        return false
    }

    /// "did you mean" for a target that differs from a screen id only in case or separators.
    func suggestion(for target: String) -> String? {
        guard let match = suggestions.screenID(matching: target) else { return nil }
        return "did you mean \(Quoted.value(match))?"
    }
}
