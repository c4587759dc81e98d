/// The names keys have in a tape (`key Enter`, `key "g"`, `key Ctrl-R`): one table both ways,
/// so what the recorder writes is what the parser reads.
enum TapeKey {
    static let named: [(String, Key)] = [
        ("Up", .up), ("Down", .down), ("Left", .left), ("Right", .right),
        ("Home", .home), ("End", .end), ("PageUp", .pageUp), ("PageDown", .pageDown),
        ("Enter", .enter), ("Esc", .escape), ("Tab", .tab), ("BackTab", .backTab),
        ("Backspace", .backspace), ("Delete", .delete),
    ]

    /// The tape's name of `key`: a name from the table, `F5`, `Ctrl-R`, or a quoted character.
    static func name(of key: Key) -> String {
        if let entry = named.first(where: { $0.1 == key }) { return entry.0 }
        switch key {
        case .function(let number): return "F\(number)"
        case .control(let letter): return "Ctrl-\(String(letter).uppercased())"
        case .character(let character): return TapeText.quoted(String(character))
        default: return "?"
        }
    }

    /// The key a name stands for (names are matched without regard to case), or nil.
    static func key(named name: String) -> Key? {
        if name.hasPrefix("\"") {
            guard let text = TapeText.unquoted(name), text.count == 1, let character = text.first else { return nil }
            return .character(character)
        }
        let lower = name.lowercased()
        if let entry = named.first(where: { $0.0.lowercased() == lower }) { return entry.1 }
        if lower == "escape" { return .escape }
        if lower == "return" { return .enter }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...24).contains(number) { return .function(number) }
        if lower.hasPrefix("ctrl-"), lower.count == 6, let letter = lower.last, letter.isASCII, letter.isLetter {
            return .control(letter)
        }
        return nil
    }

    /// The known names, for the message about an unknown one.
    static var knownNames: String {
        named.map(\.0).joined(separator: ", ") + ", F1-F24, Ctrl-A-Ctrl-Z, or one character in quotes (\"g\")"
    }
}

/// Quoted text in a tape: double quotes, with `\"`, `\\`, `\n`, `\t`, `\e` and `\u{HEX}` escapes.
enum TapeText {
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\u{1B}": result += "\\e"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// The text of a quoted string that is the whole of `token`; nil when it is not one.
    static func unquoted(_ token: String) -> String? {
        guard let (text, rest) = leadingQuoted(token[...]), rest.isEmpty else { return nil }
        return text
    }

    /// A quoted string at the start of `text` and what follows it; nil when there is none or
    /// it does not end.
    static func leadingQuoted(_ text: Substring) -> (String, Substring)? {
        guard text.first == "\"" else { return nil }
        var result = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            switch character {
            case "\"":
                return (result, text[index...])
            case "\\":
                guard index < text.endIndex else { return nil }
                let escaped = text[index]
                index = text.index(after: index)
                switch escaped {
                case "\"": result += "\""
                case "\\": result += "\\"
                case "n": result += "\n"
                case "t": result += "\t"
                case "e": result += "\u{1B}"
                case "u":
                    guard index < text.endIndex, text[index] == "{", let close = text[index...].firstIndex(of: "}"),
                        let value = UInt32(text[text.index(after: index)..<close], radix: 16), let scalar = Unicode.Scalar(value)
                    else { return nil }
                    result.unicodeScalars.append(scalar)
                    index = text.index(after: close)
                default: return nil
                }
            default:
                result.append(character)
            }
        }
        return nil
    }
}
