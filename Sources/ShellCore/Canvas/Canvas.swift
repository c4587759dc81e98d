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

    /// The cells of one row.
    public func row(_ row: Int) -> ArraySlice<Cell> {
        guard row >= 0 && row < rows else { return [] }
        return cells[(row * columns)..<((row + 1) * columns)]
    }
}
