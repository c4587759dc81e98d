import ZappCore
import ZappModel

/// The laid-out content of a screen for a given width: drawable elements on a virtual
/// canvas that may be taller than the view (it scrolls to keep the selection visible) and
/// the focusable cells in keyboard order. Drawing and keyboard handling both use it, so
/// what is selectable is exactly what is drawn.
public struct ScreenContent: Sendable, Equatable {
    /// A drawable piece of content; `rect` is relative to the content's top-left.
    public struct Element: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            case heading(String)
            case text(String, ThemeRole)
            /// A bordered card (hero, grid); `focus` indexes `focusables`.
            case card(title: String, subtitle: String?, focus: Int?, role: ThemeRole)
            /// A list row.
            case row(title: String, subtitle: String?, focus: Int?, role: ThemeRole)
            /// A screen picker's tab strip.
            case tabs(titles: [String], selected: Int, focusStart: Int)
            /// A button (Settings).
            case button(String, focus: Int?)
            /// The EPG grid.
            case epg(EPGGrid, focusStart: Int)
        }

        public var kind: Kind
        public var rect: Rect
        /// The entry's artwork drawn in the element (a card's upper rows, a row's thumbnail).
        public var artwork: ContentImage?
        /// The rows a card keeps for artwork above its title (also when this card has none,
        /// so the titles of a component's cards line up).
        public var imageRows = 0
    }

    /// An image in the content: what to load and where it goes (relative to the content).
    public struct ContentImage: Sendable, Hashable {
        public var request: ImageRequest
        public var rect: Rect
    }

    /// The rows of artwork above a hero card's title, and above a grid card's.
    public static let heroImageRows = 8
    public static let gridImageRows = 4
    /// A list row with a thumbnail: its height, the thumbnail's width, and the narrowest
    /// content that shows thumbnails (a narrower list keeps one-line rows).
    public static let thumbnailRowHeight = 2
    public static let thumbnailColumns = 6
    public static let thumbnailMinimumWidth = 40

    public var elements: [Element] = []
    public var focusables: [FocusableItem] = []
    /// The rect of each focusable (same order), relative to the content.
    public var focusRects: [Rect] = []
    public var height: Int = 0
    /// The feeds the drawn components show (each once, in drawing order): what the update
    /// asks the runtime to load.
    public var feedSources: [String] = []
    /// The feed behind each focusable that belongs to a feed component (`r` retries it).
    public var focusFeedSources: [Int: String] = [:]

    /// Lays out `screen` for `width` columns.
    public init(state: ShellViewState, screen: ScreenModel, width: Int) {
        var builder = Builder(state: state, width: max(1, width))
        builder.build(screen, depth: 0)
        self = builder.content
    }

    /// The first visible row so that the focusable `selection` is in a view of `viewHeight`
    /// rows whose top `coveredTop` rows an overlay bar hides: negative when the content must
    /// move down to bring its first items clear of the bar.
    public func scrollOffset(selection: Int, viewHeight: Int, coveredTop: Int = 0) -> Int {
        guard selection >= 0, selection < focusRects.count, viewHeight > 0 else { return 0 }
        let rect = focusRects[selection]
        let top = min(max(0, coveredTop), viewHeight - 1)
        if rect.y < top { return rect.y - top }
        if rect.maxY <= viewHeight { return 0 }
        let offset = rect.height <= viewHeight - top ? rect.maxY - viewHeight : rect.y - top
        return max(0, min(offset, height - viewHeight))
    }

    static let empty = ScreenContent()
    private init() {}
}

extension ColorSupport {
    /// A name for Settings and messages.
    public var label: String {
        switch self {
        case .none: return "none"
        case .ansi8: return "8 colours"
        case .ansi256: return "256 colours"
        case .trueColor: return "truecolor"
        }
    }
}
