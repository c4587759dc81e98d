/// Where a screen sits in its stack; decides the nav bar's context button.
public enum StackPosition: String, Sendable, Hashable, CaseIterable {
    /// The root of a root-menu stack.
    case root
    /// Pushed on any stack (has a back button).
    case pushed
    /// The root of a stack presented from the nav bar (has a close button).
    case presented
}

/// The navigation stacks as pure data: one stack per root-menu item, plus stacks presented
/// from the nav bar over it. Changed by `Navigator`; read by the UI.
public struct NavigationState: Sendable, Hashable {
    /// The selected root-menu item (`RootMenu.homeItemID` for an implicit home entry).
    public var rootItemID: String
    /// Screen ids per root item, root first.
    public var stacks: [String: [String]]
    /// Stacks presented from the nav bar, oldest first; each holds its root and its pushes.
    public var presented: [[String]]

    public init(rootItemID: String, stacks: [String: [String]], presented: [[String]] = []) {
        self.rootItemID = rootItemID
        self.stacks = stacks
        self.presented = presented
    }

    /// A state showing `screenID` at `position` (root of `rootItemID`'s stack, pushed on it,
    /// or root of a presented stack over `rootScreenID`).
    public static func showing(
        _ screenID: String, as position: StackPosition, rootItemID: String, rootScreenID: String
    ) -> NavigationState {
        switch position {
        case .root:
            return NavigationState(rootItemID: rootItemID, stacks: [rootItemID: [screenID]])
        case .pushed:
            return NavigationState(rootItemID: rootItemID, stacks: [rootItemID: [rootScreenID, screenID]])
        case .presented:
            return NavigationState(
                rootItemID: rootItemID, stacks: [rootItemID: [rootScreenID]], presented: [[screenID]])
        }
    }

    /// The stack the user sees (the top presented stack, else the selected root's).
    public var currentStack: [String] {
        presented.last ?? stacks[rootItemID] ?? []
    }

    /// The screen on screen.
    public var currentScreenID: String? { currentStack.last }

    /// Where the current screen sits.
    public var position: StackPosition {
        if currentStack.count > 1 { return .pushed }
        return presented.isEmpty ? .root : .presented
    }

    /// Pushes a screen on the current stack.
    public mutating func push(_ screenID: String) {
        if presented.isEmpty {
            stacks[rootItemID, default: []].append(screenID)
        } else {
            presented[presented.count - 1].append(screenID)
        }
    }

    /// Presents a screen as the root of a new stack.
    public mutating func present(_ screenID: String) {
        presented.append([screenID])
    }

    /// Pops the current screen; false when it is a stack root.
    @discardableResult
    public mutating func back() -> Bool {
        if presented.isEmpty {
            guard let count = stacks[rootItemID]?.count, count > 1 else { return false }
            stacks[rootItemID]?.removeLast()
        } else {
            guard presented[presented.count - 1].count > 1 else { return false }
            presented[presented.count - 1].removeLast()
        }
        return true
    }

    /// Closes the top presented stack; false when nothing is presented.
    @discardableResult
    public mutating func close() -> Bool {
        guard !presented.isEmpty else { return false }
        presented.removeLast()
        return true
    }

    /// Esc on a screen: back when pushed, close when presented; false at a stack root of the
    /// root menu (nothing to dismiss). No hooks run: the screen shown next is already open.
    @discardableResult
    public mutating func dismiss() -> Bool {
        switch position {
        case .pushed: return back()
        case .presented: return close()
        case .root: return false
        }
    }

    /// Selects a root item, showing its stack (made with `rootScreenID` if it has none).
    /// Presented stacks are dismissed.
    public mutating func selectRoot(_ itemID: String, rootScreenID: String) {
        presented.removeAll()
        rootItemID = itemID
        if stacks[itemID]?.isEmpty ?? true { stacks[itemID] = [rootScreenID] }
    }
}
