import ZappCore
import ZappModel

/// The navigation bar: background (pattern, else an image's dominant colour, else the colour),
/// the context button, the title or logo (ASCII art or an image) per style, navigation buttons
/// and the overflow button. River styles
/// (`background_color`, `title_color`, their `_tablet` forms at 100+ columns) override the
/// theme's bar colours.
enum NavBarView {
    /// The widest a navigation button's label may be.
    static let maximumButtonTitleWidth = 16

    /// The bar's layout in `rect`, made once per frame (`FrameLayout.bar`): drawing, hits and
    /// focusables read that one.
    static func layout(
        _ bar: NavigationBar, in rect: Rect, state: ShellViewState, glyphs: Glyphs, logo: [String]?, logoImage: ImageRequest?
    ) -> BarLayout {
        let contextWidth = bar.contextButton == .none ? 0 : DisplayWidth.of(contextLabel(bar, assets: state.assets, glyphs: glyphs)) + 2
        let widths = bar.buttons.map { min(DisplayWidth.of($0.title), maximumButtonTitleWidth) + 2 }
        let minimumTitle: Int
        if bar.presentation == .hidden {
            minimumTitle = 0
        } else if let logoImage {
            minimumTitle = logoImage.columns
        } else if let logo, let widest = logo.map({ DisplayWidth.of($0) }).max(), widest <= rect.width / 2 {
            minimumTitle = widest
        } else {
            minimumTitle = max(6, min(16, rect.width / 4))
        }
        return BarLayout(
            rect: rect, style: bar.style, contextWidth: contextWidth, buttonWidths: widths,
            overflowWidth: DisplayWidth.of(glyphs.overflow) + 2, minimumTitleWidth: minimumTitle)
    }

    /// The context button's label: its one-line text asset, else the theme glyph.
    static func contextLabel(_ bar: NavigationBar, assets: AssetStore, glyphs: Glyphs) -> String {
        let asset: String?
        let glyph: String
        switch bar.contextButton {
        case .none: return ""
        case .menu: (asset, glyph) = (bar.assets.menuButton, glyphs.menu)
        case .back: (asset, glyph) = (bar.assets.backButton, glyphs.back)
        case .close: (asset, glyph) = (bar.assets.closeButton, glyphs.close)
        }
        if !glyphs.isASCII, let lines = assets.lines(asset), lines.count == 1 {
            let text = lines[0].trimmingWhitespace
            if !text.isEmpty && DisplayWidth.of(text) <= 4 { return text }
        }
        return glyph
    }

    /// The focusable items of the bar, in order: context button, visible buttons, overflow.
    static func focusables(_ bar: NavigationBar, layout: BarLayout) -> [FocusableItem] {
        var items: [FocusableItem] = []
        if bar.contextButton != .none {
            items.append(FocusableItem(id: "context.\(bar.contextButton.rawValue)", title: bar.contextButton.rawValue, action: .contextButton(bar.contextButton), row: 0, column: 0))
        }
        for (index, _) in layout.buttonRects where bar.buttons[index].isEnabled {
            let button = bar.buttons[index]
            items.append(FocusableItem(id: button.id, title: button.title, action: .navigationButton(button), row: 0, column: items.count))
        }
        if layout.overflowRect != nil {
            items.append(FocusableItem(id: "overflow", title: "More", action: .toggleOverflow, row: 0, column: items.count))
        }
        return items
    }

    /// The items of the open overflow list (enabled buttons only).
    static func overflowFocusables(_ bar: NavigationBar, layout: BarLayout) -> [FocusableItem] {
        layout.overflowIndices.filter { bar.buttons[$0].isEnabled }.enumerated().map { offset, index in
            let button = bar.buttons[index]
            return FocusableItem(id: button.id, title: button.title, action: .navigationButton(button), row: offset)
        }
    }

    /// Everything the bar is drawn from, and nothing else: equal inputs draw equal cells and hits
    /// (`ShellView.Layers` keeps the bar with the screen area under it).
    struct Input: Equatable {
        var bar: NavigationBar
        var rect: Rect
        /// The frame's regions: tablet or not, the logo, the background image.
        var shell: ShellLayout
        /// The bar's layout (`FrameLayout.bar`).
        var layout: BarLayout?
        var assets: AssetStore
        /// The bar item drawn focused: the bar's selection while the bar has the focus, its overflow
        /// list is closed and no pane is open.
        var focused: Int?
        var glyphs: Glyphs
        var source: ImageView.Source

