import ShellCore
import ShellUI

/// Which cells of a new frame must reach the terminal: all of them after a size change or a
/// forced redraw, otherwise only those that differ from the previous frame. The right halves
/// of wide characters are never written: the wide character covers them.
struct FrameDiff {
    /// Whether the whole screen is redrawn (the screen is cleared first).
    let isFullRedraw: Bool
    /// Row-major indices into the new canvas's cells, left to right, top to bottom.
    let changedIndices: [Int]

    /// - Parameters:
    ///   - visibleColumns, visibleRows: the part of the canvas the screen shows.
    init(previous: Canvas?, next: Canvas, forceFull: Bool, visibleColumns: Int, visibleRows: Int) {
        let full = forceFull || previous.map { $0.columns != next.columns || $0.rows != next.rows } ?? true
        isFullRedraw = full
        let columns = max(0, min(next.columns, visibleColumns))
        let rows = max(0, min(next.rows, visibleRows))
        var indices: [Int] = []
        next.cells.withUnsafeBufferPointer { cells in
            if full {
                indices.reserveCapacity(columns * rows)
                for row in 0..<rows {
                    for index in (row * next.columns)..<(row * next.columns + columns) where !cells[index].isContinuation {
                        indices.append(index)
                    }
                }
                return
            }
            guard let previous else { return }
            previous.cells.withUnsafeBufferPointer { old in
                for row in 0..<rows {
                    for index in (row * next.columns)..<(row * next.columns + columns)
                    where !cells[index].isContinuation && cells[index] != old[index] {
                        indices.append(index)
                    }
                }
            }
        }
        changedIndices = indices
    }

    /// The cells of boxes drawn again over something the terminal shows outside the frame
    /// (a removed sixel or iTerm2 image), clipped to the canvas and the screen.
    init(redrawing boxes: [(column: Int, row: Int, columns: Int, rows: Int)], in canvas: Canvas, visibleColumns: Int, visibleRows: Int) {
        isFullRedraw = false
        let columns = max(0, min(canvas.columns, visibleColumns)), rows = max(0, min(canvas.rows, visibleRows))
        var indices = Set<Int>()
        for box in boxes {
            for row in max(0, box.row)..<max(max(0, box.row), min(rows, box.row + box.rows)) {
                for column in max(0, box.column)..<max(max(0, box.column), min(columns, box.column + box.columns))
                where !canvas.cells[row * canvas.columns + column].isContinuation {
                    indices.insert(row * canvas.columns + column)
                }
            }
        }
        changedIndices = indices.sorted()
    }
}
