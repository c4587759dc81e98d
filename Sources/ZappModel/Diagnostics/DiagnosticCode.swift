/// The kind of a `Diagnostic`, stable for machines (`zapp-shell validate --json`) and tests.
public enum DiagnosticCode: String, Sendable, Hashable, CaseIterable, Codable {
    /// The file is missing, is a folder without river.json, or cannot be read.
    case unreadable = "unreadable"
    /// The file is not JSON (line and column given).
    case syntax = "syntax"
    /// A key is written twice in one object.
    case duplicateKey = "duplicate-key"
    /// A value has the wrong JSON type (a string where a number is expected, ...).
    case type = "type"
    /// A required key is absent.
    case missingKey = "missing-key"
    /// A value is not one of those allowed (enums, colours).
    case invalidValue = "invalid-value"
    /// An entry that cannot be used is skipped (a hook without identifier/type, ...).
    case ignoredEntry = "ignored-entry"
    /// A file that is neither a river, a plugin configurations file nor a manifest.
    case unrecognizedFile = "unrecognized-file"
    /// The optional plugin_configurations.json is absent.
    case missingPluginConfigurations = "missing-plugin-configurations"
    /// river.json holds no screens.
    case noScreens = "no-screens"
    /// No screen, or several screens, have `home: true`.
    case homeScreen = "home-screen"
    /// Two screens share an id, or two plugins an identifier.
    case duplicateID = "duplicate-id"
    /// A nav item or component target names no screen.
    case unknownTarget = "unknown-target"
    /// A hook identifier names no plugin in plugin_configurations.json.
    case unknownHookPlugin = "unknown-hook-plugin"
    /// A hook's `screen_id` names no screen.
    case unknownHookScreen = "unknown-hook-screen"
    /// The root menu's `navigation_type` names no menu plugin.
    case menuPlugin = "menu-plugin"
    /// A nav bar's `navigation_type` names no plugin.
    case navigationBarPlugin = "nav-bar-plugin"
    /// Hook screens whose preload hooks lead back to themselves.
    case hookCycle = "hook-cycle"
    /// A plugin's `api.class_name` is not one ZappShell provides.
    case unknownPluginClass = "unknown-plugin-class"

    /// False for the cross-reference errors that the SDK itself rides out at run time: a hook
    /// naming no plugin is skipped with a warning, a missing hook screen leaves the hook without
    /// one, and a target naming no screen says so when opened. `validate` still reports them as
    /// errors; `run`, `render` and `trace` go on and log them, so such an app can be tried.
    public var stopsRunning: Bool {
        switch self {
        case .unknownHookPlugin, .unknownHookScreen, .unknownTarget: return false
        default: return true
        }
    }
}
