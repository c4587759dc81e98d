/// The one context button a bar shows (the seed: "only one type of context button can be
/// visible per screen").
public enum ContextButton: String, Sendable, Hashable, CaseIterable {
    case none
    /// The root's special action (opens the side menu).
    case menu
    /// Pops the pushed screen.
    case back
    /// Closes a stack presented from the nav bar.
    case close
}
