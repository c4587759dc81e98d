import ShellCore
import ShellUI
import Testing
import ZappCore

@testable import CursesTerminal

/// What `showImages` writes, whatever the protocol (the placements carry their bytes): kitty
/// images transmitted once and shown by placement (whole or cropped), placements deleted by their
/// ids, sixel and iTerm2 boxes drawn again (before any new image, so a moved image is not
/// erased), images written over placed again, tmux passthrough at the pane's offset, and
/// everything forgotten after a clear.
@Suite("ImagePlacementWriter")
struct ImagePlacementWriterTests {
    static let transmission = KittyImageProtocol.transmission(png: [1, 2, 3], id: 9)
    let kitty = Self.kittyPlacement(key: "logo", placement: 1, columns: 6, source: nil)
    let sixel = ImagePlacement(key: "art", column: 0, row: 5, columns: 3, rows: 2, bytes: Array("\u{1B}Pq#0~~\u{1B}\\".utf8))

    /// A placement of kitty image 9 at column 4, row 2, one row high, as `KittyImageProtocol` makes it.
    static func kittyPlacement(key: String, placement: UInt32, columns: Int, source: (x: Int, y: Int, width: Int, height: Int)?)
        -> ImagePlacement
    {
        ImagePlacement(
            key: key, column: 4, row: 2, columns: columns, rows: 1,
            bytes: KittyImageProtocol.place(id: 9, placement: placement, columns: columns, rows: 1, source: source),
            upload: ImageUpload(
                id: 9, bytes: transmission, removal: KittyImageProtocol.delete(id: 9), clearing: KittyImageProtocol.deleteAll),
            removal: KittyImageProtocol.delete(id: 9, placement: placement))
    }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test("kitty: transmitted once, then placed at its top-left cell (1-based); unchanged, nothing is written again")
    func writesOnce() {
        var writer = ImagePlacementWriter(wrapsForTmux: false)
        let first = writer.show([kitty])
        #expect(text(first.placing) == "\u{1B}_Ga=t,f=100,t=d,i=9,q=2,m=0;AQID\u{1B}\\\u{1B}[3;5H\u{1B}_Ga=p,i=9,p=1,c=6,r=1,C=1,q=2\u{1B}\\")
        #expect(first.removal.isEmpty && first.redraw.isEmpty)
        let second = writer.show([kitty])
        #expect(second.removal.isEmpty && second.redraw.isEmpty && second.placing.isEmpty)
    }

    @Test("a pane over part of a kitty image: the whole placement is deleted, the visible parts placed cropped, no new transmission; the pane gone, the whole again")
    func kittyCropAndRestore() {
        var writer = ImagePlacementWriter(wrapsForTmux: false)
        _ = writer.show([kitty])
        let left = Self.kittyPlacement(key: "logo part left", placement: 2, columns: 2, source: (x: 0, y: 0, width: 20, height: 20))
        let covered = writer.show([left])
        #expect(text(covered.removal) == "\u{1B}_Ga=d,d=i,i=9,p=1,q=2\u{1B}\\")
        #expect(text(covered.placing) == "\u{1B}[3;5H\u{1B}_Ga=p,i=9,p=2,x=0,y=0,w=20,h=20,c=2,r=1,C=1,q=2\u{1B}\\")
        let restored = writer.show([kitty])
        #expect(text(restored.removal) == "\u{1B}_Ga=d,d=i,i=9,p=2,q=2\u{1B}\\")
        #expect(text(restored.placing) == "\u{1B}[3;5H\u{1B}_Ga=p,i=9,p=1,c=6,r=1,C=1,q=2\u{1B}\\")
    }

    @Test("removed: a kitty image is deleted with its data, a sixel's box is drawn again")
    func removes() {
        var writer = ImagePlacementWriter(wrapsForTmux: false)
        _ = writer.show([kitty, sixel])
        let removed = writer.show([])
        #expect(text(removed.removal) == "\u{1B}_Ga=d,d=I,i=9,q=2\u{1B}\\")
        #expect(removed.redraw.map { [$0.column, $0.row, $0.columns, $0.rows] } == [[0, 5, 3, 2]])
        #expect(removed.placing.isEmpty && writer.shown.isEmpty)
        #expect(writer.show([kitty]).placing.starts(with: Self.transmission), "deleted with its data: transmitted again")
    }

