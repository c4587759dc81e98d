import ShellCore
import ShellUI
import Testing

@testable import CursesTerminal

/// Raw terminal bytes through ncurses and `KeyDecoder`, as the fuzz target FuzzKeys runs them.
/// One suite, serialized: ncurses has one current screen per process.
@Suite("RawInputDecoder", .serialized)
struct RawInputDecoderTests {
    private static func decoder(_ name: String) throws -> RawInputDecoder {
        try #require(RawInputDecoder(terminalName: name), "terminfo entry \(name) is missing")
    }

    /// With keypad transmit on (as the terminal sets it), xterm sends the arrows as `ESC O A`.
    @Test("escape sequences become keys, text stays text")
    func keys() throws {
        let decoder = try Self.decoder("xterm-256color")
        let events = decoder.decode(Array("\u{1B}OA\u{1B}OB\u{1B}[Z\u{1B}[3~q日\r\u{03}".utf8))
        #expect(events == [
            .key(.up), .key(.down), .key(.backTab), .key(.delete), .key(.character("q")), .key(.character("日")),
            .key(.enter), .key(.control("c")),
        ])
    }

    @Test("mouse reports become clicks and wheel steps: SGR under xterm, X10 under tmux")
    func mouse() throws {
        let sgr = try Self.decoder("xterm-256color")
        #expect(sgr.decode(Array("\u{1B}[<0;5;3M\u{1B}[<0;5;3m".utf8)).first == .click(column: 4, row: 2))
        #expect(sgr.decode(Array("\u{1B}[<64;1;1M".utf8)) == [.scrollUp])
        let x10 = try Self.decoder("tmux-256color")
        #expect(x10.decode(Array("\u{1B}[M %#".utf8)).first == .click(column: 4, row: 2))
    }

    /// tmux sends them to a pane on window and pane switches (`focus-events on`); unbound, ncurses
    /// would hand them over as Esc (closing a pane), `[` and a letter.
    @Test("focus reports (ESC [ I, ESC [ O) are focus events, never keys, under xterm, tmux and urxvt")
    func focus() throws {
        for name in ["xterm-256color", "tmux-256color", "rxvt-unicode-256color"] {
            let decoder = try Self.decoder(name)
            #expect(decoder.decode(Array("\u{1B}[Oq\u{1B}[I".utf8)) == [.focus(gained: false), .key(.character("q")), .focus(gained: true)],
                    "\(name)")
        }
        // The entry's extended keys (Alt+Delete, Ctrl+Up…: kDC3, kUP5, numbered from KEY_MAX) are no focus reports.
        let xterm = try Self.decoder("xterm-256color")
        #expect(!xterm.decode(Array("\u{1B}[3;3~\u{1B}[1;5A\u{1B}[1;2B\u{1B}[1;3C".utf8)).contains { if case .focus = $0 { true } else { false } })
    }

    /// Found by FuzzKeys: an unfinished mouse report (`ESC [ < 6 ; 1`) made ncurses wait for
    /// the rest of it forever; the decoder's input now ends where the bytes end.
    @Test("an unfinished mouse report ends with the input", .timeLimit(.minutes(1)))
    func unfinishedMouseReport() throws {
        let decoder = try Self.decoder("xterm-256color")
        #expect(decoder.decode([0x0A, 0x1B, 0x5B, 0x3C, 0x36, 0x3B, 0x31]).first == .key(.enter))
        #expect(decoder.decode([0x0A, 0x1B, 0x5B, 0x3C, 0x0A, 0x53]).first == .key(.enter))
        let x10 = try Self.decoder("tmux-256color")
        #expect(x10.decode(Array("\u{1B}[M ".utf8)).allSatisfy { if case .click = $0 { false } else { true } })
        #expect(x10.decode(Array("q".utf8)) == [.key(.character("q"))])
    }

    /// An unfinished X10 report made ncurses parse its stale read buffer, a click about one run
    /// in thirty; a sequence split between two chunks of the pipe decoded as two halves.
    @Test("chunks never end inside an escape sequence; an unfinished X10 report is dropped")
    func chunkBoundaries() throws {
        let size = RawInputDecoder.chunkSize
        let unfinished = Array("ab\u{1B}[M ".utf8)
        #expect(RawInputDecoder.chunkEnd(unfinished, from: 0) == 2)
        #expect(RawInputDecoder.chunkEnd(Array("\u{1B}[M %#".utf8), from: 0) == 6)
        let split = [UInt8](repeating: 0x61, count: size - 4) + Array("\u{1B}[<0;5;3M".utf8)
        #expect(RawInputDecoder.chunkEnd(split, from: 0) == size - 4)
        #expect(RawInputDecoder.chunkEnd(split, from: size - 4) == split.count)
        let sgr = try Self.decoder("xterm-256color")
        #expect(sgr.decode(split).last == .click(column: 4, row: 2))
        let x10 = try Self.decoder("tmux-256color")
        for _ in 0..<50 {
            #expect(x10.decode(unfinished) == [.key(.character("a")), .key(.character("b"))])
        }
    }

    /// Found by FuzzKeys: an X10 report whose row byte is below the offset (0x01) decoded to a
    /// click at row -32, which reached the UI.
    @Test("a mouse report outside the screen is no click")
    func clickOutsideTheScreen() throws {
        let x10 = try Self.decoder("tmux-256color")
        #expect(x10.decode(Array("\u{1B}[M \u{60}\u{01}".utf8)).isEmpty)
        #expect(KeyDecoder.click(column: 63, row: -32, columns: 80, rows: 24) == nil)
        #expect(KeyDecoder.click(column: 80, row: 0, columns: 80, rows: 24) == nil)
        #expect(KeyDecoder.click(column: 79, row: 23, columns: 80, rows: 24) == .click(column: 79, row: 23))
    }
}
