import ZappModel

/// Drawing primitives: filling, text with grapheme clusters and display widths (wide
/// characters take their cell and a continuation cell), clipping, and boxes. This is where
/// text reaches the screen, so all of it goes through `TextSanitizer.sanitize` here (the
/// screen's half of the one text rule, ARCHITECTURE.md "Hostile text"): views pass text as
/// the model holds it.
extension Canvas {
    /// The whole canvas as a rectangle.
    public var bounds: Rect { Rect(x: 0, y: 0, width: columns, height: rows) }

    /// Fills a rectangle with a grapheme (a space by default) in a style. Wide characters cut
    /// by the rectangle's edges leave spaces behind.
    public mutating func fill(_ rect: Rect, style: CellStyle, grapheme: String = " ") {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let text = TextSanitizer.sanitize(grapheme)
        let cell = Cell(grapheme: text, style: style)
        keep(text, of: cell)
        let columns = self.columns
        cells.withUnsafeMutableBufferPointer { buffer in
            for row in area.y..<area.maxY {
                let start = row * columns + area.x
                let end = start + area.width
                if area.x > 0 && buffer[start].isContinuation { buffer[start - 1].grapheme = " " }
                if area.maxX < columns && buffer[end].isContinuation {
                    buffer[end] = Cell(grapheme: " ", style: buffer[end].style)
                }
                for index in start..<end { buffer[index] = cell }
            }
        }
    }

    /// Draws one line of text at (x, y) within `clip` (the canvas by default), at most
    /// `maxWidth` cells wide. With `ellipsis`, text that does not fit ends in "…" (or "~"
    /// with `asciiEllipsis`). Returns the number of cells used.
    @discardableResult
    public mutating func draw(
        _ text: String, x: Int, y: Int, maxWidth: Int = .max, style: CellStyle, clip: Rect? = nil,
        ellipsis: Bool = true, asciiEllipsis: Bool = false
    ) -> Int {
        let area = (clip ?? bounds).intersection(bounds)
        guard y >= area.y, y < area.maxY, maxWidth > 0 else { return 0 }
        let limit = min(maxWidth == .max ? Int.max : x + maxWidth, area.maxX)
        guard x < limit else { return 0 }
        if let count = Self.singleCellCount(text) {
            return drawSingleCells(
                text, count: count, x: x, y: y, limit: limit, minX: area.x, style: style, ellipsis: ellipsis, asciiEllipsis: asciiEllipsis)
        }
        return drawGraphemes(text, x: x, y: y, limit: limit, area: area, style: style, ellipsis: ellipsis, asciiEllipsis: asciiEllipsis)
    }

    /// `draw` for any text: sanitised, then grapheme by grapheme with its display width.
    mutating func drawGraphemes(
        _ text: String, x: Int, y: Int, limit: Int, area: Rect, style: CellStyle, ellipsis: Bool, asciiEllipsis: Bool
    ) -> Int {
        let clean = TextSanitizer.sanitize(text)
        let totalWidth = DisplayWidth.of(clean)
        let fits = x + totalWidth <= limit
        let ellipsisGlyph = asciiEllipsis ? "~" : "…"
        let textLimit = fits || !ellipsis ? limit : limit - 1
        var column = x
        for character in clean {
            let width = DisplayWidth.of(character)
            if width == 0 { continue }
            if column + width > textLimit { break }
            if column >= area.x { put(String(character), width: width, column: column, row: y, style: style, limit: textLimit) }
            column += width
        }
        if !fits && ellipsis && column < limit {
            put(ellipsisGlyph, width: 1, column: column, row: y, style: style, limit: limit)
            column += 1
        }
        return column - x
    }

    /// Draws text aligned in a row span: `.left`, `.center` or `.right` of `rect`'s first row.
    @discardableResult
    public mutating func draw(_ text: String, in rect: Rect, alignment: TextAlignment, style: CellStyle, asciiEllipsis: Bool = false) -> Int {
        guard !rect.isEmpty else { return 0 }
        let width = min(DisplayWidth.of(text), rect.width)
        let x: Int
        switch alignment {
        case .left: x = rect.x
        case .center: x = rect.x + (rect.width - width) / 2
        case .right: x = rect.maxX - width
        }
        return draw(text, x: x, y: rect.y, maxWidth: rect.maxX - x, style: style, clip: rect, asciiEllipsis: asciiEllipsis)
    }

