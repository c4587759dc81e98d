import ZappCore
import ZappModel

/// What every view needs for one frame: the state, its layout (the frame's, made once), the
/// palette and the glyphs.
struct RenderContext {
    let state: ShellViewState
    let frame: FrameLayout
    let palette: Palette
    let glyphs: Glyphs

    init(state: ShellViewState, frame: FrameLayout) {
        self.state = state
        self.frame = frame
        palette = state.palette
        glyphs = state.glyphs
    }

    /// The regions of the UI.
    var layout: ShellLayout { frame.shell }

    /// True when a feed the current screen shows failed (the status line then offers `r`).
    var hasFailedFeedOnScreen: Bool {
        (frame.content?.feedSources ?? []).contains { if case .failed? = state.feeds[$0] { true } else { false } }
    }

    /// What drawing an image reads of this frame.
    var imageSource: ImageView.Source {
        ImageView.Source(images: state.images, imageParts: state.imageParts, palette: palette, isASCII: glyphs.isASCII)
    }

    /// Draws text with the glyph set's ellipsis.
    @discardableResult
    func text(
        _ canvas: inout Canvas, _ text: String, x: Int, y: Int, maxWidth: Int = .max, style: CellStyle, clip: Rect? = nil
    ) -> Int {
        Self.text(&canvas, text, x: x, y: y, maxWidth: maxWidth, style: style, clip: clip, palette: palette, isASCII: glyphs.isASCII)
    }

    /// Draws text in a palette's colour support, with the ellipsis of an ASCII or a Unicode glyph set.
    @discardableResult
    static func text(
        _ canvas: inout Canvas, _ text: String, x: Int, y: Int, maxWidth: Int = .max, style: CellStyle, clip: Rect? = nil,
        palette: Palette, isASCII: Bool
    ) -> Int {
        canvas.draw(text, x: x, y: y, maxWidth: maxWidth, style: style.unbrightened(palette.support), clip: clip, asciiEllipsis: isASCII)
    }

    /// Draws aligned text in the first row of a rect.
    @discardableResult
    func text(_ canvas: inout Canvas, _ text: String, in rect: Rect, alignment: TextAlignment, style: CellStyle) -> Int {
        canvas.draw(text, in: rect, alignment: alignment, style: style.unbrightened(palette.support), asciiEllipsis: glyphs.isASCII)
    }
}
