import ZappCore
import ZappModel

/// The help overlay, the go-to-screen overlay and the hook trace panel.
enum OverlayViews {
    /// Every key of the README's key list, as the help overlay lists them.
    static let keyHelp: [(String, String)] = [
        ("arrows, h j k l", "move the selection"),
        ("Tab / Shift-Tab", "cycle focus: root menu, nav bar, screen"),
        ("Enter", "activate"),
        ("Esc", "close a pane, go back, or close a presented stack"),
        ("m", "toggle the side menu"),
        ("g", "go to a screen (type to filter, Enter goes)"),
        ("a", "account: who is signed in; sign in as a known user, or out"),
        ("?", "this help"),
        ("t", "next theme"),
        ("r", "reload the selected or failed feed, else the app's files"),
        ("s / p / S", "cycle the bar's style / presentation / state"),
        ("`", "toggle the hook trace panel"),
        ("w", "list the warnings found while loading the app"),
        ("mouse", "click buttons and menu items"),
        ("Ctrl-Z", "suspend to the shell (fg comes back)"),
        ("q, Ctrl-C", "quit"),
    ]

    /// What the marks beside screen names mean, after the keys.
    static func markHelp(_ glyphs: Glyphs) -> [(String, String)] {
        [(glyphs.lock, lockMeaning)]
    }

    static let lockMeaning = "gated for whoever is signed in now: a pre hook would ask or block"

    /// The help as it fits `area` (the screen above the status line): each description wrapped
    /// beside its key, the box, and the last entry it may scroll to (0 when all fit).
    struct HelpLayout {
        var entries: [(key: String, lines: [String])]
        var keyWidth: Int
        var box: Rect
        var fits: Bool
        var lastScroll: Int

        init(area: Rect, glyphs: Glyphs) {
            keyWidth = min(18, area.width / 3)
            let all = keyHelp + markHelp(glyphs)
            // As wide as the longest description needs, so every line is whole where the terminal allows.
            let longest = all.map { DisplayWidth.of($0.1) }.max() ?? 0
            let width = min(keyWidth + longest + 4, area.width)
            let textWidth = max(1, width - keyWidth - 4)
            entries = all.map { (key: $0.0, lines: TextWrap.lines($0.1, width: textWidth)) }
            let lineCount = entries.reduce(0) { $0 + $1.lines.count }
            fits = lineCount + 4 <= area.height
            box = area.centered(width: width, height: fits ? lineCount + 4 : area.height)
            // Scrolled no further than the entry from which the rest fills the box.
            var last = entries.count - 1
            var below = entries[last].lines.count
            while last > 0, below + entries[last - 1].lines.count <= box.height - 2 {
                last -= 1
                below += entries[last].lines.count
            }
            lastScroll = fits ? 0 : last
        }
    }

    /// The help for a terminal of `columns` x `rows` (the status line below), as drawn.
    static func helpLayout(columns: Int, rows: Int, glyphs: Glyphs) -> HelpLayout {
        HelpLayout(area: Rect(x: 0, y: 0, width: columns, height: max(0, rows - 1)), glyphs: glyphs)
    }

    /// The help: each description wrapped whole beside its key; from entry `scroll` on when
    /// the terminal is too short for all (the title then says ↑↓ scroll).
    static func drawHelp(scroll: Int, context: RenderContext, canvas: inout Canvas, hits: inout HitMap) {
        let area = Rect(x: 0, y: 0, width: context.layout.size.columns, height: context.layout.statusRect.y)
        let help = HelpLayout(area: area, glyphs: context.glyphs)
        let (box, fits, keyWidth) = (help.box, help.fits, help.keyWidth)
        let textWidth = max(1, box.width - keyWidth - 4)
        drawFrame(box, title: fits ? "Keys" : "Keys (↑↓ scroll, Esc closes)", context: context, canvas: &canvas, hits: &hits)
        let keyStyle = context.palette.style(.statusKey, over: context.palette[.overlay].background)
        var y = box.y + (fits ? 2 : 1)
        let first = min(max(0, scroll), help.lastScroll)
        for entry in help.entries.dropFirst(first) {
            for (offset, line) in entry.lines.enumerated() where y < box.maxY - 1 {
                if offset == 0 { context.text(&canvas, entry.key, x: box.x + 2, y: y, maxWidth: keyWidth, style: keyStyle) }
                context.text(&canvas, line, x: box.x + 2 + keyWidth, y: y, maxWidth: textWidth, style: context.palette[.overlay])
                y += 1
            }
        }
        hits.add(box, .closeOverlay)
    }

    /// A web link to open elsewhere (no `$BROWSER`): the whole URL, wrapped.
    static func drawWebLink(_ url: String, context: RenderContext, canvas: inout Canvas, hits: inout HitMap) {
        let area = Rect(x: 0, y: 0, width: context.layout.size.columns, height: context.layout.statusRect.y)
        let width = min(72, area.width)
        let lines = TextWrap.lines(url, width: max(1, width - 4))
        let message = url.isWebURL
            ? "Set $BROWSER to open web links from ZappShell." : ShellUpdate.notOpenedReason + "."
        let box = area.centered(width: width, height: min(area.height, lines.count + 5))
        drawFrame(box, title: "Web link (Esc closes)", context: context, canvas: &canvas, hits: &hits)
        var y = box.y + 1
        for line in lines + ["", message] where y < box.maxY - 1 {
            let style = line == message ? context.palette.style(.dim, over: context.palette[.overlay].background) : context.palette[.overlay]
            context.text(&canvas, line, x: box.x + 2, y: y, maxWidth: box.width - 4, style: style)
            y += 1
        }
        hits.add(box, .closeOverlay)
    }

