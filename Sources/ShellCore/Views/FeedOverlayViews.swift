import ZappModel

/// The overlays feeds open: an entry's details (an entry no content type maps to a screen)
/// and the list of a feed a `feed` entry links to.
enum FeedOverlayViews {
    static func drawEntry(_ entry: FeedEntry, context: RenderContext, canvas: inout Canvas, hits: inout HitMap) {
        let area = Rect(x: 0, y: 0, width: context.layout.size.columns, height: context.layout.statusRect.y)
        let width = min(76, area.width)
        let labelWidth = 12
        let valueWidth = max(1, width - labelWidth - 4)
        var lines: [(String, String)] = []
        func add(_ label: String, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            for (offset, line) in TextWrap.lines(value, width: valueWidth).enumerated() {
                lines.append((offset == 0 ? label : "", line))
            }
        }
        add("Summary", entry.summary)
        add("Type", entry.typeValue ?? "(none)")
        add("ID", entry.id)
        add("Content", entry.contentURL.map { url in entry.contentType.map { "\(url) (\($0))" } ?? url })
        add("Link", entry.linkURL)
        add("Image", entry.imageURL)
        for (key, value) in entry.extensions {
            add(key, value.stringValue ?? value.jsonText)
        }
        if entry.extensions.isEmpty { add("Extensions", "(none)") }
        let box = area.centered(width: width, height: min(area.height, lines.count + 5))
        OverlayViews.drawFrame(box, title: entry.title, context: context, canvas: &canvas, hits: &hits)
        let rows = box.height - 4
        for (offset, line) in lines.prefix(max(0, rows)).enumerated() {
            let y = box.y + 2 + offset
            let overlay = context.palette[.overlay]
            context.text(&canvas, line.0, x: box.x + 2, y: y, maxWidth: labelWidth, style: context.palette.style(.dim, over: overlay.background))
            context.text(&canvas, line.1, x: box.x + 2 + labelWidth, y: y, maxWidth: valueWidth, style: overlay)
        }
        if box.height > 3 {
            context.text(&canvas, "No content type maps this entry to a screen · Esc closes", x: box.x + 2, y: box.maxY - 2, maxWidth: box.width - 4, style: context.palette.style(.dim, over: context.palette[.overlay].background))
        }
        hits.add(box, .closeOverlay)
    }

    static func drawFeed(source: String, title: String, selection: Int, context: RenderContext, canvas: inout Canvas, hits: inout HitMap) {
        let area = Rect(x: 0, y: 0, width: context.layout.size.columns, height: context.layout.statusRect.y)
        let state = context.state
        let entries: [FeedEntry]
        var message: (String, ThemeRole)?
        switch state.feeds[source] {
        case .loaded(let feed)?:
            entries = feed.entries
            if entries.isEmpty { message = ("The feed has no entries.", .dim) }
        case .failed(let reason)?:
            entries = []
            message = (CredentialRedaction.redacted("Could not load \(source): \(reason)") + " · r retries", .error)
        case .loading?, nil:
            entries = []
            message = ("\(context.glyphs.spinner(at: state.spinnerFrame)) Loading \(CredentialRedaction.redacted(source))…", .dim)
        }
        let box = area.centered(width: min(72, area.width), height: min(area.height, max(entries.count, 2) + 2))
        OverlayViews.drawFrame(box, title: title, context: context, canvas: &canvas, hits: &hits)
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: box.width - 4, height: box.height - 2)
        guard inner.height > 0 else { return }
        let background = context.palette[.overlay].background
        if let message {
            for (offset, line) in TextWrap.lines(message.0, width: max(1, inner.width)).enumerated() where offset < inner.height {
                context.text(&canvas, line, x: inner.x, y: inner.y + offset, maxWidth: inner.width, style: context.palette.style(message.1, over: background))
            }
            return
        }
        let selected = min(max(0, selection), entries.count - 1)
        let scroll = max(0, selected - inner.height + 1)
        for (index, entry) in entries.enumerated() where index >= scroll && index - scroll < inner.height {
            let y = inner.y + index - scroll
            let row = Rect(x: inner.x, y: y, width: inner.width, height: 1)
            let focused = index == selected
            let style = context.palette[focused ? .menuFocused : .overlay]
            canvas.fill(row, style: style)
            let used = context.text(&canvas, (focused ? context.glyphs.pointer : " ") + " " + entry.title, x: inner.x, y: y, maxWidth: inner.width, style: style)
            if let summary = entry.summary, used + 4 < inner.width {
                context.text(&canvas, " · " + summary, x: inner.x + used, y: y, maxWidth: inner.width - used, style: focused ? style : context.palette.style(.dim, over: background))
            }
            hits.add(row, .openEntry(entry))
        }
    }
}
