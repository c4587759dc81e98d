import Foundation
import ShellCore
import ShellUI
import Testing
import ZappModel

@testable import CursesTerminal

/// The bytes `FrameEncoder` writes, exactly, over the real terminfo entries (read without a
/// terminal). ESC, CR and LF are spelled `\e`, `\r`, `\n` (`visible`).
@Suite("FrameEncoder")
struct FrameEncoderTests {
    static func encoder(_ term: String, colorTerm: String? = nil, columns: Int = 20, rows: Int = 4) throws -> FrameEncoder {
        let codes = try TerminalCodes.terminfo(named: term, colorTerm: colorTerm)
        let (support, size) = codes.colorFormat.support
        var encoder = FrameEncoder(codes: codes, mapper: ColorMapper(support: support, paletteSize: size), isUTF8: true)
        encoder.screenWasCleared()
        return encoder
    }

    /// Encodes `next` after `previous` (nil: a full redraw) on a screen the canvas's size.
    static func bytes(_ encoder: inout FrameEncoder, from previous: Canvas?, to next: Canvas) -> String {
        visible(rawBytes(&encoder, from: previous, to: next))
    }

    static func rawBytes(_ encoder: inout FrameEncoder, from previous: Canvas?, to next: Canvas) -> [UInt8] {
        let diff = FrameDiff(previous: previous, next: next, forceFull: previous == nil, visibleColumns: next.columns, visibleRows: next.rows)
        return encoder.encode(diff, next: next, screenColumns: next.columns, screenRows: next.rows)
    }

    /// The bytes as text with ESC, CR and LF spelled `\e`, `\r`, `\n`.
    static func visible(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: #"\e"#)
            .replacingOccurrences(of: "\r", with: #"\r"#).replacingOccurrences(of: "\n", with: #"\n"#)
    }

    static let blue = CellStyle(foreground: .ansi(75), background: .ansi(235), attributes: .bold)
    static let onBlue = CellStyle(foreground: .ansi(234), background: .ansi(75), attributes: .bold)

    @Test("a grapheme longer than a cell holds (a family, 25 bytes) is written whole, from its canvas")
    func longGrapheme() throws {
        let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
        var canvas = Canvas(columns: 6, rows: 1)
        canvas.draw("a" + family + "b", x: 0, y: 0, style: .plain)
        var other = Canvas(columns: 6, rows: 1)
        other.draw("a" + family + "b", x: 0, y: 0, style: .plain)
        #expect(canvas == other && canvas.plainText.hasPrefix("a" + family + "b"))
        other.draw("a👨\u{200D}👩\u{200D}👧\u{200D}👧b", x: 0, y: 0, style: .plain)
        #expect(canvas != other, "another long grapheme is another cell")
        var encoder = try Self.encoder("xterm-256color", columns: 6, rows: 1)
        #expect(Self.bytes(&encoder, from: nil, to: canvas).contains("a" + family + "b"))
    }

    // MARK: - The side menu

    /// The demo's side menu at 100x30 as the default theme draws it in a 256-colour terminal
    /// (the panel down to the bottom row, its items from the fifth row): a Down moves the focus
    /// from Home (the current item) to Movies.
    static func sideMenu(focus: Int) -> Canvas {
        let palette = Palette(theme: .defaultDark, support: .ansi256)
        var canvas = Canvas(columns: 100, rows: 30, fill: Cell(style: palette[.base]))
        canvas.fill(Rect(x: 0, y: 3, width: 27, height: 27), style: palette[.menu])
        let items = ["Home", "Movies", "Series", "Live TV"]
        for (index, item) in items.enumerated() {
            let row = 4 + index
            let role: ThemeRole = index == focus ? .menuFocused : index == 0 ? .menuSelected : .menu
            canvas.fill(Rect(x: 0, y: row, width: 27, height: 1), style: palette[role])
            canvas.draw((index == 0 || index == focus ? " ▸ " : "   ") + item, x: 0, y: row, style: palette[role])
            canvas.draw("│", x: 27, y: row, style: palette[.menu])
        }
        return canvas
    }

    @Test("a Down in the side menu after `m` opened it: two rows, one move and one pen change each (≤ 70 bytes)")
    func downInTheSideMenu() throws {
        var encoder = try Self.encoder("xterm-256color")
        let home = Canvas(columns: 100, rows: 30, fill: Cell(style: Palette(theme: .defaultDark, support: .ansi256)[.base]))
        _ = Self.bytes(&encoder, from: nil, to: home)
        let before = Self.sideMenu(focus: 0)
        _ = Self.bytes(&encoder, from: home, to: before)
        let after = Self.sideMenu(focus: 1)
        let down = Self.rawBytes(&encoder, from: before, to: after)
        #expect(
            Self.visible(down) == #"\e[5H\e[1;38;5;75m ▸ Home\e[20X"#
                + #"\r\n\e[7m ▸ Movies \e[17b"#,
            "Movies: the focus is Home's colours swapped, so reverse video; its blanks repeated (REP)")
        #expect(down.count <= 70)
    }

