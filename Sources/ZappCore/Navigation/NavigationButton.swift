/// A navigation button of a bar, classified by its nav item `type`.
public struct NavigationButton: Sendable, Hashable, Identifiable {
    /// The button kinds of the seed's table.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `button` with a screen target: presented as a new stack with a close button.
        case screen
        /// `button` with an http(s) target.
        case url
        /// `live_drawer`
        case liveDrawer = "live_drawer"
        /// `applicaster_crossmates`
        case crossmates = "applicaster_crossmates"
        /// `applicaster_feed`
        case feed = "applicaster_feed"
        /// `chromecast`
        case chromecast
        /// A `button` without a usable target, or a type the shell does not know.
        case unavailable
    }

    public var id: String
    public var title: String
    public var kind: Kind
    /// The screen id or URL for `screen`/`url` buttons.
    public var target: String?
    /// False for a button whose target is the current screen, and for those with nothing to
    /// choose (no target, a type not supported). One whose target is no screen can be chosen,
    /// drawn greyed: choosing it says so (`note`).
    public var isEnabled: Bool
    /// Why the button does nothing (for a toast), when it does nothing.
    public var note: String?

    public init(id: String, title: String, kind: Kind, target: String? = nil, isEnabled: Bool = true, note: String? = nil) {
        self.id = id
        self.title = title
        self.kind = kind
        self.target = target
        self.isEnabled = isEnabled
        self.note = note
    }
}
