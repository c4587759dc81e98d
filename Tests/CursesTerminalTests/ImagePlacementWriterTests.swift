import ShellUI
import Testing
import ZappCore

@testable import CursesTerminal

/// What `showImages` writes: placements at their cells, kitty deletes by id, sixel and iTerm2
/// boxes drawn again, tmux passthrough, and everything forgotten after a clear.
@Suite("ImagePlacementWriter")
struct ImagePlacementWriterTests {
    let kitty = ImagePlacement(
        key: "logo", column: 4, row: 2, columns: 6, rows: 1,
        bytes: TerminalImageCodes.kittyImage(png: [1, 2, 3], id: 9, columns: 6, rows: 1))
    let sixel = ImagePlacement(key: "art", column: 0, row: 5, columns: 3, rows: 2, bytes: Array("\u{1B}Pq#0~~\u{1B}\\".utf8))

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test("a new placement: cursor to its top-left cell (1-based), then its bytes; unchanged, nothing is written again")
    func writesOnce() {
        var writer = ImagePlacementWriter(wrapsForTmux: false)
        let first = writer.show([kitty])
        #expect(text(first.bytes) == "\u{1B}[3;5H\u{1B}_Ga=T,f=100,t=d,i=9,c=6,r=1,C=1,q=2,m=0;AQID\u{1B}\\")
        #expect(first.redraw.isEmpty)
        let second = writer.show([kitty])
        #expect(second.bytes.isEmpty && second.redraw.isEmpty)
    }

    @Test("removed: a kitty image is deleted by id, a sixel's box is drawn again")
    func removes() {
        var writer = ImagePlacementWriter(wrapsForTmux: false)
        _ = writer.show([kitty, sixel])
        let removed = writer.show([])
        #expect(text(removed.bytes) == "\u{1B}_Ga=d,d=I,i=9,q=2\u{1B}\\")
        #expect(removed.redraw.count == 1)
        #expect(removed.redraw.first.map { [$0.column, $0.row, $0.columns, $0.rows] } == [0, 5, 3, 2])
        #expect(writer.shown.isEmpty)
    }

    @Test("moved: deleted, then written at its new cell")
    func moves() {
        var writer = ImagePlacementWriter(wrapsForTmux: false)
        _ = writer.show([kitty])
        var moved = kitty
        moved.row = 7
        let bytes = text(writer.show([moved]).bytes)
        #expect(bytes.hasPrefix("\u{1B}_Ga=d,d=I,i=9,q=2\u{1B}\\\u{1B}[8;5H\u{1B}_Ga=T"))
    }

    @Test("inside tmux every sequence is wrapped in passthrough, the cursor move is not")
    func tmux() {
        var writer = ImagePlacementWriter(wrapsForTmux: true)
        let bytes = text(writer.show([kitty]).bytes)
        #expect(bytes == "\u{1B}[3;5H\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T,f=100,t=d,i=9,c=6,r=1,C=1,q=2,m=0;AQID\u{1B}\u{1B}\\\u{1B}\\")
        #expect(text(writer.removeAll()) == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=A,q=2\u{1B}\u{1B}\\\u{1B}\\")
    }

    @Test("after removeAll (resize, suspend, a full redraw) the next list is written anew; no kitty image, no delete")
    func removeAll() {
        var writer = ImagePlacementWriter(wrapsForTmux: false)
        _ = writer.show([kitty])
        #expect(text(writer.removeAll()) == "\u{1B}_Ga=d,d=A,q=2\u{1B}\\")
        #expect(text(writer.show([kitty]).bytes).hasPrefix("\u{1B}[3;5H\u{1B}_Ga=T"))
        var sixels = ImagePlacementWriter(wrapsForTmux: false)
        _ = sixels.show([sixel])
        #expect(sixels.removeAll().isEmpty)
        #expect(!sixels.show([sixel]).bytes.isEmpty)
    }

    @Test("the boxes to draw again are clipped to the canvas and skip wide characters' right halves")
    func redrawDiff() {
        var canvas = Canvas(columns: 4, rows: 3)
        canvas[0, 1] = Cell(grapheme: "界")
        canvas[1, 1] = Cell(grapheme: "", isContinuation: true)
        let diff = FrameDiff(redrawing: [(column: 0, row: 1, columns: 9, rows: 9)], in: canvas, visibleColumns: 4, visibleRows: 3)
        #expect(!diff.isFullRedraw)
        #expect(diff.changedIndices == [4, 6, 7, 8, 9, 10, 11])
    }
}
