/// A root screen (home, a tab's screen) that a failing flow-blocking pre hook did not let
/// through: its area says which plugin blocked it, with a way to try again, instead of its
/// content, while the root menu, the nav bar and go-to still work (DESIGN.md, "Screen hooks",
/// step 7). Cleared once a navigation shows the screen.
public struct BlockedRoot: Sendable, Hashable {
    /// The screen not shown.
    public var screenID: String
    /// "Blocked by Premium Login (zapptv_login): …".
    public var message: String

    public init(screenID: String, message: String) {
        self.screenID = screenID
        self.message = message
    }
}
