/// The one owner of the rule "no control character leaves the program": every text that
/// reaches the screen, stdout, stderr, a JSON document or the log file goes through it.
///
/// Controls are C0 (U+0000–U+001F), DEL and C1 (U+007F–U+009F), bidirectional marks,
/// embeddings, overrides and isolates, the byte order mark / interlinear annotation marks,
/// and the Unicode line and paragraph separators (`isControl(_:)`). Three renderings:
///
/// - `sanitize(_:)` for the screen: controls and whole escape sequences are removed, tabs and
///   line breaks become spaces (a cell shows one glyph).
/// - `visible(_:keepingLineBreaks:)` for plain text (stdout, stderr, the log): each control is
///   written out as an escape in Swift's notation, so it is seen and does nothing:
///   `\t`, `\n`, `\r` and `\u{1B}`, `\u{9B}`, `\u{202E}`… for the others.
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
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
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

    /// True when the text holds no control (printable ASCII, and line breaks when kept, pass
    /// without a closer look).
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
        for scalar in text.unicodeScalars where isControl(scalar) {
            if keepingLineBreaks, scalar == "\n" || scalar == "\t" || scalar == "\r" { continue }
            return false
        }
        return true
    }

    /// The text as a screen cell shows it: controls and whole escape sequences (CSI, OSC,
    /// DCS/SOS/PM/APC strings, two-byte escapes, and their 8-bit C1 forms) removed, tabs and
    /// line breaks turned into spaces (the same string, without copying, when nothing needs
    /// removing).
    public static func sanitize(_ text: String) -> String {
        if isPlainASCII(text) { return text }
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func next() -> Unicode.Scalar? {
            if let scalar = pending {
                pending = nil
                return scalar
            }
            return scalars.next()
        }
        while let scalar = next() {
            let value = scalar.value
            switch value {
            case 0x1B:
                guard let introducer = scalars.next() else { break }
                switch introducer.value {
                case 0x5B: skipCSI(&scalars)
                case 0x5D, 0x50, 0x58, 0x5E, 0x5F: skipString(&scalars)
                case 0x20...0x2F:
                    while let more = scalars.next(), (0x20...0x2F).contains(more.value) {}
                default:
                    if introducer.value < 0x20 || introducer.value == 0x7F { pending = introducer }
                }
            case 0x9B: skipCSI(&scalars)
            case 0x9D, 0x90, 0x98, 0x9E, 0x9F: skipString(&scalars)
            case 0x09, 0x0A, 0x0D, 0x0B, 0x0C, 0x85, 0x2028, 0x2029:
                result.append(" ")
            case _ where isControl(scalar):
                continue
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// True when the text is printable ASCII only (nothing to do).
    @inline(__always)
    public static func isPlainASCII(_ text: String) -> Bool {
        for byte in text.utf8 where byte < 0x20 || byte >= 0x7F { return false }
        return true
    }

    /// Skips the parameters, intermediates and final byte of a control sequence.
    private static func skipCSI(_ scalars: inout String.UnicodeScalarView.Iterator) {
        while let scalar = scalars.next() {
            if (0x40...0x7E).contains(scalar.value) || scalar.value >= 0x80 || scalar.value < 0x20 { return }
        }
    }

    /// Skips a control string up to BEL or the string terminator (ESC \ or U+009C).
    private static func skipString(_ scalars: inout String.UnicodeScalarView.Iterator) {
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x07, 0x9C: return
            case 0x1B:
                _ = scalars.next()
                return
            default: continue
            }
        }
    }
}