    /// Draws a border around `rect` with the given glyphs, only inside `clip` (the canvas by
    /// default); the inside is left as it is.
    public mutating func drawBox(_ rect: Rect, border: BorderGlyphs, style: CellStyle, clip: Rect? = nil) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let area = (clip ?? bounds).intersection(bounds)
        guard !rect.intersection(area).isEmpty else { return }
        func edge(_ cell: Cell, _ column: Int, _ row: Int) {
            if area.contains(column: column, row: row) { setCell(at: row * columns + column, cell) }
        }
        let horizontal = Cell(grapheme: border.horizontal, style: style)
        let vertical = Cell(grapheme: border.vertical, style: style)
        for column in max(rect.x + 1, area.x)..<max(min(rect.maxX - 1, area.maxX), max(rect.x + 1, area.x)) {
            edge(horizontal, column, rect.y)
            edge(horizontal, column, rect.maxY - 1)
        }
        for row in max(rect.y + 1, area.y)..<max(min(rect.maxY - 1, area.maxY), max(rect.y + 1, area.y)) {
            edge(vertical, rect.x, row)
            edge(vertical, rect.maxX - 1, row)
        }
        edge(Cell(grapheme: border.topLeft, style: style), rect.x, rect.y)
        edge(Cell(grapheme: border.topRight, style: style), rect.maxX - 1, rect.y)
        edge(Cell(grapheme: border.bottomLeft, style: style), rect.x, rect.maxY - 1)
        edge(Cell(grapheme: border.bottomRight, style: style), rect.maxX - 1, rect.maxY - 1)
    }

    /// The canvas as plain text, one line per row (continuation cells skipped, trailing
    /// spaces kept so that every line has the full width).
    public var plainText: String {
        var lines: [String] = []
        lines.reserveCapacity(rows)
        for row in 0..<rows {
            var line = ""
            line.reserveCapacity(columns)
            for cell in self.row(row) where !cell.isContinuation { line += grapheme(of: cell) }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    // MARK: - Cell writing

    /// The number of cells `text` takes when each of its scalars is a grapheme of its own, one
    /// cell wide, that the screen shows as it is (printable ASCII, Latin letters, punctuation,
    /// arrows, mathematical and technical symbols, box drawing, geometric shapes, braille: none
    /// joins a neighbour into a cluster or is changed by `TextSanitizer`); nil for other text. Such
    /// text (most of the UI's) is drawn scalar by scalar, without sanitising or grapheme breaking.
    static func singleCellCount(_ text: String) -> Int? {
        var count = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value >= 0x20 && value < 0x7F {
                count += 1
                continue
            }
            let isPlain = (0xA0...0x2FF).contains(value) || (0x2010...0x2027).contains(value) || (0x2030...0x205E).contains(value)
                || (0x2190...0x23FF).contains(value) || (0x2500...0x25FF).contains(value) || (0x2800...0x28FF).contains(value)
            guard isPlain, DisplayWidth.of(scalar) == 1 else { return nil }
            count += 1
        }
        return count
    }

    /// `draw` for text of `count` single-cell scalars (`singleCellCount`).
    private mutating func drawSingleCells(
        _ text: String, count: Int, x: Int, y: Int, limit: Int, minX: Int, style: CellStyle, ellipsis: Bool, asciiEllipsis: Bool
    ) -> Int {
        let fits = x + count <= limit
        let textLimit = fits || !ellipsis ? limit : limit - 1
        var column = x
        for scalar in text.unicodeScalars {
            if column >= textLimit { break }
            if column >= minX, column >= 0, column < columns {
                setCell(at: y * columns + column, Cell(scalar: scalar, style: style))
            }
            column += 1
        }
        if !fits && ellipsis && column < limit {
            put(asciiEllipsis ? "~" : "…", width: 1, column: column, row: y, style: style, limit: limit)
            column += 1
        }
        return column - x
    }

    /// Writes a grapheme of display width 1 or 2, keeping wide characters whole: a wide
    /// character that would cross `limit` becomes a space, and a half of a wide character that
    /// is overwritten leaves a space behind.
    mutating func put(_ grapheme: String, width: Int, column: Int, row: Int, style: CellStyle, limit: Int) {
        guard row >= 0, row < rows, column >= 0, column < columns else { return }
        let index = row * columns + column
        if width == 2 && (column + 1 >= min(limit, columns)) {
            setCell(at: index, Cell(grapheme: " ", style: style))
            return
        }
        let cell = Cell(grapheme: grapheme, style: style)
        keep(grapheme, of: cell)
        setCell(at: index, cell)
        if width == 2 { setCell(at: index + 1, Cell(grapheme: "", style: style, isContinuation: true)) }
    }

    /// Keeps a grapheme longer than a cell holds, for the cells that draw it.
    private mutating func keep(_ grapheme: String, of cell: Cell) {
        if let key = cell.longKey { longGraphemes[key] = grapheme }
    }

    /// Sets a cell, repairing a wide character it splits.
    private mutating func setCell(at index: Int, _ cell: Cell) {
        let column = index % columns
        if cells[index].isContinuation, !cell.isContinuation, column > 0 {
            cells[index - 1].grapheme = " "
        }
        if !cells[index].isContinuation, column + 1 < columns, cells[index + 1].isContinuation {
            cells[index + 1] = Cell(grapheme: " ", style: cells[index + 1].style)
        }
        cells[index] = cell
    }

    /// One-character strings for ASCII bytes (no per-cell allocation).
    static let asciiGraphemes: [String] = (0..<128).map { byte in
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(UInt8(byte))) : " "
    }
}

/// Horizontal alignment of text in a span.
public enum TextAlignment: Sendable, Hashable {
    case left
    case center
    case right
}
