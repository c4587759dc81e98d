#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// Cross-reference validation of a decoded app: everything that is well-formed JSON of the
/// right types but does not hang together.
///
/// Errors (the app would misbehave; only `DiagnosticCode.stopsRunning` ones stop `run`): no screens; no home screen (screens say `home`, none true) or several; duplicate screen
/// ids; two different plugins with one identifier; a nav item or component target that names no screen (URLs and
/// the built-in Settings/EPG screens are fine); a hook identifier with no plugin; a hook
/// `screen_id` with no screen; a root menu whose `navigation_type` names no menu plugin;
/// hook screens whose preload hooks lead back to themselves.
///
/// Warnings (the app runs, with a fallback): a plugin entry repeated identically (real files
/// have them; the first is used); a plugin class ZappShell does not provide (menus
/// fall back to the tab bar or side menu, logins to local login, others to a stand-in); a nav bar whose
/// `navigation_type` names no plugin (the default navigation bar is used); a river with no `home` key
/// at all (its first screen opens as home, `ScreenList.homeChoice`).
public enum AppValidator {
    /// Screen ids the shell provides itself (its white-label Settings and EPG screens).
    public static let builtInScreenIDs: Set<String> = ["__settings__", "__epg__"]

    /// Validates an app. `pluginsFile` names plugin_configurations.json in diagnostics; pass
    /// nil when the plugins could not be loaded, so checks that need them are skipped.
    public static func validate(
        _ app: ZappApp, riverFile: String = "river.json", pluginsFile: String? = "plugin_configurations.json"
    ) -> [Diagnostic] {
        validate(app, riverFile: riverFile, pluginsFile: pluginsFile, sourceMap: RiverSourceMap())
    }

    static func validate(_ app: ZappApp, riverFile: String, pluginsFile: String?, sourceMap: RiverSourceMap) -> [Diagnostic] {
        var diagnostics = checkRiver(app, riverFile: riverFile, pluginsKnown: pluginsFile != nil, sourceMap: sourceMap)
        if let pluginsFile { diagnostics += validatePlugins(app.plugins, file: pluginsFile) }
        return diagnostics
    }

    /// The river's cross-reference checks alone (every diagnostic names `riverFile`);
    /// `pluginsKnown` false skips those that need the plugins.
    static func checkRiver(_ app: ZappApp, riverFile: String, pluginsKnown: Bool, sourceMap: RiverSourceMap) -> [Diagnostic] {
        var check = AppCheck(app: app, riverFile: riverFile, pluginsKnown: pluginsKnown, sourceMap: sourceMap)
        check.run()
        return check.diagnostics
    }

    /// Checks a plugin_configurations.json on its own: duplicate identifiers and plugin classes.
    public static func validatePlugins(_ plugins: [PluginConfiguration], file: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var firstIndex: [String: Int] = [:]
        for (index, plugin) in plugins.enumerated() {
            let path = JSONPath.root + index + "plugin"
            let identifier = plugin.identifier
            guard !identifier.isEmpty else { continue }
            if let first = firstIndex[identifier] {
                let firstPath = JSONPath.root + first + "plugin"
                if plugins[first] == plugin {
                    diagnostics.append(
                        .warning(
                            .duplicateID, file: file, at: .path(path + "identifier"),
                            "plugin \(Quoted.value(identifier)) is configured twice, identically (first at \(firstPath)); the first is used",
                            hint: "remove the repeated entry"))
                } else {
                    diagnostics.append(
                        .error(
                            .duplicateID, file: file, at: .path(path + "identifier"),
                            "duplicate plugin identifier \(Quoted.value(identifier)) with a different configuration (first at \(firstPath))",
                            hint: "each plugin must have its own identifier"))
                }
                continue
            }
            firstIndex[identifier] = index
            diagnostics += validateManifest(plugin.manifest, file: file, at: path)
        }
        return diagnostics
    }

    /// Checks one manifest: is its class one ZappShell provides? Unknown classes are warnings.
    public static func validateManifest(_ manifest: PluginManifest, file: String, at path: JSONPath = .root) -> [Diagnostic] {
        guard !manifest.identifier.isEmpty else { return [] }
        let classPath = path + "api" + "class_name"
        let fallback: String
        switch manifest.type {
        case "menu": fallback = "it is shown as the built-in \(manifest.namesTabBar ? "tab bar" : "side menu")"
        case "nav_bar": fallback = "the default navigation bar draws it"
        case "login": fallback = "ZappShell.LocalLogin serves it"
        default: fallback = "a stand-in pane answers its hooks"
        }
        guard let className = manifest.api.className else {
            return [
                .warning(
                    .unknownPluginClass, file: file, at: .path(path + "api"),
                    "plugin \(Quoted.value(manifest.identifier)) has no api.class_name; \(fallback)")
            ]
        }
        guard let builtIn = BuiltInPluginClass(rawValue: className) else {
            return [
                .warning(
                    .unknownPluginClass, file: file, at: .path(classPath),
                    "plugin \(Quoted.value(manifest.identifier)): class \(Quoted.value(className)) is not a ZappShell plugin; \(fallback)")
            ]
        }
        guard builtIn.pluginType == manifest.type else {
            return [
                .warning(
                    .unknownPluginClass, file: file, at: .path(path + "type"),
                    "plugin \(Quoted.value(manifest.identifier)) has type \(Quoted.value(manifest.type)) but class \(className) is a \(builtIn.pluginType) plugin",
                    hint: "set \"type\": \(Quoted.value(builtIn.pluginType))")
            ]
        }
        return []
    }
}

