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
    /// A nav bar's `style` is neither left nor center: a custom style (drawn as left).
    case customBarStyle = "custom-bar-style"
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
    /// A root-menu item's `type` is not one the root menu shows (`NavItem.menuTypes`).
    case unsupportedMenuItem = "unsupported-menu-item"
    /// A feed source that is no URL or path (a CMS id, a provider address) and that no feed
    /// map (`--feeds`) names: the component says what it is instead of a feed.
    case unreachableFeed = "unreachable-feed"
    /// An asset or feed the app names outside what it may read (`LocalReference`): a local
    /// app's file outside its folder, a remote app's `file://` URL. It is not read.
    case localReadRefused = "local-read-refused"
    /// Diagnostics of a river past the first `DiagnosticLimit.perPass` of a pass over its
    /// screens: counted, not held (issue 34).
    case notListed = "not-listed"

    /// True only for what leaves nothing to show: a file that cannot be read or parsed, a file
    /// of an unknown kind, a river with no screens. This is the one place that decides what
    /// `run`, `render` and `trace` refuse; every other problem is ridden out as a device does
    /// (a dangling target says so when opened, a hook naming no plugin is skipped, an unknown
    /// enum value or a value of the wrong type takes its default, the first of two home
    /// screens or duplicates is used, a root menu with no menu plugin is a side menu) and is
    /// shown as a warning by those commands (hook screens are read as models, never opened
    /// through their own hooks, so even a hook cycle cannot loop). `validate` reports every
    /// problem with its own severity and exit code.
    public var stopsRunning: Bool {
        switch self {
        case .unreadable, .syntax, .unrecognizedFile, .noScreens: return true
        default: return false
        }
    }
}
