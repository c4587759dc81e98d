import ZappCore
import ZappModel

/// The screen area: the current screen's laid-out content, scrolled so that the selected
/// cell is visible, clipped to its rectangle.
enum ScreenAreaView {
    /// Everything the screen area is drawn from, and nothing else: equal inputs draw equal cells
    /// and hits, so a frame whose input equals the previous frame's copies them
    /// (`ShellView.Layers`).
    struct Input: Equatable {
        var content: ScreenContent?
        var rect: Rect
        /// The rows at the top of `rect` an overlay bar hides (the focused cell is kept below them).
        var coveredTop: Int
        /// The current screen's selection, clamped to its focusables.
        var selection: Int
        /// The focusable drawn focused: the selection while the screen has the focus and no pane is open.
        var focused: Int?
        var glyphs: Glyphs
        var source: ImageView.Source

        var palette: Palette { source.palette }

        init(rect: Rect, coveredTop: Int, context: RenderContext) {
            let state = context.state
            content = context.frame.content
            self.rect = rect
            self.coveredTop = coveredTop
            selection = min(state.currentScreenSelection, max(0, (content?.focusables.count ?? 0) - 1))
            focused = state.focus == .screen && state.panes.isEmpty ? selection : nil
            glyphs = context.glyphs
            source = context.imageSource
        }

        @discardableResult
        func text(_ canvas: inout Canvas, _ text: String, x: Int, y: Int, maxWidth: Int = .max, style: CellStyle, clip: Rect? = nil) -> Int {
            RenderContext.text(&canvas, text, x: x, y: y, maxWidth: maxWidth, style: style, clip: clip, palette: palette, isASCII: glyphs.isASCII)
        }
    }

    static func draw(_ input: Input, canvas: inout Canvas, hits: inout HitMap) {
        let rect = input.rect
        guard let content = input.content else {
            input.text(&canvas, " No screen to show.", x: rect.x, y: rect.y, maxWidth: rect.width, style: input.palette[.placeholder])
            return
        }
        let inner = Rect(x: rect.x + 1, y: rect.y, width: rect.width - 2, height: rect.height)
        let offset = content.scrollOffset(selection: input.selection, viewHeight: inner.height, coveredTop: input.coveredTop)
        for element in content.elements {
            let target = Rect(x: inner.x + element.rect.x, y: inner.y + element.rect.y - offset, width: element.rect.width, height: element.rect.height)
            guard !target.intersection(inner).isEmpty else { continue }
            let artwork = element.artwork.map { artwork in
                (artwork.request, Rect(x: inner.x + artwork.rect.x, y: inner.y + artwork.rect.y - offset, width: artwork.rect.width, height: artwork.rect.height))
            }
            draw(element, at: target, artwork: artwork, clip: inner, focused: input.focused, input: input, canvas: &canvas)
        }
        for (index, item) in content.focusables.enumerated() {
            let r = content.focusRects[index]
            let target = Rect(x: inner.x + r.x, y: inner.y + r.y - offset, width: r.width, height: r.height).intersection(inner)
            hits.add(target, item.action, focus: FocusTarget(area: .screen, index: index))
        }
    }

