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
        return DiagnosticLimit.capped(check.diagnostics, dropped: check.dropped, file: riverFile)
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
        default:
            fallback = "a stand-in pane answers its hooks"
                + (manifest.api.requireStartupExecution
                    ? "; it requires startup execution: a stand-in answers success at each startup phase" : "")
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

/// One validation run over an app's river. Ids, names and home marks are read without decoding,
/// and each screen is read once per pass: a large river's screens are decoded as read, and not
/// kept (`ScreenList`).
struct AppCheck: Sendable {
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
    lazy var screenNames: Set<String> = Set(app.screens.indices.map { app.screens.name(at: $0).lowercased() }.filter { !$0.isEmpty })

    init(app: ZappApp, riverFile: String, pluginsKnown: Bool, sourceMap: RiverSourceMap) {
        self.app = app
        self.riverFile = riverFile
        self.pluginsKnown = pluginsKnown
        self.sourceMap = sourceMap
        let ids = app.screens.ids
        self.screenIDs = Set(ids.filter { !$0.isEmpty })
        suggestions = SuggestionIndex(screenIDs: ids)
    }

    /// Diagnostics found past `DiagnosticLimit.perPass`: counted, not held.
    var dropped = 0

    mutating func error(_ code: DiagnosticCode, _ path: JSONPath, _ message: String, hint: String? = nil) {
        guard diagnostics.count < DiagnosticLimit.perPass else { return dropped += 1 }
        diagnostics.append(.error(code, file: riverFile, at: .path(path), message, hint: hint))
    }

    mutating func warning(_ code: DiagnosticCode, _ path: JSONPath, _ message: String, hint: String? = nil) {
        guard diagnostics.count < DiagnosticLimit.perPass else { return dropped += 1 }
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
        emptyCheck.dropped = 0
        let start = emptyCheck
        let found = Mutex([(diagnostics: [Diagnostic], dropped: Int)](repeating: ([], 0), count: ranges.count))
        ParallelLanes.run(ranges.count) { number in
            var part = start
            part.checkScreens(in: ranges[number])
            let result = (part.diagnostics, part.dropped)
            found.withLock { $0[number] = result }
        }
        for part in found.withLock({ $0 }) {
            let room = max(0, DiagnosticLimit.perPass - diagnostics.count)
            diagnostics += part.diagnostics.prefix(room)
            dropped += part.dropped + max(0, part.diagnostics.count - room)
        }
    }

    mutating func checkScreens(in range: Range<Int>) {
        for index in range {
            let path = JSONPath.root + index
            let screen = app.screens[index]
            for (offset, navigation) in screen.navigations.enumerated() {
                checkNavigation(navigation, ofScreen: index, at: path + "navigations" + offset)
            }
            for (offset, component) in screen.uiComponents.enumerated() {
                checkComponent(component, at: path + "ui_components" + offset)
            }
            checkHooks(screen.hooks, index: index)
        }
    }

    // MARK: Identity and home

    mutating func checkIdentities() {
        var firstIndex: [String: Int] = [:]
        var homes: [Int] = []
        for index in app.screens.indices {
            if app.screens.isHome(at: index) { homes.append(index) }
            let id = app.screens.id(at: index)
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
                "no screen has a \"home\" key: the first screen, \(Quoted.value(app.screens.id(at: index))), opens as home",
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
                    "several home screens: \(Quoted.value(app.screens.id(at: extra))) and \(Quoted.value(app.screens.id(at: first))) (at \(JSONPath.root + first)) both have \"home\": true",
                    hint: "exactly one screen can be home")
            }
        }
    }
}