/// One validation run over an app's river.
private struct AppCheck: Sendable {
    /// Apps with at least this many screens have their screens checked on several threads.
    static let concurrentScreenCount = 2_000
    let app: ZappApp
    let riverFile: String
    let pluginsKnown: Bool
    let sourceMap: RiverSourceMap
    var diagnostics: [Diagnostic] = []
    /// Ids of screens, for targets.
    let screenIDs: Set<String>
    /// Screen ids by their normalised form, for "did you mean"; shared by the threads of one run.
    let suggestions: SuggestionIndex
    /// Lowercased names of screens (cells may target a screen by name); built when first needed.
    lazy var screenNames: Set<String> = Set(app.screens.map { $0.name.lowercased() }.filter { !$0.isEmpty })

    init(app: ZappApp, riverFile: String, pluginsKnown: Bool, sourceMap: RiverSourceMap) {
        self.app = app
        self.riverFile = riverFile
        self.pluginsKnown = pluginsKnown
        self.sourceMap = sourceMap
        var screenIDs = Set<String>(minimumCapacity: app.screens.count)
        for index in app.screens.indices where !app.screens[index].id.isEmpty { screenIDs.insert(app.screens[index].id) }
        self.screenIDs = screenIDs
        suggestions = SuggestionIndex(screens: app.screens.array)
    }

    mutating func error(_ code: DiagnosticCode, _ path: JSONPath, _ message: String, hint: String? = nil) {
        diagnostics.append(.error(code, file: riverFile, at: .path(path), message, hint: hint))
    }

    mutating func warning(_ code: DiagnosticCode, _ path: JSONPath, _ message: String, hint: String? = nil) {
        diagnostics.append(.warning(code, file: riverFile, at: .path(path), message, hint: hint))
    }

    mutating func run() {
        guard !app.screens.isEmpty else {
            error(.noScreens, .root, "river.json has no screens", hint: "add at least one screen with \"home\": true")
            return
        }
        checkIdentities()
        checkScreens()
        checkHookCycles()
    }

    /// Checks every screen's navigations, components and hooks. A large app's screens are
    /// checked in ranges on several threads; the diagnostics stay in screen order.
    mutating func checkScreens() {
        let count = app.screens.count
        let threads = count >= Self.concurrentScreenCount ? min(Processors.available, 8) : 1
        guard threads > 1 else {
            checkScreens(in: app.screens.indices)
            return
        }
        let size = (count + threads - 1) / threads
        let ranges = stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
        var emptyCheck = self
        emptyCheck.diagnostics = []
        let start = emptyCheck
        let found = Mutex([[Diagnostic]](repeating: [], count: ranges.count))
        ParallelLanes.run(ranges.count) { number in
            var part = start
            part.checkScreens(in: ranges[number])
            let diagnostics = part.diagnostics
            found.withLock { $0[number] = diagnostics }
        }
        diagnostics += found.withLock { $0.joined() }
    }

    mutating func checkScreens(in range: Range<Int>) {
        for index in range {
            let path = JSONPath.root + index
            for (offset, navigation) in app.screens[index].navigations.enumerated() {
                checkNavigation(navigation, ofScreen: index, at: path + "navigations" + offset)
            }
            for (offset, component) in app.screens[index].uiComponents.enumerated() {
                checkComponent(component, at: path + "ui_components" + offset)
            }
            checkHooks(app.screens[index].hooks, index: index)
        }
    }

    // MARK: Identity and home

    mutating func checkIdentities() {
        var firstIndex: [String: Int] = [:]
        var homes: [Int] = []
        for index in app.screens.indices {
            if app.screens[index].isHome { homes.append(index) }
            let id = app.screens[index].id
            guard !id.isEmpty else { continue }
            if let first = firstIndex[id] {
                error(
                    .duplicateID, .root + index + "id", "duplicate screen id \(Quoted.value(id)) (first at \(JSONPath.root + first))",
                    hint: "each screen needs its own id")
            } else {
                firstIndex[id] = index
            }
        }
        switch app.screens.homeChoice {
        case .firstByDefault(let index):
            warning(
                .homeScreen, .root,
                "no screen has a \"home\" key: the first screen, \(Quoted.value(app.screens[index].id)), opens as home",
                hint: "set \"home\": true on the home screen (the root menu is read from it)")
        case .unmarked:
            error(
                .homeScreen, .root, "no home screen",
                hint: "set \"home\": true on exactly one screen (the root menu is read from it)")
        case .marked, .none:
            break
        }
        if let first = homes.first {
            for extra in homes.dropFirst() {
                error(
                    .homeScreen, .root + extra + "home",
                    "several home screens: \(Quoted.value(app.screens[extra].id)) and \(Quoted.value(app.screens[first].id)) (at \(JSONPath.root + first)) both have \"home\": true",
                    hint: "exactly one screen can be home")
            }
        }
    }

