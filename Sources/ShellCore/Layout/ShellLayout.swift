import ZappCore
import ZappModel

/// The regions of the whole UI for one terminal size: the bar (full width, on top of or over
/// the content, or none), the side menu or bottom tab bar, the content, the trace panel, the
/// toast and the status line. Pure arithmetic on the view state.
public struct ShellLayout: Sendable, Hashable {
    /// The smallest size that is laid out; below it a "terminal too small" frame is drawn.
    public static let minimumColumns = 20
    public static let minimumRows = 6
    /// Tablet keys (`*_tablet`) apply from this width.
    public static let tabletColumns = 100
    /// A multi-line ASCII-art logo (up to `maximumLogoRows` rows) is used from this height.
    public static let tallLogoMinimumRows = 20
    public static let maximumLogoRows = 3
    /// The widest an image logo may be, in columns (and at most a third of the bar).
    public static let maximumLogoImageColumns = 24
    /// The smallest box an image logo is drawn in as symbols: text in a logo reads from about
    /// 4 rows and 128 cells of chafa's block symbols (measured, docs/symbols.md); in a smaller
    /// box the bar shows its title instead, never an unreadable blob. An image shown as pixels
    /// (a protocol image, a document's PNG) is not held to this.
    public static let minimumSymbolLogo = (rows: 4, cells: 128)
    /// The box a bar background image is prepared in: only its dominant colour is used.
    public static let backgroundImageBox = (columns: 8, rows: 1)

    public var size: (columns: Int, rows: Int)
    public var isTooSmall: Bool
    /// The bar's rows (nil for `hidden` or with no bar).
    public var barRect: Rect?
    /// Where the screen's content goes (under the bar for `on_top`, under and behind it for `overlay`).
    public var contentRect: Rect
    /// The rows at the top of `contentRect` that an `overlay` bar covers: content may lie
    /// under them, the focused item never does (`ScreenContent.scrollOffset`).
    public var coveredContentRows: Int
    public var sideMenuRect: Rect?
    public var tabBarRect: Rect?
    public var traceRect: Rect?
    public var toastRect: Rect?
    public var statusRect: Rect
    /// The logo lines to draw in the bar (nil: draw the title or nothing).
    public var logoLines: [String]?
    /// The image logo to draw in the bar (an `app_logo` that is an image, images on, not
    /// failed): as tall as the bar, which is `maximumLogoRows` high when the terminal has at
    /// least `tallLogoMinimumRows` rows.
    public var logoImage: ImageRequest?
    /// The bar's background image, whose dominant colour tints the bar.
    public var backgroundImage: ImageRequest?
    public var isTablet: Bool

