/// The one owner of the rule "no control character leaves the program": every text that
/// reaches the screen, stdout, stderr, a JSON document or the log file goes through it.
///
/// Controls are C0 (U+0000–U+001F), DEL and C1 (U+007F–U+009F), bidirectional marks,
/// embeddings, overrides and isolates, the byte order mark / interlinear annotation marks,
/// and the Unicode line and paragraph separators (`isControl(_:)`). Three renderings:
///
/// - `sanitize(_:)` for the screen (`Canvas` calls it for every text it draws): each control
///   becomes a visible picture (`␛`, `␇`, `�`), tabs and line breaks become spaces (a cell
///   row shows one line), stacks of combining marks are cut.
/// - `visible(_:keepingLineBreaks:)` for plain text (stdout, stderr, the log): each control is
///   written out as an escape in Swift's notation, so it is seen and does nothing:
///   `\t`, `\n`, `\r` and `\u{1B}`, `\u{9B}`, `\u{202E}`… for the others; stacks of
///   combining marks are cut as on the screen.
/// - `jsonEscaped(_:)` for JSON documents: controls inside strings become `\u001b`-style escapes (as JSON encoders write C0).
public enum TextSanitizer {
    /// True for a scalar that must never reach an output as itself.
    @inline(__always)
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F..<0xA0: return true
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF, 0xFFF9...0xFFFB: return true
        case 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// Plain text with every control written out as an escape (`\u{1B}`, `\n`): safe on a
    /// terminal and in a log, and still showing what the configuration holds. With
    /// `keepingLineBreaks`, `\n` and `\t` are kept (for multi-line reports whose lines the
    /// program itself joined).
    public static func visible(_ text: String, keepingLineBreaks: Bool = false) -> String {
        if isClean(text, keepingLineBreaks: keepingLineBreaks) { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        var run = MarkRun()
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else {
                if run.keeps(scalar) { result.unicodeScalars.append(scalar) }
                continue
            }
            run.reset()
            switch scalar.value {
            case 0x0A where keepingLineBreaks, 0x09 where keepingLineBreaks: result.unicodeScalars.append(scalar)
            case 0x0A: result += "\\n"
            case 0x09: result += "\\t"
            case 0x0D: result += "\\r"
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    /// A JSON document with every control inside its strings escaped as `\uXXXX`. JSON
    /// encoders escape C0 but write C1 and bidirectional controls as they are; outside strings
    /// a document holds only spaces, tabs and line breaks, which are kept.
    public static func jsonEscaped(_ json: String) -> String {
        if isClean(json, keepingLineBreaks: true) { return json }
        var result = ""
        result.reserveCapacity(json.utf8.count + 16)
        for scalar in json.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09, 0x0D:
                result.unicodeScalars.append(scalar)
            case _ where isControl(scalar):
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// True when the text holds no control and no stack of marks past the limit (printable
    /// ASCII, and line breaks when kept, pass without a closer look).
    private static func isClean(_ text: String, keepingLineBreaks: Bool) -> Bool {
        var ascii = true
        for byte in text.utf8 {
            if byte >= 0x80 {
                ascii = false
                break
            }
            if byte == 0x7F { return false }
            if byte < 0x20 {
                guard keepingLineBreaks, byte == 0x0A || byte == 0x09 || byte == 0x0D else { return false }
            }
        }
        if ascii { return true }
        var run = MarkRun()
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else {
                if !run.keeps(scalar) { return false }
                continue
            }
            run.reset()
            if keepingLineBreaks, scalar == "\n" || scalar == "\t" || scalar == "\r" { continue }
            return false
        }
        return true
    }

    /// The text as screen cells show it: every control is replaced by a visible picture, so
    /// it is seen and does nothing, and the characters around it keep their places.
    ///
    /// - C0 controls become their Unicode control pictures (ESC `␛`, BEL `␇`, NUL `␀`), DEL `␡`;
    ///   an escape sequence is therefore shown as text (`␛]0;title␇`) and none of it acts.
    /// - C1 controls (U+0080–U+009F: 8-bit CSI, OSC…), bidirectional embeddings, overrides and
    ///   isolates (U+202A–U+202E, U+2066–U+2069) and interlinear annotation marks become `�`
    ///   (U+FFFD): nothing reorders the rest of the line, and the place where one was is seen.
    /// - Bidirectional marks (LRM, RLM, ALM) and the byte order mark, which only ever steer
    ///   ordering and show nothing, are dropped.
    /// - Tab, line feed, CR (CR LF as one), VT, FF, NEL and the Unicode line and paragraph
    ///   separators become a space: a cell row shows one line.
    /// - At most `maximumMarks` combining marks and `maximumFormats` zero-width format
    ///   characters follow one base character ("Zalgo" text is cut to what a terminal cell
    ///   holds; emoji ZWJ and tag sequences fit).
    ///
    /// The same string, without copying, comes back when it is printable ASCII.
    public static func sanitize(_ text: String) -> String {
        if isPlainASCII(text) { return text }
        var result = String.UnicodeScalarView()
        var run = MarkRun()
        var afterCR = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            defer { afterCR = value == 0x0D }
            switch value {
            case 0x20..<0x7F:
                run.reset()
                result.append(scalar)
            case 0x0A where afterCR:
                continue
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029:
                run.reset()
                result.append(" ")
            case 0x00..<0x20:
                run.reset()
                result.append(Unicode.Scalar(0x2400 + value) ?? replacement)
            case 0x7F:
                run.reset()
                result.append(deletePicture)
            case 0x80..<0xA0, 0x202A...0x202E, 0x2066...0x2069, 0xFFF9...0xFFFB:
                run.reset()
                result.append(replacement)
            case 0x200E, 0x200F, 0x061C, 0xFEFF:
                continue
            default:
                if run.keeps(scalar) { result.append(scalar) }
            }
        }
        return String(result)
    }

    /// Combining marks kept after one base character: ncurses stores a base and four more
    /// (`CCHARW_MAX` is 5), so the screen and `render` show the same.
    public static let maximumMarks = 4
    /// Zero-width format characters (ZWJ, ZWNJ, tags) kept after one base character: the
    /// longest emoji sequences (subdivision flags: six tags) fit.
    public static let maximumFormats = 8
    /// What a C1 or bidirectional control is shown as.
    public static let replacement: Unicode.Scalar = "\u{FFFD}"
    /// What DEL is shown as (SYMBOL FOR DELETE).
    static let deletePicture: Unicode.Scalar = "\u{2421}"

    /// Counts the combining marks and format characters since the last base character.
    struct MarkRun {
        var marks = 0
        var formats = 0

        mutating func reset() {
            marks = 0
            formats = 0
        }

        /// False for a mark or format character past its limit; a base character resets.
        mutating func keeps(_ scalar: Unicode.Scalar) -> Bool {
            guard scalar.value >= 0x300 else {
                reset()
                return true
            }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark:
                marks += 1
                return marks <= TextSanitizer.maximumMarks
            case .format:
                formats += 1
                return formats <= TextSanitizer.maximumFormats
            default:
                reset()
                return true
            }
        }
    }

    /// True when the text is printable ASCII only (nothing to do).
    @inline(__always)
    public static func isPlainASCII(_ text: String) -> Bool {
        for byte in text.utf8 where byte < 0x20 || byte >= 0x7F { return false }
        return true
    }
}