    // MARK: Navigations and targets

    mutating func checkNavigation(_ navigation: NavigationModel, ofScreen index: Int, at path: JSONPath) {
        checkNavItems(navigation.navItems, at: path)
        let isRootMenu = navigation.category == .menu && app.screens[index].isHome && app.screens[index].menu == navigation
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

    // MARK: Hooks

    mutating func checkHooks(_ hooks: ScreenHooks, index: Int) {
        guard !hooks.isEmpty else { return }
        let hooksPath = JSONPath.root + index + "hooks"
        for (offset, hook) in hooks.preload.enumerated() {
            checkHook(hook, at: hooksPath + "preload_plugins" + sourceMap.preloadIndex(screen: index, hook: offset))
        }
        for (offset, hook) in hooks.postload.enumerated() {
            checkHook(hook, at: hooksPath + "postload_plugins" + sourceMap.postloadIndex(screen: index, hook: offset))
        }
    }

    mutating func checkHook(_ hook: HookReference, at path: JSONPath) {
        if pluginsKnown, app.plugin(identifier: hook.identifier) == nil {
            error(
                .unknownHookPlugin, path + "identifier",
                "hook \(Quoted.value(hook.identifier)) names no plugin in plugin_configurations.json",
                hint: "add a plugin with this identifier, or remove the hook")
        }
        if let screenID = hook.screenID, !screenIDs.contains(screenID) {
            error(
                .unknownHookScreen, path + "screen_id", "hook \(Quoted.value(hook.identifier)): screen_id \(Quoted.value(screenID)) names no screen",
                hint: suggestion(for: screenID) ?? "add the hook screen to river.json, or remove screen_id")
        }
    }

    /// Hook screens are opened by the preload hooks of other screens (`screen_id`); when a hook
    /// screen's own preload hooks lead back to it, opening any screen on the loop never ends.
    mutating func checkHookCycles() {
        var edges: [String: [(target: String, path: JSONPath)]] = [:]
        for index in app.screens.indices where !app.screens[index].id.isEmpty {
            for (offset, hook) in app.screens[index].hooks.preload.enumerated() {
                guard let target = hook.screenID, screenIDs.contains(target) else { continue }
                let path = JSONPath.root + index + "hooks" + "preload_plugins"
                    + sourceMap.preloadIndex(screen: index, hook: offset) + "screen_id"
                edges[app.screens[index].id, default: []].append((target, path))
            }
        }
        // Iterative depth-first search; a grey node met again closes a cycle.
        enum Mark { case grey, black }
        var marks: [String: Mark] = [:]
        var reported = Set<[String]>()
        for index in app.screens.indices where edges[app.screens[index].id] != nil && marks[app.screens[index].id] == nil {
            let start = app.screens[index].id
            var stack: [(node: String, next: Int)] = [(start, 0)]
            marks[start] = .grey
            while let top = stack.last {
                let outgoing = edges[top.node] ?? []
                guard top.next < outgoing.count else {
                    marks[top.node] = .black
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let edge = outgoing[top.next]
                switch marks[edge.target] {
                case .grey?:
                    let nodes = stack.map(\.node)
                    guard let first = nodes.firstIndex(of: edge.target) else { continue }
                    let loop = Array(nodes[first...])
                    let canonical = loop.sorted()
                    guard reported.insert(canonical).inserted else { continue }
                    error(
                        .hookCycle, edge.path,
                        "hook cycle: " + (loop + [edge.target]).map { Quoted.value($0) }.joined(separator: " -> "),
                        hint: "a hook screen's own preload hooks must not lead back to it")
                case .black?:
                    continue
                case nil:
                    marks[edge.target] = .grey
                    stack.append((edge.target, 0))
                }
            }
        }
    }
}

/// The screen ids of an app by their normalised form (lowercased, without `-`, `_` and
/// spaces), built once, on the first lookup of a validation run, so that suggesting a screen
/// for each of n dangling targets costs O(n) in all rather than O(n × screens).
final class SuggestionIndex: Sendable {
    private let screens: [ScreenModel]
    private let index = Mutex<[String: String]?>(nil)

    init(screens: [ScreenModel]) {
        self.screens = screens
    }

    /// The first screen id (in river order) whose normalised form is the target's.
    func screenID(matching target: String) -> String? {
        let key = Self.normalized(target)
        return index.withLock { index in
            if index == nil {
                var built = [String: String](minimumCapacity: screens.count)
                for screen in screens where !screen.id.isEmpty {
                    let normalized = Self.normalized(screen.id)
                    if built[normalized] == nil { built[normalized] = screen.id }
                }
                index = built
            }
            return index?[key]
        }
    }

    static func normalized(_ text: String) -> String {
        String(text.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
    }
}