        var palette: Palette { source.palette }

        init(_ bar: NavigationBar, in rect: Rect, context: RenderContext) {
            let state = context.state
            self.bar = bar
            self.rect = rect
            shell = context.layout
            layout = context.frame.bar
            assets = state.assets
            focused = state.focus == .navBar && !state.isOverflowOpen && state.panes.isEmpty ? state.navBarSelection : nil
            glyphs = context.glyphs
            source = context.imageSource
        }

        @discardableResult
        func text(_ canvas: inout Canvas, _ text: String, x: Int, y: Int, maxWidth: Int = .max, style: CellStyle) -> Int {
            RenderContext.text(&canvas, text, x: x, y: y, maxWidth: maxWidth, style: style, palette: palette, isASCII: glyphs.isASCII)
        }
    }

    static func draw(_ input: Input, canvas: inout Canvas, hits: inout HitMap) {
        let bar = input.bar
        let rect = input.rect
        let palette = input.palette
        let tablet = input.shell.isTablet
        let tint = input.shell.backgroundImage.flatMap { request -> ZappColor? in
            if case .ready(let image)? = input.source.images[request] { return image.dominantColor }
            return nil
        }
        var background = palette.style(.bar, background: tint ?? bar.styles.backgroundColor)
        if let tint, bar.styles.titleColor == nil {
            // A tint from an image may be light or dark: the text keeps to the readable side.
            let light = 299 * Int(tint.red) + 587 * Int(tint.green) + 114 * Int(tint.blue) > 128_000
            background.foreground = (TerminalColor(light ? ZappColor(red: 0, green: 0, blue: 0) : ZappColor(red: 255, green: 255, blue: 255)) ?? .default)
                .degraded(to: palette.support)
        }
        canvas.fill(rect, style: background)
        let pattern = input.assets.lines(tablet ? (bar.assets.backgroundTablet ?? bar.assets.background) : bar.assets.background)
        if let pattern {
            let patternStyle = CellStyle(foreground: palette[.barButtonDisabled].foreground, background: palette[.bar].background)
            for row in 0..<rect.height {
                let line = pattern[row % pattern.count]
                let lineWidth = DisplayWidth.of(line)
                guard lineWidth > 0 else { continue }
                var x = rect.x
                while x < rect.maxX {
                    x += canvas.draw(line, x: x, y: rect.y + row, maxWidth: rect.maxX - x, style: patternStyle, ellipsis: false)
                    if lineWidth == 0 { break }
                }
            }
        }
        let base = pattern == nil ? background : palette[.bar]
        let logo = input.shell.logoLines
        let logoImage = input.shell.logoImage
        // The frame's bar layout (`FrameLayout.bar`), made for this bar in this rect.
        guard let layout = input.layout else { return }
        let middle = rect.y + (rect.height - 1) / 2
        let focusedIndex = input.focused
        var focusIndex = 0

        func button(_ label: String, _ rect: Rect, enabled: Bool, greyed: Bool = false, action: ShellAction?) {
            let focused = enabled && focusedIndex == focusIndex
            let role: ThemeRole = !enabled || (greyed && !focused) ? .barButtonDisabled : (focused ? .barButtonFocused : .barButton)
            let style = focused ? palette[role] : palette.style(role, over: base.background)
            let text = focused ? "[" + label + "]" : " " + label + " "
            input.text(&canvas, text, x: rect.x, y: middle, maxWidth: rect.width, style: style)
            if let action, enabled {
                hits.add(rect, action, focus: FocusTarget(area: .navBar, index: focusIndex))
                focusIndex += 1
            }
        }

        if let contextRect = layout.contextRect {
            button(contextLabel(bar, assets: input.assets, glyphs: input.glyphs), contextRect, enabled: true, action: .contextButton(bar.contextButton))
        }

        var titleStyle = palette.style(
            .barTitle, foreground: tablet ? (bar.styles.titleColorTablet ?? bar.styles.titleColor) : bar.styles.titleColor)
        titleStyle.background = base.background
        if tint != nil, bar.styles.titleColor == nil { titleStyle.foreground = base.foreground }
        let configuredTitle = (tablet ? (bar.styles.titleColorTablet ?? bar.styles.titleColor) : bar.styles.titleColor) != nil
        if !configuredTitle { titleStyle = titleStyle.legible(palette.support) }
        if bar.presentation != .hidden, layout.titleRect.width > 0 {
            let area = layout.titleRect
            let drewImage = logoImage.map { request in
                let width = min(request.columns, area.width)
                let x = layout.titleAlignment == .center ? area.x + (area.width - width) / 2 : area.x
                let box = Rect(x: x, y: rect.y, width: width, height: rect.height)
                let centered = layout.titleAlignment == .center
                return ImageView.draw(request, in: box, centered: centered, background: base, source: input.source, canvas: &canvas)
            } ?? false
            if drewImage {
                // The image logo stands where the title would.
            } else if let logo, let widest = logo.map({ DisplayWidth.of($0) }).max(), widest <= area.width {
                let x = layout.titleAlignment == .center ? area.x + (area.width - widest) / 2 : area.x
                let top = rect.y + max(0, (rect.height - logo.count) / 2)
                for (offset, line) in logo.enumerated() where top + offset < rect.maxY {
                    input.text(&canvas, line, x: x, y: top + offset, maxWidth: area.maxX - x, style: titleStyle)
                }
            } else {
                let title = pattern == nil ? bar.title : " " + bar.title + " "
                canvas.draw(
                    title, in: Rect(x: area.x, y: middle, width: area.width, height: 1), alignment: layout.titleAlignment,
                    style: titleStyle.unbrightened(palette.support), asciiEllipsis: input.glyphs.isASCII)
            }
        }

        for (index, rect) in layout.buttonRects {
            let item = bar.buttons[index]
            button(item.title, rect, enabled: item.isEnabled, greyed: item.kind == .unavailable, action: .navigationButton(item))
        }
        if let overflowRect = layout.overflowRect {
            button(input.glyphs.overflow, overflowRect, enabled: true, action: .toggleOverflow)
        }
    }

