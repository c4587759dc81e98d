import CNCurses
import ShellCore
import ShellUI
import ZappCore

/// The escape sequences `FrameEncoder` may write to a terminal, as its terminfo entry declares
/// them (ARCHITECTURE.md, "The terminal layer").
///
/// The encoder writes ECMA-48 (ANSI) control sequences: it combines SGR parameters in one
/// sequence, leaves out default parameters and picks among cursor motions by length, none of
/// which terminfo's one-capability-at-a-time strings can express. So every sequence it uses is
/// checked here against the entry: a capability is used only when terminfo gives it in exactly
/// the ECMA-48 form the encoder writes (padding aside), and left out when it is absent or
/// different. Cursor addressing (`cup`) is required; a terminal without the ECMA-48 form of it is
/// refused (`TerminalRefusal.notECMA48`).
struct TerminalCodes: Sendable, Equatable {
    /// How colour numbers (`ColorMapper`'s) become SGR parameters.
    enum ColorFormat: Sendable, Equatable {
        /// No colours.
        case none
        /// 30–37 and 40–47.
        case basic8
        /// As `basic8`, and 90–97 / 100–107 for colours 8–15.
        case basic16
        /// As `basic16`, and `38;5;N` / `48;5;N` for 16–255.
        case palette256
        /// Every colour as `38;5;N` / `48;5;N`, as entries that write even colours 0–15 so
        /// declare them (rxvt-unicode's); `paletteSize` is the entry's `colors` (88 or 256).
        case indexed(paletteSize: Int)
        /// Colours below 8 as `basic8`, the rest 24-bit: `38` + `separator` + `2` + the
        /// colour-space field (`prefix`) + R, G, B, e.g. `38:2::R:G:B` or `38;2;R;G;B`.
        case direct(separator: UInt8, emptyColorSpace: Bool)

        /// The support level the UI degrades its colours to, and the palette size `ColorMapper` uses.
        var support: (ColorSupport, paletteSize: Int) {
            switch self {
            case .none: return (.none, 0)
            case .basic8: return (.ansi8, 8)
            case .basic16: return (.ansi8, 16)
            case .palette256: return (.ansi256, 256)
            // An 88-colour palette (4×4×4 cube) is not xterm's: its first 16 colours are used.
            case .indexed(let size): return size >= 256 ? (.ansi256, 256) : (.ansi8, 16)
            case .direct: return (.trueColor, 1 << 24)
            }
        }
    }

    var colorFormat: ColorFormat
    /// The attributes the terminal shows, each with its ECMA-48 code (bold 1, dim 2, italic 3,
    /// underline 4, reverse 7); others are left out, as ncurses leaves them out.
    var attributes: CellAttributes
    /// Whether single attributes can be turned off (22, 23, 24, 27); otherwise the encoder
    /// resets (SGR 0) and sets again what stays.
    var attributeOffCodes: Bool
    /// Whether 39/49 select the default colours (terminfo `op`); otherwise the encoder resets.
    var defaultColorCodes: Bool
    /// `sgr0` (it may also select the ASCII character set), written when the pen is unknown.
    var reset: [UInt8]
    /// `clear`, and whether it leaves the cursor at the top left (it starts with `home`).
    var clear: [UInt8]
    var clearHomesCursor: Bool
    /// Cursor motions besides `cup`: `hpa` (CHA), `vpa` (VPA), `cuf`/`cub`/`cud`/`cuu` with a
    /// count, CR (`cr`) and LF as a move down (`cud1`).
    var columnAddress: Bool
    var rowAddress: Bool
    var relativeMoves: Bool
    var carriageReturn: Bool
    var lineFeed: Bool
    /// `rep` (REP, repeat the preceding character `ESC [ count b`), unless the terminal is known
    /// to lack it whatever its entry says (`TerminalIdentity.lacksRepeat`: urxvt as xterm).
    var repeatCharacter: Bool
    /// `ech` (erase characters, ECH) and `el` (erase to the end of the line).
    var eraseCharacters: Bool
    var eraseLine: Bool
    /// `bce`: erasing fills with the current background colour (else with the default one).
    var backgroundColorErase: Bool
    /// `am` without `xenl`: writing the bottom-right cell would scroll, so it is left alone.
    var scrollsAfterLastCell: Bool

    /// The codes of the terminfo entry `name`, read without touching the terminal. `colorTerm`
    /// is `COLORTERM`: `truecolor` or `24bit` says the terminal takes 24-bit colour whatever its
    /// entry's palette, and then colours are written `38;2;R;G;B` (the form every such terminal
    /// reads, where `38:2::R:G:B`, xterm-direct's, is misread by some) unless the entry itself
    /// has direct colour, whose own form is kept. `identity` is what the environment says of the
    /// terminal beyond its entry (`TerminalIdentity`).
    static func terminfo(
        named name: String, colorTerm: String? = nil, identity: TerminalIdentity? = nil
    ) throws(TerminalRefusal) -> TerminalCodes {
        let result: Result<TerminalCodes, TerminalRefusal> = TerminfoLock.withLock {
            var found: Int32 = 0
            let saved = zs_terminfo_push(name, &found)
            defer { zs_terminfo_pop(saved, found) }
            guard found != 0 else { return .failure(.unknownTerminalType(name)) }
            return Result { () throws(TerminalRefusal) in
                try codes(of: CompiledTerminfo(), name: name, colorTerm: colorTerm, identity: identity)
            }
        }
        return try result.get()
    }