    // MARK: - Full frames

    @Test("a first frame on a cleared screen writes only what is not blank, resetting the unknown pen once")
    func firstFrameOnAClearedScreen() throws {
        var encoder = try Self.encoder("xterm-256color")
        var canvas = Canvas(columns: 20, rows: 3)
        canvas.draw("Hi", x: 0, y: 0, style: .plain)
        canvas.draw("there", x: 3, y: 2, style: Self.blue)
        #expect(Self.bytes(&encoder, from: nil, to: canvas) == #"\e[H\e[mHi\e[3;4H\e[1;38;5;75;48;5;235mthere"#)
    }

    @Test("a full redraw after forget() resets the pen (sgr0) and clears the screen first")
    func fullRedrawAfterForget() throws {
        var encoder = try Self.encoder("xterm-256color")
        encoder.forget()
        var canvas = Canvas(columns: 20, rows: 3)
        canvas.draw("Hi", x: 0, y: 0, style: .plain)
        #expect(Self.bytes(&encoder, from: nil, to: canvas) == #"\e(B\e[m\e[H\e[2JHi"#)
    }

    @Test("a coloured full frame: rows of background blanks are erased to the end of the line (bce)")
    func colouredFullFrame() throws {
        var encoder = try Self.encoder("xterm-256color")
        let base = CellStyle(foreground: .ansi(254), background: .ansi(234))
        var canvas = Canvas(columns: 20, rows: 3, fill: Cell(style: base))
        canvas.draw("Title", x: 1, y: 0, style: base)
        #expect(
            Self.bytes(&encoder, from: nil, to: canvas)
                == #"\e[H\e[0;38;5;254;48;5;234m Title\e[K\r\n\e[K\r\n\e[K"#)
    }

    // MARK: - The pen

    @Test("a style change writes only the parameters that differ, combined in one sequence")
    func onlyWhatDiffers() throws {
        var encoder = try Self.encoder("xterm-256color")
        var canvas = Canvas(columns: 20, rows: 1)
        canvas.draw("a", x: 0, y: 0, style: Self.blue)
        canvas.draw("b", x: 1, y: 0, style: CellStyle(foreground: .ansi(75), background: .ansi(235)))
        canvas.draw("c", x: 2, y: 0, style: CellStyle(foreground: .ansi(9), background: .ansi(235), attributes: [.underline]))
        canvas.draw("d", x: 3, y: 0, style: CellStyle(foreground: .default, background: .default, attributes: [.underline, .italic]))
        canvas.draw("e", x: 4, y: 0, style: .plain)
        #expect(
            Self.bytes(&encoder, from: nil, to: canvas)
                == #"\e[H\e[0;1;38;5;75;48;5;235ma\e[22mb\e[4;91mc\e[0;3;4md\e[me"#)
    }

    @Test("dropping bold keeps dim: 22 turns both off, so dim is set again")
    func boldOffKeepsDim() throws {
        var encoder = try Self.encoder("xterm-256color")
        var canvas = Canvas(columns: 20, rows: 1)
        canvas.draw("a", x: 0, y: 0, style: CellStyle(foreground: .ansi(75), attributes: [.bold, .dim]))
        canvas.draw("b", x: 1, y: 0, style: CellStyle(foreground: .ansi(75), attributes: [.dim]))
        canvas.draw("c", x: 2, y: 0, style: CellStyle(attributes: [.dim]))
        #expect(Self.bytes(&encoder, from: nil, to: canvas) == #"\e[H\e[0;1;2;38;5;75ma\e[22;2mb\e[39mc"#, "22 and 2 again; then only the colour")
    }

