/// What a navigation does to the stacks once its hooks let it through: a decision, applied to
/// the stacks as they are when it arrives, so a back or a close taken while its hooks ran is
/// kept (the SDK pushes onto what is current when the hooks finish).
public enum NavigationStep: Sendable, Hashable {
    /// Pushes the screen on the current stack.
    case push(String)
    /// Presents the screen as the root of a new stack (a close button).
    case present(String)
    /// Selects a root-menu item, its stack made with `rootScreenID` when it has none, or reset
    /// to that screen alone (`resetting`: go to, return home, the start).
    case selectRoot(itemID: String, rootScreenID: String, resetting: Bool)
}

extension NavigationState {
    /// Applies what a navigation decided.
    public mutating func apply(_ step: NavigationStep) {
        switch step {
        case .push(let screenID):
            push(screenID)
        case .present(let screenID):
            present(screenID)
        case .selectRoot(let itemID, let rootScreenID, let resetting):
            selectRoot(itemID, rootScreenID: rootScreenID)
            if resetting { stacks[itemID] = [rootScreenID] }
        }
    }

    /// The state after a navigation's decision.
    public func applying(_ step: NavigationStep) -> NavigationState {
        var next = self
        next.apply(step)
        return next
    }
}
