import ZappCore
import ZappModel

/// Draws one image the state holds for a request: a ready image's symbols in its cells (or,
/// for the terminal's protocol, blank cells the runtime places the image over after the flush,
/// `CanvasImage`), and a quiet placeholder in the box while it is pending. Only the image's own
/// cells change, so nothing else waits for it.
enum ImageView {
    /// Draws the image of `request` in `box`, centred or at its left, clipped to `clip`. Returns
    /// false when it failed: the caller's title stands in.
    @discardableResult
    static func draw(
        _ request: ImageRequest, in box: Rect, centered: Bool, clip: Rect? = nil, background: CellStyle,
        context: RenderContext, canvas: inout Canvas
    ) -> Bool {
        switch context.state.images[request] {
        case .failed?:
            return false
        case .pending?, nil:
            placeholder(in: box, clip: clip, background: background, context: context, canvas: &canvas)
            return true
        case .ready(let image)?:
            let width = min(image.columns, box.width)
            let height = min(image.rows, box.height)
            let x = centered ? box.x + (box.width - width) / 2 : box.x
            let y = box.y + (box.height - height) / 2
            let rect = Rect(x: x, y: y, width: width, height: height)
            let visible = clip.map { rect.intersection($0) } ?? rect
            let whole = visible == rect && rect.maxX <= canvas.columns && rect.maxY <= canvas.rows
            let key = "\(request.address) \(rect.x),\(rect.y) \(rect.width)x\(rect.height)"
            if whole, let bytes = image.protocolBytes {
                canvas.fill(rect, style: background)
                canvas.images.append(CanvasImage(rect: rect, key: key, png: image.png, protocolBytes: bytes, backdrop: background))
                return true
            }
            let support = context.palette.support
            for row in 0..<height where row < image.cells.count {
                let cells = image.cells[row]
                for column in 0..<width where column < cells.count && visible.contains(column: x + column, row: y + row) {
                    let cell = cells[column]
                    let back = TerminalColor(cell.background)?.degraded(to: support) ?? background.background
                    let fore = TerminalColor(cell.foreground)?.degraded(to: support) ?? back
                    canvas[x + column, y + row] = Cell(
                        grapheme: String(cell.character), style: CellStyle(foreground: fore, background: back))
                }
            }
            if whole { canvas.images.append(CanvasImage(rect: rect, key: key, png: image.png, protocolBytes: nil, backdrop: background)) }
            return true
        }
    }

    /// A pending image: its box in the surrounding colours with a dim dot in the middle.
    private static func placeholder(in box: Rect, clip: Rect?, background: CellStyle, context: RenderContext, canvas: inout Canvas) {
        let area = clip.map { box.intersection($0) } ?? box
        canvas.fill(area, style: background)
        var style = background
        style.foreground = context.palette[.dim].foreground
        let dot = context.glyphs.isASCII ? "." : "·"
        let point = (x: box.x + box.width / 2, y: box.y + (box.height - 1) / 2)
        if area.contains(column: point.x, row: point.y) { _ = canvas.draw(dot, x: point.x, y: point.y, style: style) }
    }
}
