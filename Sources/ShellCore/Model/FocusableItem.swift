/// Something the keyboard can select in an area (disabled things are not listed), in the order the arrow keys walk it.
/// `row` and `column` place it on a logical grid (a list has one column; a grid of cards
/// several; a screen picker's tabs one row), so the update code can move up/down/left/right
/// exactly as the items are drawn.
public struct FocusableItem: Sendable, Hashable {
    public var id: String
    public var title: String
    public var action: ShellAction
    public var row: Int
    public var column: Int

    public init(id: String, title: String, action: ShellAction, row: Int, column: Int = 0) {
        self.id = id
        self.title = title
        self.action = action
        self.row = row
        self.column = column
    }
}

/// A direction of an arrow key (or h/j/k/l).
public enum MoveDirection: Sendable, Hashable {
    case up, down, left, right
}

extension Array where Element == FocusableItem {
    /// The index to select after moving from `index` in `direction`: left/right stay on the
    /// row (when it has neighbours), up/down go to the nearest item of the previous/next row
    /// by column, and a one-column list moves with left/right too. Stays put at the edges.
    public func index(movingFrom index: Int, _ direction: MoveDirection) -> Int {
        guard !isEmpty else { return 0 }
        let current = Swift.min(Swift.max(index, 0), count - 1)
        let item = self[current]
        switch direction {
        case .left, .right:
            let step = direction == .right ? 1 : -1
            let target = current + step
            guard target >= 0, target < count else { return current }
            let rowHasNeighbours = contains { $0.row == item.row && $0.column != item.column }
            if rowHasNeighbours && self[target].row != item.row { return current }
            return target
        case .up, .down:
            // The nearest row below (above) the item's that has items.
            let next = direction == .down ? lazy.map(\.row).filter { $0 > item.row }.min() : lazy.map(\.row).filter { $0 < item.row }.max()
            guard let targetRow = next else { return current }
            let candidates = indices.filter { self[$0].row == targetRow }
            return candidates.min { abs(self[$0].column - item.column) < abs(self[$1].column - item.column) } ?? current
        }
    }
}