    public init(state: ShellViewState, columns: Int, rows: Int) {
        size = (columns, rows)
        isTablet = columns >= Self.tabletColumns
        isTooSmall = columns < Self.minimumColumns || rows < Self.minimumRows
        statusRect = Rect(x: 0, y: max(0, rows - 1), width: columns, height: 1)
        barRect = nil
        sideMenuRect = nil
        tabBarRect = nil
        traceRect = nil
        toastRect = nil
        logoLines = nil
        logoImage = nil
        backgroundImage = nil
        contentRect = Rect(x: 0, y: 0, width: columns, height: max(0, rows - 1))
        coveredContentRows = 0
        guard !isTooSmall else { return }

        var bottom = rows - 1
        if state.rootMenu.kind == .tabBar && !state.rootMenu.items.isEmpty && state.navigation.presented.isEmpty {
            bottom -= 1
            tabBarRect = Rect(x: 0, y: bottom, width: columns, height: 1)
        }
        if state.isTracePanelVisible {
            let height = max(3, min(10, rows / 3))
            bottom -= height
            traceRect = Rect(x: 0, y: bottom, width: columns, height: height)
        }
        let body = Rect(x: 0, y: 0, width: columns, height: bottom)

        var top = 0
        if let bar = state.currentBar, bar.state != .hidden {
            let logo = Self.logo(for: bar, assets: state.assets, rows: rows)
            logoLines = logo
            var imageLogo = logo == nil && bar.presentation == .logo ? state.imageAsset(bar.assets.appLogo) : nil
            let logoBox = (
                columns: min(Self.maximumLogoImageColumns, columns / 3),
                rows: min(rows >= Self.tallLogoMinimumRows ? Self.maximumLogoRows : 1, max(1, body.height - 1)))
            let pixels = state.imageMode.usesProtocol || state.embedsImages
            if !Self.logoImageReads(columns: logoBox.columns, rows: logoBox.rows, asPixels: pixels) { imageLogo = nil }
            let height = imageLogo != nil ? logoBox.rows : min(logo?.count ?? 1, max(1, body.height - 1))
            barRect = Rect(x: 0, y: 0, width: columns, height: height)
            if let imageLogo {
                // The bar's colour (as NavBarView paints it without a background image's tint).
                let barColor = state.imageRequestComposes
                    ? state.palette.style(.bar, background: bar.styles.backgroundColor).background : nil
                logoImage = state.imageRequest(
                    address: imageLogo, jsonPath: state.barAssetPath(bar, key: "app_logo"), columns: logoBox.columns, rows: height,
                    backdrop: barColor)
            }
            let tabletBackground = isTablet ? bar.assets.backgroundTablet : nil
            if let background = state.imageAsset(tabletBackground ?? bar.assets.background) {
                backgroundImage = state.imageRequest(
                    address: background,
                    jsonPath: state.barAssetPath(bar, key: tabletBackground != nil ? "background_tablet" : "background"),
                    columns: Self.backgroundImageBox.columns, rows: Self.backgroundImageBox.rows)
            }
            if bar.state == .onTop { top = height }
            if bar.state == .overlay { coveredContentRows = height }
        }
        var content = Rect(x: 0, y: top, width: columns, height: body.height - top)
        if state.rootMenu.kind == .sideMenu && state.isSideMenuOpen {
            let menuTop = barRect?.maxY ?? 0
            let width = min(max(16, columns / 3), 28, columns - 8)
            sideMenuRect = Rect(x: 0, y: menuTop, width: width, height: body.height - menuTop)
            content = Rect(x: width, y: content.y, width: columns - width, height: content.height)
        }
        contentRect = content
        if state.toast != nil {
            toastRect = Rect(x: 0, y: max(0, bottom - 1), width: columns, height: 1)
        }
    }

    /// Whether an image logo in a box of `columns` × `rows` cells can be read: always when it is
    /// shown `asPixels` (a protocol image, a document's PNG), as symbols only from `minimumSymbolLogo`.
    public static func logoImageReads(columns: Int, rows: Int, asPixels: Bool) -> Bool {
        asPixels || (rows >= minimumSymbolLogo.rows && columns * rows >= minimumSymbolLogo.cells)
    }

    /// The logo lines a bar shows, or nil for the title: the `app_logo` text file when the
    /// presentation is `logo` and it was readable; a multi-line logo only when the terminal
    /// has at least `tallLogoMinimumRows` rows and the logo has at most `maximumLogoRows` lines.
    public static func logo(for bar: NavigationBar, assets: AssetStore, rows: Int) -> [String]? {
        guard bar.presentation == .logo, let lines = assets.lines(bar.assets.appLogo) else { return nil }
        if lines.count == 1 { return lines }
        guard rows >= tallLogoMinimumRows, lines.count <= maximumLogoRows else { return nil }
        return lines
    }

    public static func == (lhs: ShellLayout, rhs: ShellLayout) -> Bool {
        lhs.size == rhs.size && lhs.barRect == rhs.barRect && lhs.contentRect == rhs.contentRect
            && lhs.coveredContentRows == rhs.coveredContentRows && lhs.sideMenuRect == rhs.sideMenuRect && lhs.tabBarRect == rhs.tabBarRect
            && lhs.traceRect == rhs.traceRect && lhs.statusRect == rhs.statusRect && lhs.logoLines == rhs.logoLines
            && lhs.logoImage == rhs.logoImage && lhs.backgroundImage == rhs.backgroundImage
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(size.columns)
        hasher.combine(size.rows)
        hasher.combine(contentRect)
    }
}