    @Test("the current colours swapped are drawn in reverse video, and back")
    func reverseVideo() throws {
        var encoder = try Self.encoder("xterm-256color")
        var canvas = Canvas(columns: 20, rows: 1)
        canvas.draw("ab", x: 0, y: 0, style: Self.blue)
        canvas.draw("cd", x: 2, y: 0, style: CellStyle(foreground: .ansi(235), background: .ansi(75), attributes: .bold))
        canvas.draw("e", x: 4, y: 0, style: Self.blue)
        #expect(Self.bytes(&encoder, from: nil, to: canvas) == #"\e[H\e[0;1;38;5;75;48;5;235mab\e[7mcd\e[27me"#)
    }

    @Test("reverse video only for the current colours swapped: another pair of colours is written as it is")
    func reverseOnlyForSwappedColours() throws {
        var encoder = try Self.encoder("xterm-256color")
        var canvas = Canvas(columns: 20, rows: 1)
        canvas.draw("a", x: 0, y: 0, style: Self.blue)
        canvas.draw("b", x: 1, y: 0, style: CellStyle(foreground: .ansi(241), background: .ansi(75), attributes: .bold))
        canvas.draw("c", x: 2, y: 0, style: CellStyle(foreground: .ansi(235), background: .ansi(75), attributes: .bold))
        #expect(
            Self.bytes(&encoder, from: nil, to: canvas) == #"\e[H\e[0;1;38;5;75;48;5;235ma\e[38;5;241;48;5;75mb\e[38;5;235mc"#,
            "b is not a's colours swapped (7;48;5;241 would be shorter); c is not b's")
    }

    @Test("reverse video is not used for default or basic colours, whose swap would look different")
    func noReverseForDefaultColours() {
        #expect(PenStyle(foreground: -1, background: 75, attributes: []).reversed == nil)
        #expect(PenStyle(foreground: 1, background: 75, attributes: []).reversed == nil)
        #expect(PenStyle(foreground: 75, background: 235, attributes: .reverse).reversed == nil)
        #expect(PenStyle(foreground: 75, background: 235, attributes: .bold).reversed == PenStyle(foreground: 235, background: 75, attributes: [.bold, .reverse]))
    }

    @Test("the pen is kept across frames: a frame in the same style writes no SGR at all")
    func penAcrossFrames() throws {
        var encoder = try Self.encoder("xterm-256color")
        var first = Canvas(columns: 20, rows: 2)
        first.draw("ab", x: 0, y: 0, style: Self.blue)
        _ = Self.bytes(&encoder, from: nil, to: first)
        var second = first
        second.draw("x", x: 5, y: 1, style: Self.blue)
        #expect(Self.bytes(&encoder, from: first, to: second) == #"\e[2;6Hx"#)
        #expect(encoder.leave() == Array("\u{1B}(B\u{1B}[m".utf8), "leaving resets the pen with sgr0")
        #expect(encoder.leave() == Array("\u{1B}(B\u{1B}[m".utf8), "and forgets it: unknown, so reset again")
        var third = second
        third.draw("y", x: 6, y: 1, style: Self.blue)
        #expect(Self.bytes(&encoder, from: second, to: third) == #"\e[2;7H\e[0;1;38;5;75;48;5;235my"#, "from an unknown pen and cursor")
    }

    // MARK: - Cursor motions

    @Test("motions are chosen by length: rewriting a short gap, CUF over a long one, CR LF to the next row")
    func motions() throws {
        var encoder = try Self.encoder("xterm-256color")
        var before = Canvas(columns: 20, rows: 3)
        before.draw("abcdefghijklmnop", x: 0, y: 0, style: .plain)
        before.draw("row two", x: 0, y: 1, style: .plain)
        _ = Self.bytes(&encoder, from: nil, to: before)
        var after = before
        after.draw("A", x: 0, y: 0, style: .plain)
        after.draw("C", x: 2, y: 0, style: .plain)
        after.draw("P", x: 15, y: 0, style: .plain)
        after.draw("R", x: 0, y: 1, style: .plain)
        after.draw("X", x: 19, y: 2, style: .plain)
        #expect(Self.bytes(&encoder, from: before, to: after) == #"\e[HAbC\e[16GP\r\nR\e[3;20HX"#)
    }

    @Test("after the last column the column is unknown: the next move is absolute or starts with CR")
    func pendingWrap() throws {
        var encoder = try Self.encoder("xterm-256color")
        var canvas = Canvas(columns: 20, rows: 2)
        canvas.draw("z", x: 19, y: 0, style: .plain)
        canvas.draw("y", x: 1, y: 1, style: .plain)
        #expect(Self.bytes(&encoder, from: nil, to: canvas) == #"\e[1;20H\e[mz\r\n\e[Cy"#)
    }

    @Test("a terminal that scrolls after its bottom-right cell (am without xenl) never gets it")
    func bottomRightCell() throws {
        var encoder = try Self.encoder("ansi")
        var canvas = Canvas(columns: 20, rows: 2)
        canvas.draw("y", x: 18, y: 1, style: .plain)
        canvas.draw("z", x: 19, y: 1, style: .plain)
        #expect(Self.bytes(&encoder, from: nil, to: canvas) == #"\e[2;19H\e[my"#)
        var row = Canvas(columns: 20, rows: 2)
        row.draw(String(repeating: "=", count: 20), x: 0, y: 1, style: .plain)
        #expect(Self.bytes(&encoder, from: canvas, to: row) == #"\r=\e[18b"#, "not repeated into it either")
    }

    // MARK: - Wide characters and controls

    @Test("a wide character takes two columns; its continuation cell is never written")
    func wideCharacters() throws {
        var encoder = try Self.encoder("xterm-256color")
        var before = Canvas(columns: 20, rows: 1)
        before.draw("a中b", x: 0, y: 0, style: .plain)
        #expect(Self.bytes(&encoder, from: nil, to: before) == #"\e[H\e[ma中b"#)
        var after = Canvas(columns: 20, rows: 1)
        after.draw("ab中", x: 0, y: 0, style: .plain)
        #expect(Self.bytes(&encoder, from: before, to: after) == #"\r\e[Cb中"#, "b over the wide character's left half, then 中 over its right half and b")
    }

    @Test("a control character that reached a cell is written as ?, one per column")
    func controlsAsQuestionMarks() throws {
        var encoder = try Self.encoder("xterm-256color")
        var canvas = Canvas(columns: 20, rows: 1)
        canvas[0, 0] = Cell(grapheme: "\u{9B}")
        canvas[1, 0] = Cell(grapheme: "\u{85}")
        #expect(Self.bytes(&encoder, from: nil, to: canvas) == #"\e[H\e[m??"#)
    }

    @Test("without UTF-8 text outside ASCII is written as ?, a wide character as ??")
    func noUTF8() throws {
        let codes = try TerminalCodes.terminfo(named: "xterm-256color")
        var encoder = FrameEncoder(codes: codes, mapper: ColorMapper(support: .ansi256, paletteSize: 256), isUTF8: false)
        encoder.screenWasCleared()
        var canvas = Canvas(columns: 20, rows: 1)
        canvas.draw("é中", x: 0, y: 0, style: .plain)
        #expect(Self.bytes(&encoder, from: nil, to: canvas) == #"\e[H\e[m???"#)
    }

    // MARK: - Erasing

    @Test("ECH erases a coloured run of blanks where the terminal has ech and bce")
    func eraseCharactersOn() throws {
        var encoder = try Self.encoder("xterm-256color")
        var canvas = Canvas(columns: 20, rows: 1)
        canvas.fill(Rect(x: 0, y: 0, width: 12, height: 1), style: Self.blue)
        canvas.draw("Menu", x: 0, y: 0, style: Self.blue)
        #expect(Self.bytes(&encoder, from: nil, to: canvas) == #"\e[H\e[0;1;38;5;75;48;5;235mMenu\e[8X"#)
    }

    @Test("an erased run of blanks stops at an image's cells: erasing them would erase the sixel shown there")
    func eraseStopsAtImageCells() throws {
        var encoder = try Self.encoder("xterm-256color")
        var before = Canvas(columns: 20, rows: 1)
        before.fill(Rect(x: 0, y: 0, width: 20, height: 1), style: Self.blue)
        before.draw("MenuMenuMe", x: 0, y: 0, style: Self.blue)
        for column in 10..<20 { before[column, 0].imageMark = 5 }
        var after = before
        after.fill(Rect(x: 0, y: 0, width: 10, height: 1), style: Self.blue)
        _ = Self.bytes(&encoder, from: nil, to: before)
        #expect(Self.bytes(&encoder, from: before, to: after) == #"\r \e[9b"#, "the blanks up to the image, not EL past it")
    }

    @Test("without bce (tmux-256color) coloured blanks are written as spaces; default-background blanks are still erased")
    func eraseWithoutBackgroundColorErase() throws {
        var encoder = try Self.encoder("tmux-256color")
        var canvas = Canvas(columns: 20, rows: 1)
        canvas.fill(Rect(x: 0, y: 0, width: 12, height: 1), style: Self.blue)
        canvas.draw("Menu", x: 0, y: 0, style: Self.blue)
        #expect(Self.bytes(&encoder, from: nil, to: canvas) == #"\e[H\e[0;1;38;5;75;48;5;235mMenu        "#)
        var cleared = canvas
        cleared.fill(Rect(x: 0, y: 0, width: 20, height: 1), style: .plain)
        #expect(Self.bytes(&encoder, from: canvas, to: cleared) == #"\r\e[m\e[K"#, "EL in the default colours")
    }

    @Test("without ech a run that does not reach the end of the row is written as spaces")
    func eraseCharactersOff() throws {
        var encoder = try Self.encoder("screen-256color")
        var before = Canvas(columns: 20, rows: 1)
        before.draw("abcdefghijklmnopqrst", x: 0, y: 0, style: .plain)
        _ = Self.bytes(&encoder, from: nil, to: before)
        var after = before
        after.fill(Rect(x: 0, y: 0, width: 10, height: 1), style: .plain)
        #expect(Self.bytes(&encoder, from: before, to: after) == #"\r          "#)
        var xterm = try Self.encoder("xterm-256color")
        _ = Self.bytes(&xterm, from: nil, to: before)
        #expect(Self.bytes(&xterm, from: before, to: after) == #"\r \e[9b"#, "xterm: ECH and REP take 5 bytes each; writing wins a tie")
    }

    @Test("underlined or reversed blanks are written (a space and REP), never erased (erasing keeps only the background)")
    func noEraseForUnderline() throws {
        var encoder = try Self.encoder("xterm-256color")
        var canvas = Canvas(columns: 20, rows: 1)
        canvas.fill(Rect(x: 0, y: 0, width: 8, height: 1), style: CellStyle(attributes: .underline))
        #expect(Self.bytes(&encoder, from: nil, to: canvas) == #"\e[H\e[0;4m \e[7b"#)
    }

    // MARK: - Colours per terminal

    static func colourLine(_ term: String, colorTerm: String? = nil, _ colors: [TerminalColor]) throws -> String {
        var encoder = try Self.encoder(term, colorTerm: colorTerm)
        var canvas = Canvas(columns: 20, rows: 1)
        for (index, color) in colors.enumerated() {
            canvas.draw("x", x: index, y: 0, style: CellStyle(foreground: color, background: color == .default ? .default : .ansi(0)))
        }
        return Self.bytes(&encoder, from: nil, to: canvas)
    }

    @Test("8 colours (xterm): 30–37, brighter and palette colours folded onto the eight")
    func eightColours() throws {
        #expect(try Self.colourLine("xterm", [.ansi(1), .ansi(9), .ansi(75), .rgb(250, 250, 250)])
            == #"\e[H\e[0;31;40mxx\e[36mx\e[37mx"#)
    }

    @Test("16 colours (xterm-16color): 90–97 for the bright eight")
    func sixteenColours() throws {
        #expect(try Self.colourLine("xterm-16color", [.ansi(1), .ansi(9), .ansi(75)])
            == #"\e[H\e[0;31;40mx\e[91mx\e[94mx"#)
    }

    @Test("256 colours (xterm-256color): 38;5;N above 15")
    func paletteColours() throws {
        #expect(try Self.colourLine("xterm-256color", [.ansi(1), .ansi(9), .ansi(75), .rgb(0x5F, 0xB3, 0xF9)])
            == #"\e[H\e[0;31;40mx\e[91mx\e[38;5;75mxx"#)
    }

    @Test("truecolor (xterm-direct): 24-bit in the form terminfo gives (38:2::R:G:B)")
    func directColours() throws {
        #expect(try Self.colourLine("xterm-direct", [.ansi(1), .rgb(0x5F, 0xB3, 0xF9), .default])
            == #"\e[H\e[0;31;40mx\e[38:2::95:179:249mx\e[mx"#)
    }

    @Test("truecolor from COLORTERM over a 256-colour entry (xterm-256color, tmux-256color): 38;2;R;G;B, foreground and background in one SGR of at most 10 parameters")
    func colorTermTrueColour() throws {
        let colors: [TerminalColor] = [.ansi(1), .rgb(0x5F, 0xB3, 0xF9), .default]
        for term in ["xterm-256color", "tmux-256color"] {
            #expect(try Self.colourLine(term, colorTerm: "truecolor", colors) == #"\e[H\e[0;31;40mx\e[38;2;95;179;249mx\e[mx"#, "\(term)")
            #expect(try Self.colourLine(term, colorTerm: "24bit", colors) == #"\e[H\e[0;31;40mx\e[38;2;95;179;249mx\e[mx"#, "\(term)")
        }
        var encoder = try Self.encoder("xterm-256color", colorTerm: "truecolor")
        var canvas = Canvas(columns: 20, rows: 1)
        canvas.draw("x", x: 0, y: 0, style: CellStyle(foreground: .rgb(0x5F, 0xB3, 0xF9), background: .rgb(0x1B, 0x1F, 0x27)))
        #expect(Self.bytes(&encoder, from: nil, to: canvas) == #"\e[H\e[0;38;2;95;179;249m\e[48;2;27;31;39mx"#,
                "11 parameters: two sequences (mlterm reads 10)")
        var changes = try Self.encoder("xterm-256color", colorTerm: "truecolor")
        var first = Canvas(columns: 20, rows: 1)
        first.draw("x", x: 0, y: 0, style: CellStyle(foreground: .rgb(1, 2, 3), background: .rgb(4, 5, 6)))
        _ = Self.bytes(&changes, from: nil, to: first)
        var second = first
        second.draw("y", x: 0, y: 0, style: CellStyle(foreground: .rgb(0x5F, 0xB3, 0xF9), background: .rgb(0x1B, 0x1F, 0x27)))
        #expect(Self.bytes(&changes, from: first, to: second) == #"\r\e[38;2;95;179;249;48;2;27;31;39my"#,
                "10 parameters: one sequence")
    }

    @Test("no SGR carries more than 10 parameters, and a colour is never cut (mlterm drops the 11th on)")
    func parametersPerSequence() throws {
        var encoder = try Self.encoder("xterm-256color", colorTerm: "truecolor")
        var canvas = Canvas(columns: 20, rows: 1)
        canvas.draw("x", x: 0, y: 0, style: CellStyle(foreground: .rgb(255, 255, 255), background: .rgb(11, 37, 64), attributes: [.bold, .underline]))
        let bytes = Self.bytes(&encoder, from: nil, to: canvas)
        #expect(bytes == #"\e[H\e[0;1;4;38;2;255;255;255m\e[48;2;11;37;64mx"#)
        for sequence in bytes.split(separator: "m") where sequence.contains("[") {
            #expect(sequence.split(separator: "[").last!.split(separator: ";", omittingEmptySubsequences: false).count <= 10, "\(sequence)")
        }
    }

    @Test("without COLORTERM (or another value), tmux-256color and xterm-256color stay on the 256 palette")
    func noColorTermPalette() throws {
        for (term, colorTerm) in [("tmux-256color", nil), ("xterm-256color", "yes"), ("xterm-256color", "")] as [(String, String?)] {
            #expect(try Self.colourLine(term, colorTerm: colorTerm, [.ansi(1), .rgb(0x5F, 0xB3, 0xF9)]) == #"\e[H\e[0;31;40mx\e[38;5;75mx"#, "\(term)")
        }
    }

    @Test("an entry with direct colour of its own (xterm-direct) keeps its own form with COLORTERM too")
    func directEntryKeepsItsForm() throws {
        #expect(try Self.colourLine("xterm-direct", colorTerm: "truecolor", [.ansi(1), .rgb(0x5F, 0xB3, 0xF9)])
            == #"\e[H\e[0;31;40mx\e[38:2::95:179:249mx"#)
    }

    @Test("COLORTERM gives no colours to an entry without any (vt100)")
    func colorTermNeedsColours() throws {
        #expect(try TerminalCodes.terminfo(named: "vt100", colorTerm: "truecolor").colorFormat == .none)
    }
}

