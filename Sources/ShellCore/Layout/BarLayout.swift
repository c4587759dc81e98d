import ZappCore
import ZappModel

/// Where the parts of a navigation bar go, as the SDK's Jerusalem bar lays them out:
/// - `left`: the context button at the left, navigation buttons at the right, the title or
///   logo left-aligned in the free space between them;
/// - `center`: the same buttons, the title or logo centred with equal insets on both sides,
///   each the wider of the context-button area and the navigation-buttons area.
/// Buttons that do not fit go into an overflow `…` button (never dropped silently); room is
/// kept for a minimum title width unless the presentation is hidden.
public struct BarLayout: Sendable, Hashable {
    public var rect: Rect
    /// The context button's cells (nil when there is none).
    public var contextRect: Rect?
    /// Visible navigation buttons: index into the bar's buttons and their cells.
    public var buttonRects: [(index: Int, rect: Rect)]
    /// The overflow button (nil when every button fits).
    public var overflowRect: Rect?
    /// Indices of the buttons listed under the overflow button.
    public var overflowIndices: [Int]
    /// The free space for the title or logo.
    public var titleRect: Rect
    public var titleAlignment: TextAlignment

    /// Lays out a bar in `rect`. `contextWidth` is 0 without a context button; `buttonWidths`
    /// are the cells each navigation button needs; `minimumTitleWidth` is kept free for the title.
    public init(
        rect: Rect, style: BarStyle, contextWidth: Int, buttonWidths: [Int], overflowWidth: Int, minimumTitleWidth: Int
    ) {
        self.rect = rect
        let width = rect.width
        let context = min(contextWidth, width)
        let available: Int
        switch style {
        case .left: available = width - context - minimumTitleWidth
        case .center: available = (width - minimumTitleWidth) / 2
        }
        let visible = NavigationBar.visibleButtonCount(
            widths: buttonWidths, available: max(0, available), overflowWidth: overflowWidth)
        let hasOverflow = visible < buttonWidths.count
        let buttonsWidth = buttonWidths.prefix(visible).reduce(0, +) + (hasOverflow ? overflowWidth : 0)

        contextRect = context > 0 ? Rect(x: rect.x, y: rect.y, width: context, height: rect.height) : nil
        var x = rect.maxX - buttonsWidth
        var buttons: [(Int, Rect)] = []
        for index in 0..<visible {
            buttons.append((index, Rect(x: x, y: rect.y, width: buttonWidths[index], height: rect.height)))
            x += buttonWidths[index]
        }
        buttonRects = buttons
        overflowRect = hasOverflow ? Rect(x: x, y: rect.y, width: overflowWidth, height: rect.height) : nil
        overflowIndices = hasOverflow ? Array(visible..<buttonWidths.count) : []

        switch style {
        case .left:
            let start = rect.x + context + 1
            titleRect = Rect(x: start, y: rect.y, width: rect.maxX - buttonsWidth - 1 - start, height: rect.height)
            titleAlignment = .left
        case .center:
            let inset = max(context, buttonsWidth)
            titleRect = Rect(x: rect.x + inset, y: rect.y, width: width - 2 * inset, height: rect.height)
            titleAlignment = .center
        }
    }

    public static func == (lhs: BarLayout, rhs: BarLayout) -> Bool {
        lhs.rect == rhs.rect && lhs.contextRect == rhs.contextRect && lhs.overflowRect == rhs.overflowRect
            && lhs.overflowIndices == rhs.overflowIndices && lhs.titleRect == rhs.titleRect
            && lhs.titleAlignment == rhs.titleAlignment && lhs.buttonRects.map(\.index) == rhs.buttonRects.map(\.index)
            && lhs.buttonRects.map(\.rect) == rhs.buttonRects.map(\.rect)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rect)
        hasher.combine(titleRect)
        hasher.combine(overflowIndices)
    }
}
