extension JSONValue {
    /// Compact JSON text (object keys in their order), for external processes, HTTP bodies and what the UI shows.
    public var jsonText: String {
        var text = ""
        JSONText.append(self, to: &text)
        return text
    }
}

extension JSONValue {
    /// JSON text indented by two spaces, one member or element a line (object keys in their
    /// order; an array of scalars on one line), ending in a newline: for files people read, such
    /// as `zapp-shell schema`'s output.
    public var prettyJSONText: String {
        var text = ""
        Self.appendPretty(self, indent: "", to: &text)
        return text + "\n"
    }

    private static func appendPretty(_ value: JSONValue, indent: String, to text: inout String) {
        let inner = indent + "  "
        switch value {
        case .array(let array) where array.allSatisfy({ $0.arrayValue == nil && $0.objectValue == nil }):
            text += "[" + array.map(\.jsonText).joined(separator: ", ") + "]"
        case .array(let array):
            text += "[\n"
            for (offset, element) in array.enumerated() {
                text += offset > 0 ? ",\n" + inner : inner
                appendPretty(element, indent: inner, to: &text)
            }
            text += "\n" + indent + "]"
        case .object(let object) where !object.isEmpty:
            text += "{\n"
            for (offset, member) in object.enumerated() {
                text += offset > 0 ? ",\n" + inner : inner
                text += JSONValue.string(member.key).jsonText + ": "
                appendPretty(member.value, indent: inner, to: &text)
            }
            text += "\n" + indent + "}"
        default:
            text += value.jsonText
        }
    }
}

extension JSONObject {
    /// Compact JSON text of the object.
    public var jsonText: String { JSONValue.object(self).jsonText }
}

/// Writes JSON text; numbers that are whole print without a fraction, and values JSON cannot
/// express (infinity, NaN) print as `null`.
private enum JSONText {
    static func append(_ value: JSONValue, to text: inout String) {
        switch value {
        case .null: text += "null"
        case .bool(let bool): text += bool ? "true" : "false"
        case .number(let number): appendNumber(number, to: &text)
        case .string(let string): appendString(string, to: &text)
        case .array(let array):
            text += "["
            for (offset, element) in array.enumerated() {
                if offset > 0 { text += "," }
                append(element, to: &text)
            }
            text += "]"
        case .object(let object):
            text += "{"
            for (offset, member) in object.enumerated() {
                if offset > 0 { text += "," }
                appendString(member.key, to: &text)
                text += ":"
                append(member.value, to: &text)
            }
            text += "}"
        }
    }

    private static func appendNumber(_ number: Double, to text: inout String) {
        guard number.isFinite else {
            text += "null"
            return
        }
        if number.rounded() == number, abs(number) < 1e15 {
            text += String(Int64(number))
        } else {
            text += "\(number)"
        }
    }

    private static func appendString(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case let scalar where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
