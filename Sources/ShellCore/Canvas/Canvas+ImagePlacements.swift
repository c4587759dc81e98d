import ZappCore

/// The occlusion rule, one for every protocol: an image is a region of cells like text, shown
/// only in the cells still carrying its mark once every layer (panes, overlays, menus, toasts,
/// the status line) is drawn; anything drawn over a cell replaced the cell and its mark.
///
/// - Every cell visible: the whole image is placed.
/// - None visible: nothing is placed (the terminal removes what it showed).
/// - Some visible: each visible rectangle shows its part of the image as pixels, placed by the
///   image's protocol type (`TerminalImageProtocol.placement`): kitty's cropped by the terminal;
///   sixel's and iTerm2's (`cropsByEncoding`) from the part encoded on its own
///   (`ImagePartRequest`, cached in the model), its cells blank until it is.
///
/// Pure: the frame's placements follow from its cells alone, so a frame drawn after a pane
/// closed places exactly what a fresh draw of the same state places.
extension Canvas {
    /// Computes `placements` from `images` and the cells' marks, and `wantedImageParts`.
    public mutating func resolveImages() {
        placements = []
        wantedImageParts = []
        for image in images where image.mark != 0 {
            guard let bytes = image.protocolBytes, let type = image.mode.imageProtocol else { continue }
            let rect = image.rect
            var visible = [Bool](repeating: false, count: rect.width * rect.height)
            var count = 0
            for row in 0..<rect.height {
                for column in 0..<rect.width where self[rect.x + column, rect.y + row].imageMark == image.mark {
                    visible[row * rect.width + column] = true
                    count += 1
                }
            }
            if count == 0 { continue }
            let shown = ImageOnScreen(
                key: image.key, column: rect.x, row: rect.y, columns: rect.width, rows: rect.height, bytes: bytes, png: image.png)
            let parts = count == visible.count ? [shown.whole]
                : Self.rectangles(of: visible, width: rect.width).map {
                    ImagePart(column: $0.x, row: $0.y, columns: $0.width, rows: $0.height)
                }
            for part in parts {
                guard type.cropsByEncoding, part != shown.whole else {
                    placements += type.placement(of: shown, showing: part, encoded: nil).map { [$0] } ?? []
                    continue
                }
                switch image.parts[part] {
                case .ready(let partBytes)?: placements += type.placement(of: shown, showing: part, encoded: partBytes).map { [$0] } ?? []
                case nil: if let request = image.request { wantedImageParts.append(ImagePartRequest(image: request, part: part)) }
                case .pending?, .failed?: break
                }
            }
        }
    }

    /// The visible cells (`mask`, row by row, `width` a row) as rectangles: runs of each row,
    /// a run continuing the same run of the row above growing that rectangle.
    static func rectangles(of mask: [Bool], width: Int) -> [Rect] {
        guard width > 0 else { return [] }
        var done: [Rect] = []
        var open: [Rect] = []
        for row in 0..<(mask.count / width) {
            var runs: [(start: Int, end: Int)] = []
            var column = 0
            while column < width {
                guard mask[row * width + column] else {
                    column += 1
                    continue
                }
                let start = column
                while column < width, mask[row * width + column] { column += 1 }
                runs.append((start, column))
            }
            var next: [Rect] = []
            for run in runs {
                if let index = open.firstIndex(where: { $0.x == run.start && $0.maxX == run.end }) {
                    var grown = open.remove(at: index)
                    grown.height += 1
                    next.append(grown)
                } else {
                    next.append(Rect(x: run.start, y: row, width: run.end - run.start, height: 1))
                }
            }
            done += open
            open = next
        }
        return (done + open).sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }
}
