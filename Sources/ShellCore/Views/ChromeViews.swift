import ZappCore
import ZappModel

/// The status line of key hints, the toast line, the splash, "Loading failed" and
/// "terminal too small" frames.
enum ChromeViews {
    static func drawStatus(in rect: Rect, context: RenderContext, canvas: inout Canvas) {
        let state = context.state
        let palette = context.palette
        canvas.fill(rect, style: palette[.status])
        let hints: [(String, String)]
        if state.topPane != nil {
            hints = [("Tab", "next"), ("Enter", "submit"), ("Esc", "cancel")]
        } else if case .goTo = state.overlay {
            hints = [("type", "filter"), ("↑↓", "choose"), ("Enter", "go"), ("Esc", "close")]
        } else if case .webLink = state.overlay {
            hints = [("Esc", "close"), ("q", "quit")]
        } else if case .account = state.overlay {
            hints = [("↑↓", "choose"), ("Enter", "sign in / out"), ("Esc", "close")]
        } else if case .warnings = state.overlay {
            hints = [("↑↓", "scroll"), ("Esc", "close"), ("q", "quit")]
        } else if case .help = state.overlay {
            hints = [("Esc", "close"), ("q", "quit")]
        } else if case .feed = state.overlay {
            hints = [("↑↓", "choose"), ("Enter", "open"), ("r", "reload"), ("Esc", "close")]
        } else if case .entry = state.overlay {
            hints = [("Esc", "close"), ("q", "quit")]
        } else {
            var list: [(String, String)] = [("Tab", "focus"), ("Enter", "open")]
            if context.hasFailedFeedOnScreen { list.append(("r", "retry")) }
            switch state.navigation.position {
            case .pushed: list.append(("Esc", "back"))
            case .presented: list.append(("Esc", "close"))
            case .root: break
            }
            if state.rootMenu.kind == .sideMenu { list.append(("m", "menu")) }
            list += [("g", "go to")]
            if state.hasLogin { list.append(("a", "account: " + (state.signedInUser ?? "signed out"))) }
            list += [("?", "help"), ("q", "quit")]
            hints = list
        }
        var right = rect.maxX
        if let offline = state.offlineNote, state.overlay == nil, state.topPane == nil {
            let width = DisplayWidth.of(offline)
            if rect.x + width + 2 <= rect.maxX {
                right = rect.maxX - width - 1
                context.text(&canvas, offline, x: right, y: rect.y, style: palette[.statusKey])
                right -= 1
            }
        }
        if state.overlay == nil, state.topPane == nil, !state.warnings.isEmpty {
            let count = state.warnings.count
            let text = "\(context.glyphs.isASCII ? "!" : "⚠") \(count) warning\(count == 1 ? "" : "s") (w)"
            let width = DisplayWidth.of(text)
            if rect.x + width + 2 <= right {
                right = right - width - 1
                context.text(&canvas, text, x: right, y: rect.y, style: palette[.statusKey])
                right -= 1
            }
        }
        var x = rect.x + 1
        for (key, label) in hints {
            let keyText = context.glyphs.isASCII ? key.replacingArrows : key
            let needed = DisplayWidth.of(keyText) + DisplayWidth.of(label) + 3
            guard x + needed <= right else { break }
            x += context.text(&canvas, keyText, x: x, y: rect.y, style: palette[.statusKey])
            x += context.text(&canvas, " " + label + "  ", x: x, y: rect.y, style: palette[.status])
        }
        if let bar = context.frame.navigationBar, state.topPane == nil, state.overlay == nil {
            // A custom style is named, with what it is drawn as.
            let style = bar.customStyle.map { "\($0)→\(bar.style.rawValue)" } ?? bar.style.rawValue
            let summary = "\(style)·\(bar.presentation.rawValue)·\(bar.state.rawValue)"
            let text = context.glyphs.isASCII ? summary.replacing("·", with: "/").replacing("→", with: "->") : summary
            let width = DisplayWidth.of(text)
            if x + width + 1 <= right {
                context.text(&canvas, text, x: right - width - 1, y: rect.y, style: palette[.status])
            }
        }
    }

    static func drawToast(_ toast: Toast, in rect: Rect, context: RenderContext, canvas: inout Canvas) {
        let style = toast.kind == .error ? context.palette.style(.error, over: context.palette[.toast].background) : context.palette[.toast]
        canvas.fill(rect, style: style)
        // A failed reload's reason may name the app's URL: its credentials are not shown.
        context.text(&canvas, " " + CredentialRedaction.redacted(toast.text), x: rect.x, y: rect.y, maxWidth: rect.width, style: style)
    }

    static func drawTooSmall(context: RenderContext, canvas: inout Canvas) {
        let size = context.layout.size
        let text = "Too small: \(size.columns)x\(size.rows) (min \(ShellLayout.minimumColumns)x\(ShellLayout.minimumRows))"
        centeredLines(TextWrap.lines(text, width: max(1, size.columns)), in: canvas.bounds, style: context.palette[.base], context: context, canvas: &canvas)
    }

    static func drawSplash(message: String, context: RenderContext, canvas: inout Canvas) {
        let spinner = context.glyphs.spinner(at: context.state.spinnerFrame)
        var title = context.palette[.accent]
        title.attributes.insert(.bold)
        let area = canvas.bounds
        let lines = [context.state.app.name, "", spinner + " " + message]
        let top = area.y + max(0, (area.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            context.text(&canvas, line, in: Rect(x: 0, y: top + offset, width: area.width, height: 1), alignment: .center, style: offset == 0 ? title : context.palette[.base])
        }
    }

    static func drawLoadingFailed(message: String, context: RenderContext, canvas: inout Canvas, hits: inout HitMap) {
        let area = canvas.bounds
        let width = max(1, min(70, area.width - 2))
        var lines = ["Loading failed — press r to retry", ""]
        lines += TextWrap.lines(message, width: width)
        let top = max(0, (area.height - lines.count) / 2)
        var errorStyle = context.palette[.error]
        errorStyle.background = context.palette[.base].background
        for (offset, line) in lines.enumerated() where top + offset < area.maxY {
            context.text(&canvas, line, in: Rect(x: 0, y: top + offset, width: area.width, height: 1), alignment: .center, style: offset == 0 ? errorStyle : context.palette[.base])
        }
        hits.add(Rect(x: 0, y: top, width: area.width, height: 1), .retry)
    }

    private static func centeredLines(_ lines: [String], in area: Rect, style: CellStyle, context: RenderContext, canvas: inout Canvas) {
        let top = area.y + max(0, (area.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() where top + offset < area.maxY {
            context.text(&canvas, line, in: Rect(x: area.x, y: top + offset, width: area.width, height: 1), alignment: .center, style: style)
        }
    }
}

extension String {
    /// Arrow glyphs spelled in ASCII for the `--ascii` glyph set.
    fileprivate var replacingArrows: String {
        replacing("↑↓", with: "up/down")
    }
}
