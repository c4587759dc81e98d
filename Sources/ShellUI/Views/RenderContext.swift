import ZappCore
import ZappModel

/// What every view needs for one frame: the state, its layout, the palette and the glyphs.
struct RenderContext {
    let state: ShellViewState
    let layout: ShellLayout
    let palette: Palette
    let glyphs: Glyphs

    init(state: ShellViewState, columns: Int, rows: Int) {
        self.state = state
        layout = ShellLayout(state: state, columns: columns, rows: rows)
        palette = Palette(theme: state.theme, support: state.colorSupport)
        glyphs = state.glyphs
    }

    /// Draws text with the glyph set's ellipsis.
    @discardableResult
    func text(
        _ canvas: inout Canvas, _ text: String, x: Int, y: Int, maxWidth: Int = .max, style: CellStyle, clip: Rect? = nil
    ) -> Int {
        canvas.draw(text, x: x, y: y, maxWidth: maxWidth, style: style, clip: clip, asciiEllipsis: glyphs.isASCII)
    }

    /// Draws aligned text in the first row of a rect.
    @discardableResult
    func text(_ canvas: inout Canvas, _ text: String, in rect: Rect, alignment: TextAlignment, style: CellStyle) -> Int {
        canvas.draw(text, in: rect, alignment: alignment, style: style, asciiEllipsis: glyphs.isASCII)
    }
}
