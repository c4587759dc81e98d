import ZappCore
import ZappModel

/// Draws one image the state holds for a request: a ready image's symbols in its cells (or,
/// for the terminal's protocol, blank cells the runtime places the image over after the flush,
/// `CanvasImage`), and a quiet placeholder in the box while it is pending. Only the image's own
/// cells change, so nothing else waits for it.
enum ImageView {
    /// What drawing an image reads of the frame: the state's images and their parts, the palette
    /// (colour support, the placeholder's dim colour) and whether glyphs are ASCII. Equatable, so a
    /// view drawn from it can be kept while it is unchanged (`ShellView.Layers`).
    struct Source: Equatable {
        var images: [ImageRequest: ImageState]
        var imageParts: [ImageRequest: [ImagePart: ImagePartState]]
        var palette: Palette
        var isASCII: Bool
    }

    /// Draws the image of `request` in `box`, centred or at its left, clipped to `clip`. Returns
    /// false when it failed: the caller's title stands in.
    @discardableResult
    static func draw(
        _ request: ImageRequest, in box: Rect, centered: Bool, clip: Rect? = nil, background: CellStyle,
        source: Source, canvas: inout Canvas
    ) -> Bool {
        switch source.images[request] {
        case .failed?:
            return false
        case .pending?, nil:
            placeholder(in: box, clip: clip, background: background, source: source, canvas: &canvas)
            return true
        case .ready(let image)?:
            let width = min(image.columns, box.width)
            let height = min(image.rows, box.height)
            let x = centered ? box.x + (box.width - width) / 2 : box.x
            let y = box.y + (box.height - height) / 2
            let rect = Rect(x: x, y: y, width: width, height: height)
            let visible = (clip.map { rect.intersection($0) } ?? rect).intersection(canvas.bounds)
            let key = "\(request.address) \(rect.x),\(rect.y) \(rect.width)x\(rect.height)"
            if let bytes = image.protocolBytes {
                // The image's cells, blank and marked: it shows in those still marked once every
                // layer is drawn (Canvas.resolveImages).
                let mark = CanvasImage.mark(for: key)
                var blank = Cell(grapheme: " ", style: background)
                blank.imageMark = mark
                for row in visible.y..<visible.maxY {
                    for column in visible.x..<visible.maxX { canvas[column, row] = blank }
                }
                let cropsByEncoding = image.mode.imageProtocol?.cropsByEncoding ?? false
                canvas.images.append(CanvasImage(
                    rect: rect, key: key, png: image.png, protocolBytes: bytes, mode: image.mode, mark: mark,
                    request: cropsByEncoding ? request : nil, parts: cropsByEncoding ? source.imageParts[request] ?? [:] : [:],
                    backdrop: background))
                return true
            }
            let cells = symbolCells(image, width: width, height: height, background: background, support: source.palette.support)
            for index in cells.indices where visible.contains(column: x + index % width, row: y + index / width) {
                canvas[x + index % width, y + index / width] = cells[index]
            }
            if visible == rect { canvas.images.append(CanvasImage(rect: rect, key: key, png: image.png, protocolBytes: nil, backdrop: background)) }
            return true
        }
    }

    /// The image's symbols as cells, row by row (`width` × `height`), in the terminal's colours;
    /// a transparent colour shows `background`.
    private static func symbolCells(
        _ image: PreparedImage, width: Int, height: Int, background: CellStyle, support: ColorSupport
    ) -> [Cell] {
        var result: [Cell] = []
        result.reserveCapacity(width * height)
        for row in 0..<height {
            let cells = row < image.cells.count ? image.cells[row] : []
            for column in 0..<width {
                guard column < cells.count else {
                    result.append(Cell(grapheme: " ", style: background))
                    continue
                }
                let cell = cells[column]
                let back = TerminalColor(cell.background)?.degraded(to: support) ?? background.background
                let fore = TerminalColor(cell.foreground)?.degraded(to: support) ?? back
                result.append(Cell(grapheme: String(cell.character), style: CellStyle(foreground: fore, background: back)))
            }
        }
        return result
    }

    /// A pending image: its box in the surrounding colours with a dim dot in the middle.
    private static func placeholder(in box: Rect, clip: Rect?, background: CellStyle, source: Source, canvas: inout Canvas) {
        let area = clip.map { box.intersection($0) } ?? box
        canvas.fill(area, style: background)
        var style = background
        style.foreground = source.palette[.dim].foreground
        let dot = source.isASCII ? "." : "·"
        let point = (x: box.x + box.width / 2, y: box.y + (box.height - 1) / 2)
        if area.contains(column: point.x, row: point.y) { _ = canvas.draw(dot, x: point.x, y: point.y, style: style) }
    }
}
