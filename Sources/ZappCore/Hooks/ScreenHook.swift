import ZappModel

/// The outcome of `executeHook`: the SDK's `taskFinishedWithCompletion(succeed, error, dataDict)`.
public enum HookOutcome: Sendable, Hashable {
    /// The hook succeeded; `dataDict` is handed to the next hook (nil drops it).
    case succeeded(dataDict: JSONObject?)
    /// The hook failed with a reason; `dataDict` is still handed on when the flow goes on.
    case failed(reason: String, dataDict: JSONObject?)
}

/// What a hook instance is made with: its plugin, the hook screen's river model when the
/// hook entry has a `screen_id`, the target screen, and the services it may use.
public struct HookContext: Sendable {
    public var plugin: PluginConfiguration
    /// The hook screen's model (`screen_id`), which carries `general`/`styles` for the hook.
    public var hookScreen: ScreenModel?
    /// The screen being opened.
    public var target: ScreenModel
    public var presenter: any Presenter
    public var app: ZappApp
    /// How the hook's pane is shown: the hook screen's `styles.presentation`, else the manifest's
    /// `styles` `initial_value`, else `present`. The manager's presenter applies it to every pane.
    public var presentation: PanePresentation
    /// Records a warning in the trace for this hook (e.g. a second completion, ignored).
    public var reportWarning: @Sendable (String) -> Void
    /// The entry of the cell the navigation came from (`dataDict.entry`), the SDK's playable item.
    public var entry: JSONObject?
    /// The app's login provider (the first in configuration order), for the signed-in user and
    /// the token hooks may read or set (`getUserToken` / `setUserToken`).
    public var login: (any LoginProvider)?

    public init(
        plugin: PluginConfiguration, hookScreen: ScreenModel?, target: ScreenModel, presenter: any Presenter,
        app: ZappApp, presentation: PanePresentation = .present,
        reportWarning: @escaping @Sendable (String) -> Void = { _ in }, entry: JSONObject? = nil,
        login: (any LoginProvider)? = nil
    ) {
        self.plugin = plugin
        self.hookScreen = hookScreen
        self.target = target
        self.presenter = presenter
        self.app = app
        self.presentation = presentation
        self.reportWarning = reportWarning
        self.entry = entry
        self.login = login
    }

    /// The policies of `isUserComply(policies:)` for this navigation: the target's `general`,
    /// and for a cell its entry as the SDK's playable item (`playable_items: [entry]`).
    public var policies: JSONObject {
        var policies = target.general
        if let entry { policies["playable_items"] = .array([.object(entry)]) }
        return policies
    }
}

/// A screen hook (`ZPScreenHookAdapterProtocol`), in Swift-concurrency form. A new instance
/// is made for every run of a hook chain. What it is (kind, UI, its own flow-blocker answer) its
/// factory declares (`HookTraits`).
public protocol ScreenHook: AnyObject, Sendable {
    /// False: no pane is shown, and `executeHookWithoutPresentation` decides (e.g. already signed in).
    func requestScreenPluginPresentation() async -> Bool
    /// Runs the hook with the dictionary handed on by the previous hook (its pane may be shown).
    func executeHook(dataDict: JSONObject?) async -> HookOutcome
    /// `executeHook` when presentation was refused (`requestScreenPluginPresentation` false, or
    /// `allow_screen_plugin_presentation` false): no pane, the hook's own logic decides. Default:
    /// succeeded with the dictionary unchanged.
    func executeHookWithoutPresentation(dataDict: JSONObject?) async -> HookOutcome
    /// Called when the user closed the hook's pane; the run counts as failed.
    func hookPluginDidDisappear() async
}

extension ScreenHook {
    public func requestScreenPluginPresentation() async -> Bool { true }
    public func executeHookWithoutPresentation(dataDict: JSONObject?) async -> HookOutcome {
        .succeeded(dataDict: dataDict)
    }
    public func hookPluginDidDisappear() async {}
}