    /// The load warnings, wrapped to the box, from warning `scroll` on.
    static func drawWarnings(scroll: Int, context: RenderContext, canvas: inout Canvas, hits: inout HitMap) {
        let area = Rect(x: 0, y: 0, width: context.layout.size.columns, height: context.layout.statusRect.y)
        let warnings = context.state.warnings
        let box = area.centered(width: min(96, area.width), height: area.height)
        let title = warnings.count == 1 ? "1 warning" : "\(warnings.count) warnings"
        drawFrame(box, title: title + " (↑↓ scroll, Esc closes)", context: context, canvas: &canvas, hits: &hits)
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: box.width - 4, height: box.height - 2)
        guard inner.height > 0, inner.width > 0 else { return }
        var y = inner.y
        let first = min(max(0, scroll), max(0, warnings.count - 1))
        for (index, warning) in warnings.enumerated() where index >= first {
            for (offset, line) in TextWrap.lines(warning, width: max(1, inner.width - 2)).enumerated() {
                guard y < inner.maxY else { break }
                let prefix = offset == 0 ? "• " : "  "
                let shown = context.glyphs.isASCII && offset == 0 ? "- " + line : prefix + line
                context.text(&canvas, shown, x: inner.x, y: y, maxWidth: inner.width, style: context.palette[.overlay])
                y += 1
            }
            guard y < inner.maxY else { break }
        }
        hits.add(box, .closeOverlay)
    }

    static func drawGoTo(filter: String, selection: Int, context: RenderContext, canvas: inout Canvas, hits: inout HitMap) {
        let area = Rect(x: 0, y: 0, width: context.layout.size.columns, height: context.layout.statusRect.y)
        let candidates = context.state.goToCandidates
        let box = area.centered(width: min(60, area.width), height: min(area.height, candidates.count + 5))
        drawFrame(box, title: "Go to screen", context: context, canvas: &canvas, hits: &hits)
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: box.width - 4, height: box.height - 2)
        guard inner.height > 0 else { return }
        context.text(&canvas, "Filter: " + filter + "_", x: inner.x, y: inner.y, maxWidth: inner.width, style: context.palette[.fieldFocused])
        let listTop = inner.y + 2
        let visibleRows = max(0, inner.maxY - listTop)
        if candidates.isEmpty {
            if visibleRows > 0 { context.text(&canvas, "No screen matches.", x: inner.x, y: listTop, maxWidth: inner.width, style: context.palette[.placeholder]) }
            return
        }
        let selected = min(max(0, selection), candidates.count - 1)
        let scroll = max(0, selected - visibleRows + 1)
        for (index, candidate) in candidates.enumerated() where index >= scroll && index - scroll < visibleRows {
            let y = listTop + index - scroll
            let rowRect = Rect(x: inner.x, y: y, width: inner.width, height: 1)
            let focused = index == selected
            let style = context.palette[focused ? .menuFocused : .overlay]
            canvas.fill(rowRect, style: style)
            let lock = context.state.isGated(candidate.id) ? " " + context.glyphs.lock : ""
            let used = context.text(&canvas, (focused ? context.glyphs.pointer : " ") + " " + candidate.title + lock, x: inner.x, y: y, maxWidth: inner.width, style: style)
            if used + 4 < inner.width {
                context.text(&canvas, "  " + candidate.id, x: inner.x + used, y: y, maxWidth: inner.width - used, style: focused ? style : context.palette.style(.dim, over: style.background))
            }
            hits.add(rowRect, .goTo(candidate.id))
        }
    }

    static func drawTrace(in rect: Rect, context: RenderContext, canvas: inout Canvas, hits: inout HitMap) {
        hits.cover(rect)
        let style = context.palette[.trace]
        canvas.fill(rect, style: style)
        var titleStyle = style
        titleStyle.attributes.insert(.bold)
        let rule = String(repeating: context.glyphs.border.horizontal, count: max(0, rect.width))
        canvas.draw(rule, x: rect.x, y: rect.y, maxWidth: rect.width, style: style, ellipsis: false)
        context.text(&canvas, " Hook trace (` hides) ", x: rect.x + 2, y: rect.y, maxWidth: rect.width - 2, style: titleStyle)
        let lines = context.state.traceLines
        let rows = rect.height - 1
        guard rows > 0 else { return }
        if lines.isEmpty {
            context.text(&canvas, " No hooks have run yet.", x: rect.x, y: rect.y + 1, maxWidth: rect.width, style: style)
            return
        }
        for (offset, line) in lines.suffix(rows).enumerated() {
            context.text(&canvas, " " + line, x: rect.x, y: rect.y + 1 + offset, maxWidth: rect.width, style: style)
        }
    }

    static func drawFrame(_ box: Rect, title: String, context: RenderContext, canvas: inout Canvas, hits: inout HitMap) {
        hits.cover(box)
        canvas.fill(box, style: context.palette[.overlay])
        canvas.drawBox(box, border: context.glyphs.border, style: context.palette[.paneBorder])
        context.text(&canvas, " " + title + " ", in: Rect(x: box.x + 2, y: box.y, width: box.width - 4, height: 1), alignment: .center, style: context.palette[.paneTitle])
    }
}
