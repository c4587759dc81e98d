import ZappCore

/// The occlusion rule, one for every protocol: an image is a region of cells like text, shown
/// only in the cells still carrying its mark once every layer (panes, overlays, menus, toasts,
/// the status line) is drawn; anything drawn over a cell replaced the cell and its mark.
///
/// - Every cell visible: the whole image is placed.
/// - None visible: nothing is placed (the terminal removes what it showed).
/// - Some visible: each visible rectangle shows its part of the image as pixels. Kitty places
///   the transmitted image cropped to the part (a source rectangle); sixel and iTerm2 write
///   the part encoded on its own (`ImagePartRequest`, cached in the model), its cells blank
///   until it is.
///
/// Pure: the frame's placements follow from its cells alone, so a frame drawn after a pane
/// closed places exactly what a fresh draw of the same state places.
extension Canvas {
    /// Computes `placements` from `images` and the cells' marks, and `wantedImageParts`.
    public mutating func resolveImages() {
        placements = []
        wantedImageParts = []
        for image in images where image.mark != 0 {
            guard let bytes = image.protocolBytes else { continue }
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
            if let id = TerminalImageCodes.kittyImageID(in: bytes) {
                let parts = count == visible.count ? [Rect(x: 0, y: 0, width: rect.width, height: rect.height)]
                    : Self.rectangles(of: visible, width: rect.width)
                placements += parts.map { kittyPart($0, of: image, id: id, whole: count == visible.count) }
            } else if count == visible.count {
                placements.append(ImagePlacement(
                    key: image.key, column: rect.x, row: rect.y, columns: rect.width, rows: rect.height, bytes: bytes))
            } else if let request = image.request {
                for part in Self.rectangles(of: visible, width: rect.width) {
                    let imagePart = ImagePart(column: part.x, row: part.y, columns: part.width, rows: part.height)
                    switch image.parts[imagePart] {
                    case .ready(let partBytes)?:
                        placements.append(ImagePlacement(
                            key: "\(image.key) part \(imagePart)", column: rect.x + part.x, row: rect.y + part.y,
                            columns: part.width, rows: part.height, bytes: partBytes))
                    case nil: wantedImageParts.append(ImagePartRequest(image: request, part: imagePart))
                    case .pending?, .failed?: break
                    }
                }
            }
        }
    }

    /// The placement of one visible part (in cells of the image's box) of a kitty image. One
    /// image shown in two places (entries sharing their artwork) is transmitted once, and each
    /// place has placements of its own (their ids come from the image's key, its position).
    private func kittyPart(_ part: Rect, of image: CanvasImage, id: UInt32, whole: Bool) -> ImagePlacement {
        let name = "\(part.x),\(part.y) \(part.width)x\(part.height)"
        var source: PixelRect?
        if !whole, let size = TerminalImageCodes.pngSize(image.png) {
            let (columns, rows) = (image.rect.width, image.rect.height)
            let left = part.x * size.width / columns, top = part.y * size.height / rows
            source = PixelRect(
                x: left, y: top, width: max(1, part.maxX * size.width / columns - left),
                height: max(1, part.maxY * size.height / rows - top))
        }
        return ImagePlacement(
            key: "\(image.key) part \(name)", column: image.rect.x + part.x, row: image.rect.y + part.y,
            columns: part.width, rows: part.height, bytes: image.protocolBytes ?? [],
            kitty: KittyPart(imageID: id, placementID: TerminalImageCodes.kittyID(for: "\(image.key) \(name)"), source: source))
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
