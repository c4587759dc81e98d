/// Makes configuration text safe to draw: removes C0 and C1 control characters, DEL, whole
/// escape sequences (CSI, OSC, DCS/SOS/PM/APC strings, two-byte escapes, and their 8-bit C1
/// forms), bidirectional overrides and isolates, and turns tabs and line breaks into spaces.
/// Applied to every string before it reaches a cell, so control bytes never reach the terminal.
public enum TextSanitizer {
    /// The sanitised text (the same string, without copying, when nothing needs removing).
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
            case 0x00..<0x20, 0x7F..<0xA0:
                continue
            case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF, 0xFFF9...0xFFFB:
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
