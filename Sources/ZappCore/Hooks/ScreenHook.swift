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

    public init(
        plugin: PluginConfiguration, hookScreen: ScreenModel?, target: ScreenModel, presenter: any Presenter,
        app: ZappApp, presentation: PanePresentation = .present,
        reportWarning: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.plugin = plugin
        self.hookScreen = hookScreen
        self.target = target
        self.presenter = presenter
        self.app = app
        self.presentation = presentation
        self.reportWarning = reportWarning
    }
}

/// A screen hook (`ZPScreenHookAdapterProtocol`), in Swift-concurrency form. A new instance
/// is made for every run of a hook chain.
public protocol ScreenHook: AnyObject, Sendable {
    /// The plugin's own answer; nil lets the manager fall back to the hook screen's
    /// `general.is_flow_blocker`, then the manifest's `initial_value`.
    var isFlowBlocker: Bool? { get }
    /// True when the hook shows a pane (it then has no timeout: the user answers).
    var hasUI: Bool { get }
    /// True when the hook's `requestScreenPluginPresentation` and `executeHook` never suspend on
    /// anything external (no UI, no I/O, no timers), so the manager runs them inline in the
    /// chain's task, without a separate task and without a timeout timer: they cannot be late.
    /// Only hooks without UI are run inline. Default false.
    var completesWithoutWaiting: Bool { get }
    /// False: the hook counts as succeeded and nothing is shown (e.g. already signed in).
    func requestScreenPluginPresentation() async -> Bool
    /// Runs the hook with the dictionary handed on by the previous hook.
    func executeHook(dataDict: JSONObject?) async -> HookOutcome
    /// Called when the user closed the hook's pane; the run counts as failed.
    func hookPluginDidDisappear() async
}

extension ScreenHook {
    public var isFlowBlocker: Bool? { nil }
    public var hasUI: Bool { false }
    public var completesWithoutWaiting: Bool { false }
    public func requestScreenPluginPresentation() async -> Bool { true }
    public func hookPluginDidDisappear() async {}
}