    private static func draw(
        _ element: ScreenContent.Element, at rect: Rect, artwork: (request: ImageRequest, rect: Rect)?, clip: Rect, focused: Int?,
        input: Input, canvas: inout Canvas
    ) {
        let palette = input.palette
        let glyphs = input.glyphs
        switch element.kind {
        case .heading(let title):
            input.text(&canvas, title, x: rect.x, y: rect.y, maxWidth: rect.width, style: palette[.sectionTitle], clip: clip)
        case .text(let text, let role):
            input.text(&canvas, text, x: rect.x, y: rect.y, maxWidth: rect.width, style: palette[role], clip: clip)
        case .card(let title, let subtitle, let focus, let role):
            let isFocused = focus != nil && focus == focused
            let box = rect
            canvas.fill(box.intersection(clip), style: palette[role])
            canvas.drawBox(box, border: isFocused ? glyphs.focusBorder : glyphs.border, style: palette[isFocused ? .accent : .dim], clip: clip)
            let textStyle = isFocused ? palette[.cellFocused] : palette[role]
            if let artwork {
                ImageView.draw(artwork.request, in: artwork.rect, centered: true, clip: clip, background: palette[role], source: input.source, canvas: &canvas)
            }
            let inner = Rect(x: box.x + 1, y: box.y + 1 + element.imageRows, width: box.width - 2, height: 1)
            var titleStyle = textStyle
            titleStyle.attributes.insert(.bold)
            let label = (isFocused ? glyphs.pointer : " ") + title
            if isFocused { canvas.fill(inner.intersection(clip), style: textStyle) }
            input.text(&canvas, label, x: inner.x, y: inner.y, maxWidth: inner.width, style: titleStyle, clip: clip)
            if let subtitle, inner.y + 1 < box.maxY - 1 {
                input.text(&canvas, " " + subtitle, x: inner.x, y: inner.y + 1, maxWidth: inner.width, style: palette[role == .placeholder ? .placeholder : .dim], clip: clip)
            }
        case .row(let title, let subtitle, let focus, let role):
            let isFocused = focus != nil && focus == focused
            let style = isFocused ? palette[.cellFocused] : palette[role]
            if isFocused { canvas.fill(rect.intersection(clip), style: style) }
            if let artwork {
                // A row with a thumbnail: the pointer, the thumbnail, the title and the subtitle under it.
                input.text(&canvas, isFocused ? glyphs.pointer : glyphs.bullet, x: rect.x, y: rect.y, maxWidth: 2, style: style, clip: clip)
                ImageView.draw(artwork.request, in: artwork.rect, centered: false, clip: clip, background: style, source: input.source, canvas: &canvas)
                let x = artwork.rect.maxX + 1
                input.text(&canvas, title, x: x, y: rect.y, maxWidth: rect.maxX - x, style: style, clip: clip)
                if let subtitle {
                    var subtitleStyle = isFocused ? style : palette[.dim]
                    subtitleStyle.attributes.remove(.bold)
                    input.text(&canvas, subtitle, x: x, y: rect.y + 1, maxWidth: rect.maxX - x, style: subtitleStyle, clip: clip)
                }
                return
            }
            let used = input.text(&canvas, (isFocused ? glyphs.pointer : glyphs.bullet) + " " + title, x: rect.x, y: rect.y, maxWidth: rect.width, style: style, clip: clip)
            if let subtitle, used + 3 < rect.width {
                var subtitleStyle = isFocused ? style : palette[.dim]
                subtitleStyle.attributes.remove(.bold)
                input.text(&canvas, "  " + subtitle, x: rect.x + used, y: rect.y, maxWidth: rect.width - used, style: subtitleStyle, clip: clip)
            }
        case .tabs(let titles, let selected, let focusStart):
            var x = rect.x
            for (index, title) in titles.enumerated() {
                let isFocused = focused == focusStart + index
                let role: ThemeRole = isFocused ? .tabFocused : (index == selected ? .tabSelected : .tabBar)
                let label = isFocused ? "[" + title + "]" : (index == selected ? glyphs.pointer + title + " " : " " + title + " ")
                x += input.text(&canvas, label, x: x, y: rect.y, maxWidth: rect.maxX - x, style: palette[role], clip: clip)
                if x < rect.maxX { x += canvas.draw(" ", x: x, y: rect.y, style: palette[.base], clip: clip) }
            }
        case .button(let title, let focus):
            let isFocused = focus != nil && focus == focused
            input.text(&canvas, isFocused ? "[ " + title + " ]" : "< " + title + " >", x: rect.x, y: rect.y, maxWidth: rect.width, style: palette[isFocused ? .buttonFocused : .button], clip: clip)
        case .epg(let grid, let focusStart):
            drawEPG(grid, at: rect, clip: clip, focused: focused.map { $0 - focusStart }, input: input, canvas: &canvas)
        }
    }

    private static func drawEPG(_ grid: EPGGrid, at rect: Rect, clip: Rect, focused: Int?, input: Input, canvas: inout Canvas) {
        let palette = input.palette
        let nameWidth = min(12, max(6, rect.width / 4))
        let slotWidth = 12
        let separator = input.glyphs.separator
        var x = rect.x + nameWidth
        for label in grid.startLabel where x < rect.maxX {
            input.text(&canvas, separator + label, x: x, y: rect.y, maxWidth: min(slotWidth, rect.maxX - x), style: palette[.dim], clip: clip)
            x += slotWidth
        }
        for (row, channel) in grid.channels.enumerated() {
            let y = rect.y + 1 + row
            let isFocused = focused == row
            let nameStyle = isFocused ? palette[.cellFocused] : palette[.sectionTitle]
            canvas.fill(Rect(x: rect.x, y: y, width: nameWidth, height: 1).intersection(clip), style: nameStyle)
            input.text(&canvas, (isFocused ? input.glyphs.pointer : "") + channel.name, x: rect.x, y: y, maxWidth: nameWidth - 1, style: nameStyle, clip: clip)
            var slotX = rect.x + nameWidth
            for (index, programme) in channel.programmes.enumerated() where slotX < rect.maxX {
                let width = programme.slots * slotWidth
                let style = index == 0 ? palette[.epgNow] : palette[isFocused ? .cell : .base]
                let cell = Rect(x: slotX, y: y, width: min(width, rect.maxX - slotX), height: 1).intersection(clip)
                canvas.fill(cell, style: style)
                input.text(&canvas, separator + programme.title, x: slotX, y: y, maxWidth: min(width, rect.maxX - slotX), style: style, clip: clip)
                slotX += width
            }
        }
    }
}
