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
package enum TapeText {
    package static func quoted(_ text: String) -> String {
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
        try? text(ofQuoted: token)
    }

    /// The text of a quoted string that is the whole of `token`, or why it is not one (no
    /// quotes, no closing quote, an unknown escape, text after the closing quote).
    static func text(ofQuoted token: String) throws(TapeProblem) -> String {
        let (text, rest) = try leadingQuoted(token[...])
        guard rest.isEmpty else { throw TapeProblem("text after the closing quote: \(String(rest.drop { $0 == " " }.prefix(40)))") }
        return text
    }

    /// The escapes quoted text knows, for the message about an unknown one.
    static let escapes = #"\", \\, \n, \t, \e, \u{HEX}"#

    /// A quoted string at the start of `text` and what follows it, or why there is none.
    static func leadingQuoted(_ text: Substring) throws(TapeProblem) -> (String, Substring) {
        guard text.first == "\"" else { throw TapeProblem("no opening double quote") }
        var result = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            switch character {
            case "\"":
                return (result, text[index...])
            case "\\":
                guard index < text.endIndex else { break }
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
                    else { throw TapeProblem("\\u needs a Unicode scalar in hexadecimal between braces (e.g. \\u{1b})") }
                    result.unicodeScalars.append(scalar)
                    index = text.index(after: close)
                default:
                    throw TapeProblem("unknown escape \\\(escaped) (escapes: \(escapes))")
                }
            default:
                result.append(character)
            }
        }
        throw TapeProblem("no closing double quote")
    }
}

/// Why a value in a tape line cannot be read; `TapeError` adds the line.
struct TapeProblem: Error {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
