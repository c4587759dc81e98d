import Foundation
import Testing
import ZappModel

@testable import ShellCore
@testable import ShellUI

#if canImport(FoundationXML)
import FoundationXML
#endif

/// `render --format svg|html` (issue 14, Pictures): the SVG and HTML exports of a canvas are
/// well-formed documents (read back with libxml2 through `XMLDocument`), escape hostile text, keep
/// the theme's colours, bold and wide characters, and place every character at its column.
@Suite("SVG and HTML exports")
struct ExportTests {
    static let colors = DocumentColors(theme: .defaultDark)
    static let hostile = "<script>&\"'</script>"

    /// A canvas whose cells hold hostile text, an escape sequence, a C1 CSI, a BEL and a
    /// noncharacter put in by hand (past the sanitising drawing calls), a wide character and bold text.
    static func hostileCanvas() -> Canvas {
        var canvas = Canvas(columns: 30, rows: 3)
        canvas.draw(hostile, x: 0, y: 0, style: CellStyle(foreground: .rgb(0xFF, 0, 0)))
        canvas[0, 1] = Cell(grapheme: "\u{1B}[31m")
        canvas[1, 1] = Cell(grapheme: "\u{9B}")
        canvas[2, 1] = Cell(grapheme: "x\u{7}")
        canvas[3, 1] = Cell(grapheme: "\u{FFFF}")
        canvas.draw("漢字a", x: 5, y: 1, style: .plain)
        canvas.draw("Bold", x: 0, y: 2, style: CellStyle(attributes: .bold))
        return canvas
    }

    static func parse(_ document: String) throws -> XMLDocument {
        try XMLDocument(xmlString: document, options: [])
    }

    /// An attribute of an element (through XPath: FoundationXML's `attribute(forName:)` finds no
    /// attribute of an element in a namespace).
    static func attribute(_ name: String, of node: XMLNode?) throws -> String? {
        try node?.nodes(forXPath: "@\(name)").first?.stringValue
    }

    /// The scalars no document may hold: controls (tab and line feed aside: none are written) and
    /// noncharacters.
    static func unsafeScalars(in document: String) -> [UInt32] {
        document.unicodeScalars.filter { $0 != "\n" && StyleRun.isUnsafe($0) }.map(\.value)
    }

    @Test("SVG: well-formed, hostile text escaped, no control characters")
    func svgEscapes() throws {
        let svg = Self.hostileCanvas().svgDocument(colors: Self.colors, title: "Home \(Self.hostile)\u{1B}[2J")
        let document = try Self.parse(svg)
        #expect(Self.unsafeScalars(in: svg).isEmpty)
        #expect(!svg.contains("<script"))
        let root = try #require(document.rootElement())
        #expect(root.name == "svg")
        #expect(root.uri == "http://www.w3.org/2000/svg")
        let texts = try document.nodes(forXPath: "//*[local-name()='text']").compactMap(\.stringValue)
        #expect(texts.contains(Self.hostile))
        #expect(texts.contains("\u{FFFD}[31m"))
        #expect(texts.contains("x\u{FFFD}"))
        #expect(texts.filter { $0 == "\u{FFFD}" }.count == 2)
        let title = try document.nodes(forXPath: "//*[local-name()='title']").first?.stringValue
        #expect(title == "Home \(Self.hostile)\u{FFFD}[2J")
    }