    /// The overflow list under the bar's overflow button.
    static func drawOverflow(_ bar: NavigationBar, barRect: Rect, context: RenderContext, canvas: inout Canvas, hits: inout HitMap) {
        guard let layout = context.frame.bar, let anchor = layout.overflowRect, !layout.overflowIndices.isEmpty else { return }
        let titles = layout.overflowIndices.map { bar.buttons[$0].title }
        let width = min(max(12, (titles.map { DisplayWidth.of($0) }.max() ?? 0) + 6), barRect.width)
        let height = min(titles.count + 2, max(3, canvas.rows - barRect.maxY - 1))
        let x = max(0, min(anchor.maxX, barRect.maxX) - width)
        let box = Rect(x: x, y: barRect.maxY, width: width, height: height)
        hits.cover(box)
        canvas.fill(box, style: context.palette[.overlay])
        canvas.drawBox(box, border: context.glyphs.border, style: context.palette[.paneBorder])
        var focusIndex = 0
        for (offset, index) in layout.overflowIndices.enumerated() where offset < height - 2 {
            let button = bar.buttons[index]
            let rowRect = Rect(x: box.x + 1, y: box.y + 1 + offset, width: width - 2, height: 1)
            let focused = button.isEnabled && context.state.focus == .navBar && context.state.navBarSelection == focusIndex
            let greyed = !button.isEnabled || (button.kind == .unavailable && !focused)
            let role: ThemeRole = greyed ? .menuDisabled : (focused ? .menuFocused : .overlay)
            canvas.fill(rowRect, style: context.palette[role])
            context.text(&canvas, (focused ? context.glyphs.pointer : " ") + " " + button.title, x: rowRect.x, y: rowRect.y, maxWidth: rowRect.width, style: context.palette[role])
            if button.isEnabled {
                hits.add(rowRect, .navigationButton(button), focus: FocusTarget(area: .navBar, index: focusIndex))
                focusIndex += 1
            }
        }
    }
}
