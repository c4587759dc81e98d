import ZappModel

/// What one hook entry of a screen is: the view of a `HookResolution.Entry` that the gates
/// report, its diff and the lock marks read (kind, classes, hook screen, flow blocker and its
/// source, UI, skip reason). Made only by the resolution, which the hook manager executes.
public struct HookGate: Sendable, Hashable {
    public var identifier: String
    public var kind: HookKind
    /// The class serving the plugin (the stand-in's name for unknown classes), else the manifest's.
    public var className: String?
    /// The manifest's `api.class_name` when it differs from `className` (a stand-in, a substituted login).
    public var manifestClassName: String?
    /// The hook screen (`screen_id`) of the entry.
    public var hookScreenID: String?
    public var isFlowBlocker: Bool
    /// Where `isFlowBlocker` came from ("plugin", "hook screen general.is_flow_blocker", …).
    public var flowBlockerSource: String
    /// The hook shows a pane.
    public var hasUI: Bool
    /// The hook can fail by someone's answer: a pane, or a program without UI that is waited for
    /// (an external hook). Hooks that complete without waiting (analytics) cannot.
    public var mayAsk: Bool
    /// Why the entry is skipped (`missing`, `unavailable`, `not-a-hook`).
    public var skipReason: String?
    /// `allow_screen_plugin_presentation` is false (hook screen, else manifest) for a hook with
    /// UI: no pane, its own logic decides.
    public var isPresentationDisallowed: Bool
    /// Its own logic may fail when presentation is refused (`HookTraits.mayFailWithoutPresentation`).
    public var mayFailWithoutPresentation: Bool = false

    /// Whether this hook can stop the navigation in some session: it is a flow blocker and it may
    /// ask (or, presentation refused by configuration, its own logic may fail).
    public var canBlock: Bool {
        skipReason == nil && isFlowBlocker && (isPresentationDisallowed ? mayFailWithoutPresentation : mayAsk)
    }
}