    @Test("HTML: a UTF-8 page with a pre, well-formed, hostile text escaped")
    func htmlEscapes() throws {
        let html = Self.hostileCanvas().htmlDocument(colors: Self.colors, title: Self.hostile)
        #expect(html.hasPrefix("<!DOCTYPE html>\n"))
        #expect(html.contains("<meta charset=\"utf-8\"/>"))
        #expect(Self.unsafeScalars(in: html).isEmpty)
        #expect(!html.contains("<script"))
        let document = try Self.parse(html)
        let pre = try #require(try document.nodes(forXPath: "//pre").first?.stringValue)
        let lines = pre.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix(Self.hostile))
        #expect(lines[1].hasPrefix("\u{FFFD}[31m\u{FFFD}x\u{FFFD}\u{FFFD} 漢字a"))
        #expect(try document.nodes(forXPath: "//title").first?.stringValue == Self.hostile)
    }

    @Test("SVG: every character has its own x at its column; a wide character takes two columns")
    func svgColumns() throws {
        let document = try Self.parse(Self.hostileCanvas().svgDocument(colors: Self.colors, title: "t"))
        let cell = Canvas.SVGMetrics.cellWidth
        var positions: [String: [Int]] = [:]
        for case let text as XMLElement in try document.nodes(forXPath: "//*[local-name()='text']") {
            let xs = ((try Self.attribute("x", of: text)) ?? "").split(separator: " ").compactMap { Int($0) }
            let content = text.stringValue ?? ""
            let isCluster = content.unicodeScalars.count > 1 && xs.count == 1
            #expect(xs.count == content.unicodeScalars.count || isCluster, "\(content): \(xs)")
            positions[content] = xs
        }
        #expect(positions[Self.hostile] == Array(0..<Self.hostile.count).map { $0 * cell })
        #expect(positions["漢"] == [5 * cell])
        #expect(positions["字"] == [7 * cell])
        #expect(positions["a"] == [9 * cell])
    }

    @Test("HTML: a wide character sits in a box two characters wide")
    func htmlWide() {
        let html = Self.hostileCanvas().htmlDocument(colors: Self.colors, title: "t")
        #expect(html.contains("<span class=\"w\">漢</span><span class=\"w\">字</span>a"))
        #expect(html.contains(".w { display: inline-block; width: 2ch; }"))
    }

    /// `#RRGGBB` of a theme colour, written out independently of the exporters.
    static func hex(_ color: ZappColor?) throws -> String {
        let color = try #require(color)
        return String(format: "#%02X%02X%02X", color.red, color.green, color.blue)
    }

    @Test("the theme's colours and bold reach both documents")
    func themeColours() throws {
        let theme = Theme.defaultDark
        let palette = Palette(theme: theme, support: .trueColor)
        var canvas = Canvas(columns: 20, rows: 2)
        canvas.fill(canvas.bounds, style: palette[.base])
        canvas.draw("Title", x: 0, y: 0, style: palette[.barTitle])
        canvas.draw("Focused", x: 0, y: 1, style: palette[.menuFocused])
        let colors = DocumentColors(theme: theme)
        let accent = try Self.hex(theme[.menuFocused].background)

        let svg = try Self.parse(canvas.svgDocument(colors: colors, title: "t"))
        let background = try svg.nodes(forXPath: "//*[local-name()='rect']").first as? XMLElement
        #expect((try Self.attribute("fill", of: background)) == (try Self.hex(theme[.base].background)))
        let title = try #require(try svg.nodes(forXPath: "//*[local-name()='text'][.='Title']").first as? XMLElement)
        #expect((try Self.attribute("fill", of: title)) == (try Self.hex(theme[.barTitle].foreground)))
        #expect((try Self.attribute("font-weight", of: title)) == (theme[.barTitle].bold ? "bold" : nil))
        #expect(theme[.barTitle].bold)
        let fills = try svg.nodes(forXPath: "//*[local-name()='rect']/@fill").compactMap(\.stringValue)
        #expect(fills.contains(accent))

        let html = canvas.htmlDocument(colors: colors, title: "t")
        #expect(html.contains("background: \(try Self.hex(theme[.base].background))"))
        #expect(html.contains("color:\(try Self.hex(theme[.barTitle].foreground))"))
        #expect(html.contains("background:\(accent)"))
        #expect(html.contains("font-weight:bold\">Title</span>"))
    }

    @Test("colours resolve as the 24-bit terminal shows them: palette entries, reverse, dim, defaults")
    func resolution() {
        let colors = DocumentColors(foreground: RGBColor(200, 200, 200), background: RGBColor(0, 0, 0))
        #expect(colors.resolve(.plain).foreground.hex == "#C8C8C8")
        #expect(colors.resolve(CellStyle(foreground: .ansi(196))).foreground.hex == "#FF0000")
        #expect(colors.resolve(CellStyle(foreground: .ansi(4))).foreground.hex == "#0000EE")
        let reversed = colors.resolve(CellStyle(foreground: .rgb(1, 2, 3), attributes: .reverse))
        #expect(reversed.foreground.hex == "#000000" && reversed.background.hex == "#010203")
        #expect(colors.resolve(CellStyle(attributes: .dim)).foreground.hex == "#646464")
        let mono = Theme(name: "mono", roles: [.base: ThemeStyle()])
        #expect(DocumentColors(theme: mono) == .terminal)
    }

    @Test("underline and reverse are drawn; a reverse run's background is the text colour")
    func attributes() throws {
        var canvas = Canvas(columns: 10, rows: 1)
        canvas.draw("under", x: 0, y: 0, style: CellStyle(foreground: .rgb(0x12, 0x34, 0x56), attributes: .underline))
        canvas.draw("rev", x: 6, y: 0, style: CellStyle(foreground: .rgb(0xAB, 0xCD, 0xEF), attributes: .reverse))
        let svg = canvas.svgDocument(colors: Self.colors, title: "t")
        let cell = Canvas.SVGMetrics.cellWidth
        #expect(svg.contains("<rect x=\"0\" y=\"\(Canvas.SVGMetrics.underline)\" width=\"\(5 * cell)\" height=\"1\" fill=\"#123456\"/>"))
        #expect(svg.contains("<rect x=\"\(6 * cell)\" y=\"0\" width=\"\(3 * cell)\" height=\"\(Canvas.SVGMetrics.cellHeight)\" fill=\"#ABCDEF\"/>"))
        let html = canvas.htmlDocument(colors: Self.colors, title: "t")
        #expect(html.contains("color:#123456;text-decoration:underline\">under</span>"))
        #expect(html.contains("background:#ABCDEF\">rev</span>"))
    }

    @Test("style runs cover every cell once, wide characters with their continuation")
    func runs() {
        let canvas = Self.hostileCanvas()
        for row in 0..<canvas.rows {
            let runs = canvas.styleRuns(inRow: row)
            #expect(runs.reduce(0) { $0 + $1.width } == canvas.columns)
            #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.column + $0.width == $1.column && $0.style != $1.style })
        }
        #expect(canvas.ansiText.unicodeScalars.allSatisfy { $0 == "\u{1B}" || $0 == "\n" || !StyleRun.isUnsafe($0) })
    }

    /// A row of text with runs of spaces, and a 4x2 image of symbols in red on blue with a PNG,
    /// drawn over a bar-coloured backdrop.
    static func imageCanvas() -> Canvas {
        var canvas = Canvas(columns: 20, rows: 3)
        let backdrop = CellStyle(foreground: .rgb(255, 255, 255), background: .rgb(11, 37, 64))
        canvas.fill(Rect(x: 0, y: 0, width: 20, height: 2), style: backdrop)
        for row in 0..<2 {
            for column in 2..<6 {
                canvas[column, row] = Cell(grapheme: "▆", style: CellStyle(foreground: .rgb(230, 40, 40), background: .rgb(20, 60, 200)))
            }
        }
        canvas.images.append(CanvasImage(rect: Rect(x: 2, y: 0, width: 4, height: 2), key: "logo", png: [0x89, 0x50], protocolBytes: nil, backdrop: backdrop))
        canvas.draw("Shows      Settings", x: 0, y: 2, style: .plain)
        return canvas
    }

    @Test("SVG and HTML: no symbol cell under a PNG; its cells are blanks in the backdrop, so its transparent parts show the bar")
    func noGhostUnderImages() {
        let canvas = Self.imageCanvas()
        let svg = canvas.svgDocument(colors: Self.colors, title: "t")
        let html = canvas.htmlDocument(colors: Self.colors, title: "t")
        for document in [svg, html] {
            #expect(!document.contains("▆"))
            #expect(!document.contains("#E62828") && !document.contains("#143CC8"), "none of the symbols' colours")
        }
        #expect(svg.contains("<rect x=\"0\" y=\"0\" width=\"240\" height=\"23\" fill=\"#0B2540\"/>"), "one backdrop stretch over the row")
        #expect(svg.contains("<image x=\"24\" y=\"0\" width=\"48\" height=\"46\""))
        #expect(canvas.ansiText.contains("▆"), "the terminal's own text keeps the symbols")
        let noPNG = { () -> Canvas in
            var copy = canvas
            copy.images[0].png = []
            return copy
        }()
        #expect(noPNG.svgDocument(colors: Self.colors, title: "t").contains("▆"), "an image without a PNG keeps its symbols")
    }

    @Test("SVG: spaces inside a stretch are &#160;, which no browser collapses, each at its own x")
    func svgKeepsSpaces() throws {
        let svg = Self.imageCanvas().svgDocument(colors: Self.colors, title: "t")
        #expect(svg.contains(">Shows&#160;&#160;&#160;&#160;&#160;&#160;Settings</text>"))
        let document = try Self.parse(svg)
        let texts = try document.nodes(forXPath: "//*[local-name()='text']").compactMap { $0 as? XMLElement }
        let shows = try #require(texts.first { ($0.stringValue ?? "").hasPrefix("Shows") })
        let xs = (try Self.attribute("x", of: shows) ?? "").split(separator: " ")
        #expect(xs.count == "Shows      Settings".count && xs.last == "\(18 * Canvas.SVGMetrics.cellWidth)")
        #expect(shows.stringValue == "Shows\u{A0}\u{A0}\u{A0}\u{A0}\u{A0}\u{A0}Settings")
    }
}
