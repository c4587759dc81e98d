import Foundation
import Testing
import ZappCore

@testable import CursesTerminal

/// A terminfo entry from its source text (`infocmp`'s format, as `tic` reads it): numbers in
/// decimal, hex (`0x100`) or octal (`0400`), flags, strings with their escapes (`\E`, `^X`,
/// `\r`, `\n`, `\,`, `\072`), `name@` cancelled.
struct TerminfoText: TerminfoCapabilities {
    var numbers: [String: Int] = [:]
    var flags: Set<String> = []
    var strings: [String: [UInt8]] = [:]

    init(_ source: String) {
        var fields: [String] = []
        var current = ""
        var escaped = false
        for character in source.filter({ $0 != "\n" && $0 != "\t" }) {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                current.append(character)
                escaped = true
            } else if character == "," {
                fields.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        for field in fields.dropFirst() where !field.isEmpty && !field.hasSuffix("@") {
            if let equals = field.firstIndex(of: "=") {
                strings[String(field[..<equals])] = Self.unescape(String(field[field.index(after: equals)...]))
            } else if let hash = field.firstIndex(of: "#") {
                numbers[String(field[..<hash])] = Self.number(String(field[field.index(after: hash)...]))
            } else {
                flags.insert(field)
            }
        }
    }

    /// As C's `strtol(text, 0)`, which `tic` uses: `0x` hex, a leading `0` octal, else decimal.
    static func number(_ text: String) -> Int? {
        if text.lowercased().hasPrefix("0x") { return Int(text.dropFirst(2), radix: 16) }
        if text.count > 1, text.hasPrefix("0") { return Int(text.dropFirst(), radix: 8) }
        return Int(text)
    }

    static func unescape(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        var bytes = Array(text.utf8)[...]
        while let byte = bytes.popFirst() {
            switch byte {
            case UInt8(ascii: "^"):
                guard let next = bytes.popFirst() else { out.append(byte); break }
                out.append(next == UInt8(ascii: "?") ? 0x7F : next & 0x1F)
            case UInt8(ascii: "\\"):
                guard let next = bytes.popFirst() else { out.append(byte); break }
                switch next {
                case UInt8(ascii: "E"), UInt8(ascii: "e"): out.append(0x1B)
                case UInt8(ascii: "n"), UInt8(ascii: "l"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "s"): out.append(0x20)
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var value = Int(next - UInt8(ascii: "0"))
                    for _ in 0..<2 {
                        guard let digit = bytes.first, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(digit) else { break }
                        value = value * 8 + Int(digit - UInt8(ascii: "0"))
                        bytes.removeFirst()
                    }
                    out.append(value == 0 ? 0x80 : UInt8(value & 0xFF))
                default: out.append(next)
                }
            default:
                out.append(byte)
            }
        }
        return out
    }

    func number(_ name: String) -> Int? { numbers[name] }
    func flag(_ name: String) -> Bool { flags.contains(name) }
    func string(_ name: String) -> [UInt8]? { strings[name] }
}

/// `TerminalCodes` over entries given as text: what urxvt's entries declare, numbers in every
/// notation terminfo allows, REP only with `rep` (and never to urxvt).
@Suite("TerminfoEntry")
struct TerminfoEntryTests {
    /// The capabilities `TerminalCodes` reads, as `infocmp -1 rxvt-unicode-256color` prints them
    /// (ncurses 6.4), with `colors` in the notation given.
    static func rxvtUnicode(colors: String = "0x100") -> String {
        """
        rxvt-unicode-256color|rxvt-unicode terminal with 256 colors (X Window System),
        \tam, bce, xenl, colors#\(colors), pairs#0x7fff,
        \tbold=\\E[1m, clear=\\E[H\\E[2J, cr=\\r, cub=\\E[%p1%dD, cud=\\E[%p1%dB, cud1=\\n, cuf=\\E[%p1%dC,
        \tcup=\\E[%i%p1%d;%p2%dH, cuu=\\E[%p1%dA, ech=\\E[%p1%dX, el=\\E[K, hpa=\\E[%i%p1%dG, op=\\E[39;49m,
        \trev=\\E[7m, rmul=\\E[24m, setab=\\E[48;5;%p1%dm, setaf=\\E[38;5;%p1%dm, sgr0=\\E[m\\E(B, sitm=\\E[3m,
        \tsmul=\\E[4m, vpa=\\E[%i%p1%dd,
        """
    }

