import ZappModel

/// A stretch of one row whose cells share a style: the unit every export of a canvas writes
/// (one SGR sequence in ANSI, one `<text>` in SVG, one `<span>` in HTML). The grouping lives
/// here once, so the exports agree on where a style starts and how wide each glyph is.
public struct StyleRun: Sendable, Hashable {
    /// One glyph of a run: its text, safe to write anywhere, and the cells it covers (1, or 2
    /// for a wide character followed by its continuation cell).
    public struct Glyph: Sendable, Hashable {
        public var text: String
        public var width: Int
    }

    public var row: Int
    /// The column of the run's first cell.
    public var column: Int
    public var style: CellStyle
    public var glyphs: [Glyph]

    /// The cells the run covers.
    public var width: Int { glyphs.reduce(0) { $0 + $1.width } }

    /// The run's text, glyph after glyph.
    public var text: String { glyphs.reduce(into: "") { $0 += $1.text } }

    /// A cell's grapheme as an export writes it: a control or a noncharacter (which XML
    /// refuses) becomes U+FFFD, so a cell filled by hand (not through the sanitising drawing
    /// calls) still cannot act on a terminal or break a document; an empty cell is a space.
    public static func exportable(_ grapheme: String) -> String {
        if grapheme.isEmpty { return " " }
        guard grapheme.unicodeScalars.contains(where: isUnsafe) else { return grapheme }
        var scalars = String.UnicodeScalarView()
        for scalar in grapheme.unicodeScalars {
            scalars.append(isUnsafe(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }

    /// True for a scalar no export writes as itself: the controls of `TextSanitizer` and the
    /// noncharacters U+FFFE and U+FFFF.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        TextSanitizer.isControl(scalar) || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }
}

extension Canvas {
    /// The runs of one row, left to right, covering every cell. A wide character's continuation
    /// cell belongs to its glyph; a continuation cell with no wide character before it (which
    /// the drawing calls never leave) is written as a space so that columns still line up.
    public func styleRuns(inRow row: Int) -> [StyleRun] {
        let cells = self.row(row)
        var runs: [StyleRun] = []
        var index = cells.startIndex
        while index < cells.endIndex {
            let cell = cells[index]
            let isWide = !cell.isContinuation && index + 1 < cells.endIndex && cells[index + 1].isContinuation
            let glyph = StyleRun.Glyph(
                text: cell.isContinuation ? " " : StyleRun.exportable(grapheme(of: cell)), width: isWide ? 2 : 1)
            if let last = runs.indices.last, runs[last].style == cell.style {
                runs[last].glyphs.append(glyph)
            } else {
                runs.append(StyleRun(row: row, column: index - cells.startIndex, style: cell.style, glyphs: [glyph]))
            }
            index += glyph.width
        }
        return runs
    }
}