/// What `TerminalCodes` reads from terminfo.
@Suite("TerminalCodes")
struct TerminalCodesTests {
    @Test("xterm-256color: the ECMA-48 sequences the encoder writes, all confirmed")
    func xterm256() throws {
        let codes = try TerminalCodes.terminfo(named: "xterm-256color")
        #expect(codes.colorFormat == .palette256)
        #expect(codes.attributes == [.bold, .dim, .italic, .underline, .reverse])
        #expect(codes.attributeOffCodes && codes.defaultColorCodes)
        #expect(codes.columnAddress && codes.rowAddress && codes.relativeMoves && codes.carriageReturn && codes.lineFeed)
        #expect(codes.eraseCharacters && codes.eraseLine && codes.backgroundColorErase)
        #expect(!codes.scrollsAfterLastCell)
        #expect(codes.reset == Array("\u{1B}(B\u{1B}[m".utf8))
    }

    @Test("tmux and screen: no ECH, no bce; screen has no italics")
    func multiplexers() throws {
        let tmux = try TerminalCodes.terminfo(named: "tmux-256color")
        #expect(!tmux.eraseCharacters && !tmux.backgroundColorErase && tmux.eraseLine)
        #expect(tmux.attributes.contains(.italic))
        let screen = try TerminalCodes.terminfo(named: "screen-256color")
        #expect(!screen.attributes.contains(.italic))
        #expect(screen.colorFormat == .palette256)
    }

