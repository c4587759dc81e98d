/// Screen regions and the actions a mouse click on them performs, in drawing order: a click
/// goes to the last region drawn at that cell (the topmost).
public struct HitMap: Sendable, Hashable {
    public struct Region: Sendable, Hashable {
        public var rect: Rect
        public var action: ShellAction
        /// The focus area and index the region's item has there, so a click can also move
        /// the selection (nil for regions outside the three areas, e.g. pane buttons).
        public var focus: FocusTarget?

        public init(rect: Rect, action: ShellAction, focus: FocusTarget? = nil) {
            self.rect = rect
            self.action = action
            self.focus = focus
        }
    }

    public private(set) var regions: [Region] = []

    public init() {}

    /// Adds a region (ignored when empty).
    public mutating func add(_ rect: Rect, _ action: ShellAction, focus: FocusTarget? = nil) {
        guard !rect.isEmpty else { return }
        regions.append(Region(rect: rect, action: action, focus: focus))
    }

    /// Removes the regions under a rectangle drawn over them (an overlay or pane).
    public mutating func cover(_ rect: Rect) {
        regions.removeAll { !$0.rect.intersection(rect).isEmpty }
    }

    /// The topmost region at a cell.
    public func region(column: Int, row: Int) -> Region? {
        regions.last { $0.rect.contains(column: column, row: row) }
    }

    /// The action at a cell.
    public func action(column: Int, row: Int) -> ShellAction? {
        region(column: column, row: row)?.action
    }
}

/// A focusable item's place: its area and index among `focusables(in:)` of that area.
public struct FocusTarget: Sendable, Hashable {
    public var area: FocusArea
    public var index: Int

    public init(area: FocusArea, index: Int) {
        self.area = area
        self.index = index
    }
}
