/// How `zapp-shell trust` shows a name it lists: bytes as they are when they are printable UTF-8,
/// anything else escaped (control characters, line and paragraph separators, bidirectional and
/// zero-width marks: `\n`, `\u{202E}`; bytes that are not UTF-8: `\xFF`; a backslash: `\\`), so a
/// name can neither fake a line of the listing nor hide what it is. `warning` says when a name
/// could be mistaken for another: a character that looks like an ASCII one (U+2010 HYPHEN for
/// `-`, a Cyrillic `а`), a combining mark (`café` written two ways), or letters of two scripts.
public enum TrustListingText {
    /// `bytes` as one printable line.
    public static func shown(_ bytes: [UInt8]) -> String {
        var text = ""
        var index = 0
        while index < bytes.count {
            guard let (scalar, length) = decode(bytes, at: index) else {
                text += "\\x" + hex(UInt32(bytes[index]), digits: 2)
                index += 1
                continue
            }
            index += length
            if scalar == "\\" {
                text += "\\\\"
            } else if scalar == "\n" {
                text += "\\n"
            } else if scalar == "\t" {
                text += "\\t"
            } else if isInvisible(scalar) {
                text += "\\u{" + hex(scalar.value, digits: 4) + "}"
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// `text`'s UTF-8 as one printable line.
    public static func shown(_ text: String) -> String { shown(Array(text.utf8)) }

    /// Why `bytes` could be mistaken for another name, or nil.
    public static func warning(_ bytes: [UInt8]) -> String? {
        var scalars: [Unicode.Scalar] = []
        var index = 0
        while index < bytes.count {
            guard let (scalar, length) = decode(bytes, at: index) else { return "is not UTF-8" }
            scalars.append(scalar)
            index += length
        }
        if let lookalike = scalars.first(where: isLookalike) {
            return "holds U+\(hex(lookalike.value, digits: 4)), which looks like an ASCII character"
        }
        if let mark = scalars.first(where: { (0x300...0x36F).contains($0.value) }) {
            return "holds the combining mark U+\(hex(mark.value, digits: 4)): the same name can be written another way"
        }
        let scripts = Set(scalars.compactMap(script))
        if scripts.count > 1 { return "mixes \(scripts.sorted().joined(separator: " and ")) letters" }
        return nil
    }

    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F..<0xA0, 0xAD, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0xFEFF, 0xFFF9...0xFFFB: return true
        default: return false
        }
    }

    private static func isLookalike(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xA0, 0x2000...0x200A, 0x2010...0x2015, 0x2024, 0x2044, 0x2212, 0x2215, 0x2236, 0xFE58, 0xFE63, 0xFF01...0xFF5E:
            return true
        case 0x0400...0x04FF, 0x0370...0x03FF:
            // Cyrillic and Greek letters that share a glyph with a Latin one.
            return "аеорсухіјѕԁԛԝАВЕКМНОРСТХІЈЅαοντΑΒΕΖΗΙΚΜΝΟΡΤΥΧ".unicodeScalars.contains(scalar)
        default: return false
        }
    }

    private static func script(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F: return "Latin"
        case 0x370...0x3FF: return "Greek"
        case 0x400...0x4FF: return "Cyrillic"
        default: return nil
        }
    }

    /// The scalar whose UTF-8 starts at `index` and its length; nil for bytes that are not UTF-8.
    private static func decode(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        var iterator = bytes[index...].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return (scalar, UTF8.width(scalar))
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
