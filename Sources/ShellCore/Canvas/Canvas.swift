import ZappCore

/// A grid of cells that views draw into; the terminal backend flushes only the cells that
/// changed since the previous frame.
public struct Canvas: Sendable, Hashable {
    public private(set) var columns: Int
    public private(set) var rows: Int
    public internal(set) var cells: [Cell]
    /// The images drawn into this frame, in drawing order (`CanvasImage`).
    public var images: [CanvasImage] = []
    /// The protocol images as they show once every layer is drawn (`resolveImages`).
    public var placements: [ImagePlacement] = []
    /// The graphemes longer than 15 bytes drawn into it, by their cells' key (`Cell.longKey`).
    /// Not part of its equality: equal cells hold equal graphemes.
    var longGraphemes: [UInt64: String] = [:]
    /// The parts of sixel and iTerm2 images this frame shows that were never asked for
    /// (`resolveImages`): the runtime hands them to the update, which has them encoded.
    public var wantedImageParts: [ImagePartRequest] = []

    public init(columns: Int, rows: Int, fill: Cell = .blank) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = Array(repeating: fill, count: self.columns * self.rows)
    }

    /// The cell at (column, row); out-of-range reads give a blank cell and writes are ignored.
    public subscript(column: Int, row: Int) -> Cell {
        get {
            guard contains(column: column, row: row) else { return .blank }
            return cells[row * columns + column]
        }
        set {
            guard contains(column: column, row: row) else { return }
            cells[row * columns + column] = newValue
        }
    }

    public func contains(column: Int, row: Int) -> Bool {
        column >= 0 && row >= 0 && column < columns && row < rows
    }

    /// The grapheme cluster drawn in a cell of this canvas.
    public func grapheme(of cell: Cell) -> String {
        guard let key = cell.longKey else { return cell.grapheme }
        return longGraphemes[key] ?? "\u{FFFD}"
    }

    /// Appends the UTF-8 bytes of a cell's grapheme (no string made for most).
    public func appendUTF8(of cell: Cell, to output: inout [UInt8]) {
        guard let key = cell.longKey else { return cell.appendUTF8(to: &output) }
        output.append(contentsOf: (longGraphemes[key] ?? "\u{FFFD}").utf8)
    }

    public static func == (lhs: Canvas, rhs: Canvas) -> Bool {
        lhs.columns == rhs.columns && lhs.rows == rhs.rows && lhs.cells == rhs.cells && lhs.images == rhs.images
            && lhs.placements == rhs.placements
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(columns)
        hasher.combine(rows)
        hasher.combine(cells)
        hasher.combine(images)
        hasher.combine(placements)
    }

    /// The cells of one row.
    public func row(_ row: Int) -> ArraySlice<Cell> {
        guard row >= 0 && row < rows else { return [] }
        return cells[(row * columns)..<((row + 1) * columns)]
    }
}