    /// xterm-256color's colour, REP and erase capabilities (`infocmp -1`), `rep` optional.
    static func xterm(rep: Bool) -> String {
        """
        xterm-256color|xterm with 256 colors,
        \tam, bce, xenl, colors#0x100, pairs#0x10000,
        \tclear=\\E[H\\E[2J, cr=\\r, cud1=\\n, cup=\\E[%i%p1%d;%p2%dH, ech=\\E[%p1%dX, el=\\E[K, op=\\E[39;49m,
        \tsetab=\\E[%?%p1%{8}%<%t4%p1%d%e%p1%{16}%<%t10%p1%{8}%-%d%e48;5;%p1%d%;m,
        \tsetaf=\\E[%?%p1%{8}%<%t3%p1%d%e%p1%{16}%<%t9%p1%{8}%-%d%e38;5;%p1%d%;m, sgr0=\\E(B\\E[m,
        \t\(rep ? "rep=%p1%c\\E[%p2%{1}%-%db," : "rep@,")
        """
    }

    static func codes(_ source: String, identity: TerminalIdentity? = nil, colorTerm: String? = nil) throws -> TerminalCodes {
        try TerminfoLock.withLock { try TerminalCodes.codes(of: TerminfoText(source), name: "test", colorTerm: colorTerm, identity: identity) }
    }

    @Test("numbers in decimal, hex and octal: colors#256, #0x100 and #0400 are the same palette")
    func notations() throws {
        #expect(TerminfoText.number("256") == 256 && TerminfoText.number("0x100") == 256 && TerminfoText.number("0400") == 256)
        #expect(TerminfoText.number("0X7fff") == 0x7FFF && TerminfoText.number("0") == 0 && TerminfoText.number("0x") == nil)
        for colors in ["256", "0x100", "0400"] {
            #expect(try Self.codes(Self.rxvtUnicode(colors: colors)).colorFormat == .indexed(paletteSize: 256), "colors#\(colors)")
        }
    }

    @Test("rxvt-unicode-256color writes every colour 38;5;N: 256 colours in that form, not none")
    func rxvtUnicode256() throws {
        let codes = try Self.codes(Self.rxvtUnicode())
        #expect(codes.colorFormat == .indexed(paletteSize: 256))
        #expect(codes.colorFormat.support.0 == .ansi256 && codes.colorFormat.support.paletteSize == 256)
        #expect(!codes.repeatCharacter, "no rep in the entry")
        #expect(codes.eraseCharacters && codes.defaultColorCodes && codes.attributeOffCodes)
        var red: [UInt8] = []
        TerminalPen.appendColor(1, background: false, format: codes.colorFormat, to: &red)
        #expect(String(decoding: red, as: UTF8.self) == "38;5;1", "colour 1 in the entry's own form")
    }

    @Test("rxvt-unicode (88 colours): the first 16 of its palette, in the indexed form")
    func rxvtUnicode88() throws {
        let codes = try Self.codes(Self.rxvtUnicode(colors: "88"))
        #expect(codes.colorFormat == .indexed(paletteSize: 88))
        #expect(codes.colorFormat.support.0 == .ansi8 && codes.colorFormat.support.paletteSize == 16)
    }

    @Test("REP only with rep; never to urxvt running as xterm-256color; inside tmux, tmux reads it")
    func repeatCharacter() throws {
        #expect(try Self.codes(Self.xterm(rep: true)).repeatCharacter)
        #expect(try !Self.codes(Self.xterm(rep: false)).repeatCharacter)
        let urxvt = TerminalIdentity(environment: ["TERM": "xterm-256color", "COLORTERM": "rxvt-xpm"])
        #expect(try !Self.codes(Self.xterm(rep: true), identity: urxvt).repeatCharacter)
        let inTmux = TerminalIdentity(environment: ["TERM": "tmux-256color", "TMUX": "x", "COLORTERM": "rxvt-xpm"])
        #expect(try Self.codes(Self.xterm(rep: true), identity: inTmux).repeatCharacter)
        #expect(try Self.codes(Self.xterm(rep: true)).colorFormat == .palette256)
    }

    @Test("COLORTERM=truecolor over an indexed entry: 24-bit colour")
    func trueColorOverIndexed() throws {
        #expect(try Self.codes(Self.rxvtUnicode(), colorTerm: "truecolor").colorFormat
            == .direct(separator: UInt8(ascii: ";"), emptyColorSpace: false))
    }

    @Test("the compiled entries agree with their text: rxvt-unicode-256color and rxvt-unicode as ncurses reads them")
    func compiledEntries() throws {
        #expect(try TerminalCodes.terminfo(named: "rxvt-unicode-256color").colorFormat == .indexed(paletteSize: 256))
        #expect(try TerminalCodes.terminfo(named: "rxvt-unicode").colorFormat == .indexed(paletteSize: 88))
        #expect(try !TerminalCodes.terminfo(named: "rxvt-unicode-256color").repeatCharacter)
    }

    @Test("escapes in strings: \\E, ^X, \\072, \\, and \\0 as tic reads them")
    func escapes() {
        #expect(TerminfoText.unescape("\\E[^G\\072\\,\\0") == [0x1B, UInt8(ascii: "["), 0x07, UInt8(ascii: ":"), UInt8(ascii: ","), 0x80])
    }
}
