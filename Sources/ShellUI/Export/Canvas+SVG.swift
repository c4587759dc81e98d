import ShellCore

extension Canvas {
    /// The size of one cell in an SVG picture, in pixels: a 20 px monospace font advances 12 px
    /// (0.6 em, the width of common monospace fonts) and a row is 23 px high, a little less than
    /// the font's height (DejaVu Sans Mono, Menlo: 1.16 em), so vertical box-drawing lines join.
    enum SVGMetrics {
        static let cellWidth = 12
        static let cellHeight = 23
        static let fontSize = 20
        /// From a row's top to the baseline of its text.
        static let baseline = 18
        /// From a row's top to its underline (1 px high).
        static let underline = 20
    }

    /// The canvas as a standalone SVG picture (UTF-8, deterministic: the same canvas always gives
    /// the same bytes): the document background, a rectangle per stretch of another background,
    /// then the text in a monospace font. Every character is placed at its own column (an x list
    /// per stretch of text; a wide character or a cluster of several characters on its own), so
    /// the columns line up whatever font the viewer has, in browsers and in librsvg alike (which
    /// ignores `textLength`). A space inside a stretch is written `&#160;`: Chromium collapses
    /// runs of plain spaces even with `xml:space="preserve"`, and each collapsed space would hand
    /// its x to the next character. `title` names the picture (`<title>`). Images
    /// (`Canvas.images`) are embedded as PNG `data:` URIs over their cells, which are drawn
    /// blank under them (`underEmbeddedImages`).
    public func svgDocument(colors: DocumentColors, title: String) -> String {
        typealias Metrics = SVGMetrics
        let width = columns * Metrics.cellWidth
        let height = rows * Metrics.cellHeight
        let label = MarkupText.escaped(title)
        var backgrounds = ""
        var underlines = ""
        var texts = ""
        let page = underEmbeddedImages
        for row in 0..<rows {
            let top = row * Metrics.cellHeight
            var fill: (column: Int, width: Int, color: RGBColor)? = nil
            func flushFill() {
                guard let current = fill, current.color != colors.background else { return }
                backgrounds += "<rect x=\"\(current.column * Metrics.cellWidth)\" y=\"\(top)\" "
                    + "width=\"\(current.width * Metrics.cellWidth)\" height=\"\(Metrics.cellHeight)\" fill=\"\(current.color.hex)\"/>\n"
            }
            for run in page.styleRuns(inRow: row) {
                let style = colors.resolve(run.style)
                let runWidth = run.width
                if let current = fill, current.color == style.background, current.column + current.width == run.column {
                    fill = (current.column, current.width + runWidth, current.color)
                } else {
                    flushFill()
                    fill = (run.column, runWidth, style.background)
                }
                if style.underline {
                    underlines += "<rect x=\"\(run.column * Metrics.cellWidth)\" y=\"\(top + Metrics.underline)\" "
                        + "width=\"\(runWidth * Metrics.cellWidth)\" height=\"1\" fill=\"\(style.foreground.hex)\"/>\n"
                }
                var attributes = " fill=\"\(style.foreground.hex)\""
                if style.bold { attributes += " font-weight=\"bold\"" }
                if style.italic { attributes += " font-style=\"italic\"" }
                for segment in Self.svgSegments(of: run) {
                    let xs = segment.columns.map { String($0 * Metrics.cellWidth) }.joined(separator: " ")
                    let text = MarkupText.escaped(segment.text).replacing(" ", with: "&#160;")
                    texts += "<text x=\"\(xs)\" y=\"\(top + Metrics.baseline)\"" + attributes + ">" + text + "</text>\n"
                }
            }
            flushFill()
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" role="img" aria-label="\(label)">
            <title>\(label)</title>
            <g shape-rendering="crispEdges">
            <rect width="\(width)" height="\(height)" fill="\(colors.background.hex)"/>
            \(backgrounds)\(underlines)</g>
            <g font-family="\(MarkupText.monospaceFonts)" font-size="\(Metrics.fontSize)" xml:space="preserve" style="white-space: pre">
            \(texts)</g>
            \(svgImages())</svg>

            """
    }

    /// A piece of a run that SVG writes as one `<text>`: simple glyphs (one narrow character each)
    /// with an x position for every character, without the stretch's leading and trailing
    /// spaces; or one other glyph (wide, or a cluster of several characters) at its column.
    struct SVGSegment: Hashable {
        var columns: [Int]
        var text: String
    }

    /// The pieces of a run with something to draw (runs of spaces draw nothing).
    static func svgSegments(of run: StyleRun) -> [SVGSegment] {
        var segments: [SVGSegment] = []
        var simple: [(column: Int, text: String)] = []
        func flushSimple() {
            defer { simple.removeAll() }
            guard let first = simple.firstIndex(where: { $0.text != " " }),
                let last = simple.lastIndex(where: { $0.text != " " })
            else { return }
            let kept = simple[first...last]
            segments.append(SVGSegment(columns: kept.map(\.column), text: kept.reduce(into: "") { $0 += $1.text }))
        }
        var column = run.column
        for glyph in run.glyphs {
            if glyph.width == 1, isSimple(glyph.text) {
                simple.append((column, glyph.text))
            } else {
                flushSimple()
                if glyph.text != " " { segments.append(SVGSegment(columns: [column], text: glyph.text)) }
            }
            column += glyph.width
        }
        flushSimple()
        return segments
    }

    /// One character that every SVG renderer counts as one (one scalar in the Basic Multilingual
    /// Plane), so an x list places it.
    private static func isSimple(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard let first = scalars.first else { return false }
        return scalars.index(after: scalars.startIndex) == scalars.endIndex && first.value < 0x10000
    }
}