    @Test("colour formats: 8, 16, 256 and direct colour, each checked against setaf/setab")
    func colourFormats() throws {
        #expect(try TerminalCodes.terminfo(named: "xterm").colorFormat == .basic8)
        #expect(try TerminalCodes.terminfo(named: "xterm-16color").colorFormat == .basic16)
        #expect(try TerminalCodes.terminfo(named: "xterm-direct").colorFormat == .direct(separator: UInt8(ascii: ":"), emptyColorSpace: true))
        #expect(try TerminalCodes.terminfo(named: "vt100").colorFormat == .none)
    }

    @Test("vt100: padding is not part of the bytes; no colours, no ECH")
    func vt100() throws {
        let codes = try TerminalCodes.terminfo(named: "vt100")
        #expect(codes.reset == Array("\u{1B}[m\u{0F}".utf8))
        #expect(!codes.eraseCharacters && !codes.attributeOffCodes)
        #expect(TerminalCodes.withoutPadding(Array("\u{1B}[K$<3>".utf8)) == Array("\u{1B}[K".utf8))
    }

    @Test("a terminal without ECMA-48 cursor addressing is refused, naming it")
    func refusesNonECMA48() {
        #expect(throws: TerminalRefusal.notECMA48("adm3a")) { try TerminalCodes.terminfo(named: "adm3a") }
        #expect(TerminalRefusal.notECMA48("adm3a").description.contains("\"adm3a\""))
        #expect(throws: TerminalRefusal.unknownTerminalType("no-such-terminal")) { try TerminalCodes.terminfo(named: "no-such-terminal") }
    }
}
