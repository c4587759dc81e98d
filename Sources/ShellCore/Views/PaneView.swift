import ZappCore
import ZappModel

/// A hook pane: `present` is a modal box over the screen, `push` fills the screen area with
/// a back button. Title, message, form fields (text, masked password), an error line, a
/// spinner while busy, and buttons.
enum PaneView {
    static func draw(_ paneState: PaneState, isTop: Bool, context: RenderContext, canvas: inout Canvas, hits: inout HitMap) {
        let layout = context.layout
        let palette = context.palette
        let glyphs = context.glyphs
        let pane = paneState.pane
        let area = Rect(x: 0, y: 0, width: layout.size.columns, height: layout.statusRect.y)
        let box: Rect
        var innerTop: Int
        if pane.presentation == .push {
            let top = layout.barRect?.maxY ?? 0
            box = Rect(x: 0, y: top, width: area.width, height: area.height - top)
            hits.cover(box)
            canvas.fill(box, style: palette[.pane])
            let back = glyphs.back + " Back"
            let backRect = Rect(x: box.x, y: box.y, width: DisplayWidth.of(back) + 2, height: 1)
            context.text(&canvas, " " + back + " ", x: backRect.x, y: backRect.y, style: palette[.button])
            context.text(&canvas, pane.title, in: Rect(x: backRect.maxX + 1, y: box.y, width: box.width - backRect.maxX - 2, height: 1), alignment: .left, style: palette[.paneTitle])
            if isTop { hits.add(backRect, .dismissPane) }
            innerTop = box.y + 2
        } else {
            let width = min(60, max(20, area.width - 4))
            let messageLines = TextWrap.lines(pane.message, width: width - 4)
            let height = 2 + 1 + messageLines.count + (messageLines.isEmpty ? 0 : 1) + pane.fields.count * 2 + 1 + 1 + 1
            box = area.centered(width: width, height: height)
            hits.cover(box)
            canvas.fill(box, style: palette[.pane])
            canvas.drawBox(box, border: glyphs.border, style: palette[.paneBorder])
            context.text(&canvas, " " + pane.title + " ", in: Rect(x: box.x + 2, y: box.y, width: box.width - 4, height: 1), alignment: .center, style: palette[.paneTitle])
            innerTop = box.y + 2
        }
        let inner = Rect(x: box.x + 2, y: innerTop, width: box.width - 4, height: box.maxY - innerTop - (pane.presentation == .push ? 0 : 1))
        // Rows for what the user acts on come first: the fields (two rows each, one when short of
        // room), then the error or spinner line, then the message (cut, with "…", when it does not
        // fit), so a small terminal still shows every field.
        let contentEnd = pane.presentation == .push ? inner.maxY - 2 : box.maxY - 2
        let room = max(0, contentEnd - inner.y)
        let statusRows = paneState.error.map { min(2, TextWrap.lines($0, width: inner.width).count) } ?? (paneState.isBusy ? 1 : 0)
        let fieldSpacing = pane.fields.count * 2 + statusRows <= room ? 2 : 1
        var messageLines = TextWrap.lines(pane.message, width: inner.width)
        let messageRoom = room - pane.fields.count * fieldSpacing - statusRows
        let messageGap = messageRoom > messageLines.count ? 1 : 0
        if messageLines.count > messageRoom - messageGap {
            messageLines = Array(messageLines.prefix(max(0, messageRoom)))
            if let last = messageLines.indices.last { messageLines[last] += "…" }
        }
        var y = inner.y
        for line in messageLines where y < inner.maxY {
            context.text(&canvas, line, x: inner.x, y: y, maxWidth: inner.width, style: palette[.pane])
            y += 1
        }
        y += messageLines.isEmpty ? 0 : messageGap
        // Labels whole while the value keeps 8 columns (or half the width, when that is more).
        let labelWidth = min(
            max(pane.fields.map { DisplayWidth.of($0.label) }.max() ?? 0, 4) + 2, max(inner.width / 2, inner.width - 8))
        for (index, field) in pane.fields.enumerated() where y < inner.maxY {
            let focused = isTop && paneState.focusedField == index && !paneState.isBusy
            context.text(&canvas, field.label, x: inner.x, y: y, maxWidth: labelWidth - 1, style: palette[.pane])
            let valueRect = Rect(x: inner.x + labelWidth, y: y, width: inner.width - labelWidth, height: 1)
            canvas.fill(valueRect, style: palette[focused ? .fieldFocused : .field])
            let value = index < paneState.values.count ? paneState.values[index] : ""
            var shown = field.kind == .password ? String(repeating: glyphs.passwordMask, count: value.count) : value
            if focused { shown += "_" }
            let shownWidth = DisplayWidth.of(shown)
            if shownWidth > valueRect.width {
                shown = String(shown.suffix(max(1, valueRect.width - 1)))
            }
            context.text(&canvas, shown, x: valueRect.x, y: y, maxWidth: valueRect.width, style: palette[focused ? .fieldFocused : .field])
            if isTop { hits.add(valueRect, .focusPaneField(index)) }
            y += fieldSpacing
        }
        if let error = paneState.error, y < inner.maxY {
            var errorStyle = palette[.error]
            errorStyle.background = palette[.pane].background
            for line in TextWrap.lines(error, width: inner.width).prefix(2) where y < inner.maxY {
                context.text(&canvas, line, x: inner.x, y: y, maxWidth: inner.width, style: errorStyle)
                y += 1
            }
        } else if paneState.isBusy, y < inner.maxY {
            let frame = glyphs.spinner(at: context.state.spinnerFrame)
            context.text(&canvas, frame + " Working… (Esc cancels)", x: inner.x, y: y, maxWidth: inner.width, style: palette[.pane])
        }
        let buttonsY = pane.presentation == .push ? min(max(y + 1, inner.y), inner.maxY - 1) : box.maxY - 2
        guard buttonsY >= inner.y else { return }
        let full = pane.buttons.map { "< " + $0 + " >" }
        let compact = full.reduce(0) { $0 + DisplayWidth.of($1) + 2 } - 2 > inner.width
        var x = inner.x
        for (index, title) in pane.buttons.enumerated() {
            let focused = isTop && paneState.focusedButton == index && !paneState.isBusy
            let label = compact ? (focused ? "[" + title + "]" : "<" + title + ">") : (focused ? "[ " + title + " ]" : "< " + title + " >")
            let width = min(DisplayWidth.of(label), inner.maxX - x)
            guard width > 2 else { break }
            context.text(&canvas, label, x: x, y: buttonsY, maxWidth: width, style: palette[focused ? .buttonFocused : .button])
            if isTop { hits.add(Rect(x: x, y: buttonsY, width: width, height: 1), .pressPaneButton(index)) }
            x += width + (compact ? 1 : 2)
        }
    }
}
