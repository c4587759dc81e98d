import ShellCore
import ShellUI
import Testing

@testable import CursesTerminal

@Suite("FrameDiff")
struct FrameDiffTests {
    func canvas(_ rows: [String]) -> Canvas {
        var canvas = Canvas(columns: rows.map(\.count).max() ?? 0, rows: rows.count)
        for (row, text) in rows.enumerated() {
            for (column, character) in text.enumerated() {
                canvas[column, row] = character == "~" ? Cell(grapheme: "", isContinuation: true) : Cell(grapheme: String(character))
            }
        }
        return canvas
    }

    @Test("the first frame is drawn in full, without continuation cells")
    func firstFrame() {
        let next = canvas(["ab", "W~"])
        let diff = FrameDiff(previous: nil, next: next, forceFull: false, visibleColumns: 2, visibleRows: 2)
        #expect(diff.isFullRedraw)
        #expect(diff.changedIndices == [0, 1, 2])
    }

    @Test("a cell's style is kept whole in the cell, and a change of any part of it is a change of the cell")
    func stylesAreWrittenWhenTheyChange() {
        let colors: [TerminalColor] = [.default, .ansi(0), .ansi(7), .ansi(255), .rgb(0, 0, 0), .rgb(255, 255, 255), .rgb(1, 2, 3), .rgb(255, 0, 128)]
        var styles: [CellStyle] = []
        for foreground in colors {
            for background in colors {
                for attributes in [CellAttributes(), [.bold], [.dim, .underline], [.bold, .dim, .underline, .reverse, .italic]] {
                    styles.append(CellStyle(foreground: foreground, background: background, attributes: attributes))
                }
            }
        }
        for style in styles {
            #expect(Cell(grapheme: "x", style: style).style == style)
        }
        for (index, style) in styles.enumerated() {
            let previous = canvas(["x"])
            var next = previous
            next[0, 0] = Cell(grapheme: "x", style: style)
            let other = styles[(index + 1) % styles.count]
            var changed = next
            changed[0, 0].style = other
            #expect(FrameDiff(previous: next, next: changed, forceFull: false, visibleColumns: 1, visibleRows: 1).changedIndices == [0], "\(style) → \(other)")
            #expect(FrameDiff(previous: next, next: next, forceFull: false, visibleColumns: 1, visibleRows: 1).changedIndices.isEmpty)
        }
    }

    @Test("only changed cells are written")
    func changedOnly() {
        let previous = canvas(["abcd", "efgh"])
        let next = canvas(["abXd", "efgY"])
        let diff = FrameDiff(previous: previous, next: next, forceFull: false, visibleColumns: 4, visibleRows: 2)
        #expect(!diff.isFullRedraw)
        #expect(diff.changedIndices == [2, 7])
    }

    @Test("an unchanged frame writes nothing")
    func unchanged() {
        let frame = canvas(["abcd"])
        #expect(FrameDiff(previous: frame, next: frame, forceFull: false, visibleColumns: 4, visibleRows: 1).changedIndices.isEmpty)
    }

    @Test("a style change counts as a change")
    func styleChange() {
        let previous = canvas(["ab"])
        var next = previous
        next[1, 0] = Cell(grapheme: "b", style: CellStyle(attributes: .bold))
        #expect(FrameDiff(previous: previous, next: next, forceFull: false, visibleColumns: 2, visibleRows: 1).changedIndices == [1])
    }

    @Test("a size change or a forced redraw rewrites everything")
    func fullRedraw() {
        let previous = canvas(["ab"])
        let next = canvas(["ab", "cd"])
        #expect(FrameDiff(previous: previous, next: next, forceFull: false, visibleColumns: 2, visibleRows: 2).isFullRedraw)
        let forced = FrameDiff(previous: previous, next: previous, forceFull: true, visibleColumns: 2, visibleRows: 1)
        #expect(forced.isFullRedraw)
        #expect(forced.changedIndices == [0, 1])
    }

    @Test("cells beyond the visible screen are not written")
    func clipped() {
        let next = canvas(["abcd", "efgh", "ijkl"])
        let diff = FrameDiff(previous: nil, next: next, forceFull: false, visibleColumns: 2, visibleRows: 2)
        #expect(diff.changedIndices == [0, 1, 4, 5])
    }
}