    /// The codes of the entry `capabilities` (`name` is for the refusal message), as
    /// `terminfo(named:colorTerm:identity:)` describes; `TerminfoLock` held.
    static func codes(
        of capabilities: some TerminfoCapabilities, name: String, colorTerm: String? = nil, identity: TerminalIdentity? = nil
    ) throws(TerminalRefusal) -> TerminalCodes {
        let entry = Entry(capabilities: capabilities)
        let cup = entry.string("cup", 4, 9)
        guard cup == Array("\u{1B}[5;10H".utf8) else {
            throw .notECMA48(name)
        }
        let clear = entry.string("clear") ?? Array("\u{1B}[H\u{1B}[2J".utf8)
        var codes = TerminalCodes(
            colorFormat: colorFormat(entry),
            attributes: attributes(entry),
            attributeOffCodes: entry.string("rmul") == Array("\u{1B}[24m".utf8),
            defaultColorCodes: entry.string("op") == Array("\u{1B}[39;49m".utf8),
            reset: entry.string("sgr0") ?? Array("\u{1B}[m".utf8),
            clear: clear,
            clearHomesCursor: clear.starts(with: "\u{1B}[H".utf8),
            columnAddress: entry.string("hpa", 9) == Array("\u{1B}[10G".utf8),
            rowAddress: entry.string("vpa", 4) == Array("\u{1B}[5d".utf8),
            relativeMoves: entry.string("cuf", 3) == Array("\u{1B}[3C".utf8) && entry.string("cub", 3) == Array("\u{1B}[3D".utf8)
                && entry.string("cud", 3) == Array("\u{1B}[3B".utf8) && entry.string("cuu", 3) == Array("\u{1B}[3A".utf8),
            carriageReturn: entry.string("cr") == [0x0D],
            lineFeed: entry.string("cud1") == [0x0A],
            repeatCharacter: entry.string("rep", Int(UInt8(ascii: "x")), 5) == Array("x\u{1B}[4b".utf8)
                && !(identity?.lacksRepeat ?? false),
            eraseCharacters: entry.string("ech", 5) == Array("\u{1B}[5X".utf8),
            eraseLine: entry.string("el") == Array("\u{1B}[K".utf8),
            backgroundColorErase: capabilities.flag("bce"),
            scrollsAfterLastCell: capabilities.flag("am") && !capabilities.flag("xenl")
        )
        if let colorTerm, ["truecolor", "24bit"].contains(colorTerm.lowercased()) {
            switch codes.colorFormat {
            case .none, .direct: break
            case .basic8, .basic16, .palette256, .indexed:
                codes.colorFormat = .direct(separator: UInt8(ascii: ";"), emptyColorSpace: false)
            }
        }
        return codes
    }

    /// An entry's strings with parameters filled in (ncurses' `tiparm`), padding removed.
    private struct Entry {
        let capabilities: any TerminfoCapabilities

        /// Capability `name` with `first` and `second` filled in; nil when absent.
        func string(_ name: String, _ first: Int = 0, _ second: Int = 0) -> [UInt8]? {
            guard var format = capabilities.string(name) else { return nil }
            format.append(0)
            let value = format.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { zs_tiparm_format($0.baseAddress, first, second) }
            }
            guard let value else { return nil }
            return withoutPadding(Array(String(cString: value).utf8))
        }

        func number(_ name: String) -> Int { capabilities.number(name) ?? -1 }
    }

    /// The colour format, checked by asking terminfo for sample colours of each range the
    /// terminal's palette (`colors`) covers, in the basic forms (30–37, 90–97) or, as some
    /// entries write every colour, the indexed form (`38;5;N`).
    private static func colorFormat(_ entry: Entry) -> ColorFormat {
        let colors = entry.number("colors")
        func matches(_ number: Int, _ foreground: String, _ background: String) -> Bool {
            entry.string("setaf", number) == Array("\u{1B}[\(foreground)m".utf8)
                && entry.string("setab", number) == Array("\u{1B}[\(background)m".utf8)
        }
        func indexed(_ number: Int) -> Bool { matches(number, "38;5;\(number)", "48;5;\(number)") }
        if colors >= 16, indexed(1), indexed(7), indexed(9), indexed(colors - 1) {
            return .indexed(paletteSize: colors)
        }
        guard colors >= 8, matches(1, "31", "41"), matches(7, "37", "47") else { return .none }
        if colors >= 1 << 24 {
            let (r, g, b) = (0x12, 0x34, 0x56)
            for (separator, empty) in [(UInt8(ascii: ":"), true), (UInt8(ascii: ";"), false), (UInt8(ascii: ":"), false)] {
                let format = ColorFormat.direct(separator: separator, emptyColorSpace: empty)
                var foreground: [UInt8] = []
                var background: [UInt8] = []
                TerminalPen.appendColor(0x123456, background: false, format: format, to: &foreground)
                TerminalPen.appendColor(0x123456, background: true, format: format, to: &background)
                if matches(r << 16 | g << 8 | b, String(decoding: foreground, as: UTF8.self), String(decoding: background, as: UTF8.self)) {
                    return format
                }
            }
            return .basic8
        }
        guard colors >= 16, matches(9, "91", "101") else { return .basic8 }
        guard colors >= 256, matches(75, "38;5;75", "48;5;75"), matches(255, "38;5;255", "48;5;255") else { return .basic16 }
        return .palette256
    }

    private static func attributes(_ entry: Entry) -> CellAttributes {
        var result: CellAttributes = []
        for (attribute, capability, code) in [
            (CellAttributes.bold, "bold", 1), (.dim, "dim", 2), (.italic, "sitm", 3), (.underline, "smul", 4), (.reverse, "rev", 7),
        ] where entry.string(capability) == Array("\u{1B}[\(code)m".utf8) {
            result.insert(attribute)
        }
        return result
    }

    /// Removes terminfo delays (`$<5>`, `$<2/>`): they are for real terminals' timing, not bytes.
    static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<"),
                let end = bytes[index...].firstIndex(of: UInt8(ascii: ">"))
            {
                index = end + 1
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }
}