    @Test("a sixel moved by a row: its old box is drawn again and the new one placed after it, never erased by it")
    func sixelMoves() {
        var writer = ImagePlacementWriter(wrapsForTmux: false)
        _ = writer.show([sixel])
        var moved = sixel
        moved.key = "art moved"
        moved.row = 4
        let step = writer.show([moved])
        #expect(step.redraw.map { [$0.column, $0.row, $0.columns, $0.rows] } == [[0, 5, 3, 2]])
        #expect(text(step.placing) == "\u{1B}[5H\u{1B}Pq#0~~\u{1B}\\")
    }

    @Test("a sixel whose cells the frame wrote is drawn again and placed again; kitty is not touched")
    func damaged() {
        var writer = ImagePlacementWriter(wrapsForTmux: false)
        _ = writer.show([kitty, sixel])
        let step = writer.show([kitty, sixel]) { box in box.row == 5 }
        #expect(step.redraw.count == 1 && text(step.placing) == "\u{1B}[6H\u{1B}Pq#0~~\u{1B}\\" && step.removal.isEmpty)
        #expect(CursesTerminal.contains((10, [0, 57]), (column: 5, row: 5, columns: 3, rows: 1)))
        #expect(!CursesTerminal.contains((10, [0, 58]), (column: 5, row: 5, columns: 3, rows: 1)))
        #expect(!CursesTerminal.contains((10, [54]), (column: 5, row: 5, columns: 3, rows: 1)))
    }

    @Test("inside tmux: every sequence in passthrough; the placement saves the cursor, moves it on the outer terminal by the pane's offset, restores it")
    func tmux() {
        var writer = ImagePlacementWriter(wrapsForTmux: true)
        writer.origin = (row: 10, column: 40)
        let bytes = text(writer.show([kitty]).placing)
        #expect(bytes == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=t,f=100,t=d,i=9,q=2,m=0;AQID\u{1B}\u{1B}\\\u{1B}\\"
            + "\u{1B}Ptmux;\u{1B}\u{1B}7\u{1B}\u{1B}[13;45H\u{1B}\u{1B}_Ga=p,i=9,p=1,c=6,r=1,C=1,q=2\u{1B}\u{1B}\\\u{1B}\\"
            + "\u{1B}Ptmux;\u{1B}\u{1B}8\u{1B}\\")
        #expect(text(writer.removeAll()) == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=A,q=2\u{1B}\u{1B}\\\u{1B}\\")
    }

    @Test("after removeAll (resize, suspend, a full redraw) the next list is written anew; no kitty image, no delete")
    func removeAll() {
        var writer = ImagePlacementWriter(wrapsForTmux: false)
        _ = writer.show([kitty])
        #expect(text(writer.removeAll()) == "\u{1B}_Ga=d,d=A,q=2\u{1B}\\")
        #expect(writer.show([kitty]).placing.starts(with: Self.transmission))
        var sixels = ImagePlacementWriter(wrapsForTmux: false)
        _ = sixels.show([sixel])
        #expect(sixels.removeAll().isEmpty)
        #expect(!sixels.show([sixel]).placing.isEmpty)
    }

    @Test("a hidden tmux pane: its own kitty images deleted by id, unwrapped (for the client's terminal), all forgotten")
    func removeOwn() {
        var writer = ImagePlacementWriter(wrapsForTmux: true)
        _ = writer.show([kitty, sixel])
        #expect(text(writer.removeOwn()) == "\u{1B}_Ga=d,d=I,i=9,q=2\u{1B}\\", "no d=A: other programs' images stay")
        #expect(writer.removeOwn().isEmpty)
        #expect(writer.show([kitty, sixel]).placing.count > Self.transmission.count, "shown again: written anew")
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

    @Test("a cell that gains or loses an image's mark is a changed cell: written again")
    func markedCellsDiffer() {
        let previous = Canvas(columns: 3, rows: 1)
        var next = previous
        next[1, 0].imageMark = 7
        #expect(FrameDiff(previous: previous, next: next, forceFull: false, visibleColumns: 3, visibleRows: 1).changedIndices == [1])
    }
}
