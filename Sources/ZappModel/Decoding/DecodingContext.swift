#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads values out of a `JSONValue` tree the tolerant way the Zapp SDK does, recording a
/// diagnostic with the JSON path for every value of the wrong type.
///
/// Tolerance: `null` and absent keys are the same; numbers may be written as strings
/// (`"17"`); booleans as `"1"`/`"0"`, `"true"`/`"false"` or 1/0; strings may be written as
/// numbers; an empty string stands for "not set" where a number, boolean, colour or
/// choice is expected (the App Builder writes `""` for unset fields). Unknown keys are
/// never looked at.
struct DecodingContext {
    let file: String
    var diagnostics: [Diagnostic] = []

    init(file: String) {
        self.file = file
    }

    // MARK: Reporting

    mutating func error(_ code: DiagnosticCode, at path: JSONPath, _ message: String, hint: String? = nil) {
        diagnostics.append(.error(code, file: file, at: .path(path), message, hint: hint))
    }

    mutating func warning(_ code: DiagnosticCode, at path: JSONPath, _ message: String, hint: String? = nil) {
        diagnostics.append(.warning(code, file: file, at: .path(path), message, hint: hint))
    }

    mutating func typeError(at path: JSONPath, expected: String, got value: JSONValue, hint: String? = nil) {
        error(.type, at: path, "expected \(expected), got \(Self.describe(value))", hint: hint)
    }

    mutating func missingKey(_ key: String, in path: JSONPath, expected: String) {
        error(.missingKey, at: path, "missing \(Quoted.value(key)) (expected \(expected))")
    }

    /// A value as shown in messages: strings quoted (and shortened), scalars as written,
    /// arrays and objects by kind.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let string): return Quoted.value(string)
        case .number(let number): return format(number)
        case .bool(let bool): return bool ? "true" : "false"
        case .null: return "null"
        case .array, .object: return value.kindDescription
        }
    }

    /// A number as JSON writes it (`17`, not `17.0`).
    static func format(_ number: Double) -> String {
        if number.rounded() == number, abs(number) < 1e15 { return String(Int(number)) }
        return String(number)
    }

    // MARK: Readers

    /// A string; a number is accepted, written as JSON writes it, with a warning (`"id": 17`).
    mutating func string(_ object: JSONObject, _ key: String, at path: JSONPath) -> String? {
        switch object[key] {
        case nil, .null: return nil
        case .string(let string): return string
        case .number(let number):
            let string = Self.format(number)
            warning(.type, at: path + key, "expected a string, got \(string); read as \"\(string)\"")
            return string
        case .some(let value):
            typeError(at: path + key, expected: "a string", got: value)
            return nil
        }
    }

    /// A string that must be present; a missing one is reported.
    mutating func requiredString(_ object: JSONObject, _ key: String, at path: JSONPath) -> String? {
        guard let value = object[key], !value.isNull else {
            missingKey(key, in: path, expected: "a string")
            return nil
        }
        return string(object, key, at: path)
    }

    /// A string, with an empty one meaning "not set".
    mutating func nonEmptyString(_ object: JSONObject, _ key: String, at path: JSONPath) -> String? {
        guard let string = string(object, key, at: path), !string.isEmpty else { return nil }
        return string
    }

    mutating func number(_ object: JSONObject, _ key: String, at path: JSONPath) -> Double? {
        guard let value = setValue(object, key) else { return nil }
        guard let number = value.doubleValue, number.isFinite else {
            typeError(at: path + key, expected: "a number", got: value)
            return nil
        }
        return number
    }

    mutating func integer(_ object: JSONObject, _ key: String, at path: JSONPath) -> Int? {
        guard let value = setValue(object, key) else { return nil }
        guard let integer = value.intValue else {
            typeError(at: path + key, expected: "an integer", got: value)
            return nil
        }
        return integer
    }

    mutating func bool(_ object: JSONObject, _ key: String, at path: JSONPath) -> Bool? {
        guard let value = setValue(object, key) else { return nil }
        guard let bool = value.boolValue else {
            typeError(at: path + key, expected: "a boolean", got: value)
            return nil
        }
        return bool
    }

    mutating func color(_ object: JSONObject, _ key: String, at path: JSONPath) -> ZappColor? {
        guard let value = setValue(object, key) else { return nil }
        guard let string = value.stringValue else {
            typeError(at: path + key, expected: "a colour string", got: value)
            return nil
        }
        guard let color = ZappColor(hex: string) else {
            error(
                .invalidValue, at: path + key, "expected a colour (#AARRGGBB or #RRGGBB), got \(Self.describe(value))",
                hint: "write a colour as eight or six hex digits, such as #FF1A2B3C")
            return nil
        }
        return color
    }

    /// One of an enum's raw values: `expected one of on_top, overlay, hidden, got "ontop"`.
    mutating func choice<Choice: RawRepresentable & CaseIterable>(
        _ object: JSONObject, _ key: String, at path: JSONPath, as: Choice.Type = Choice.self
    ) -> Choice? where Choice.RawValue == String {
        guard let value = setValue(object, key) else { return nil }
        if case .string(let string) = value, let choice = Choice(rawValue: string) { return choice }
        let options = Choice.allCases.map(\.rawValue)
        guard let string = value.stringValue else {
            typeError(at: path + key, expected: "one of \(options.joined(separator: ", "))", got: value)
            return nil
        }
        let normalized = Self.normalize(string)
        let suggestion = options.first { Self.normalize($0) == normalized }
        error(
            .invalidValue, at: path + key,
            "expected one of \(options.joined(separator: ", ")), got \(Self.describe(value))",
            hint: suggestion.map { "did you mean \"\($0)\"?" })
        return nil
    }

    /// An object key that must be one of an enum's raw values (a theme's role names): an
    /// unknown key is an error at its path, with a "did you mean" or else the known names.
    mutating func knownKey<Choice: RawRepresentable & CaseIterable>(
        _ key: String, at path: JSONPath, as: Choice.Type = Choice.self
    ) -> Choice? where Choice.RawValue == String {
        if let choice = Choice(rawValue: key) { return choice }
        let options = Choice.allCases.map(\.rawValue)
        let suggestion = options.first { Self.normalize($0) == Self.normalize(key) }
        error(
            .invalidValue, at: path + key, "unknown key \(Quoted.value(key))",
            hint: suggestion.map { "did you mean \"\($0)\"?" } ?? "known: \(options.joined(separator: ", "))")
        return nil
    }

    /// An object; absent or `null` is empty.
    mutating func object(_ object: JSONObject, _ key: String, at path: JSONPath) -> JSONObject {
        switch object[key] {
        case nil, .null: return [:]
        case .object(let value): return value
        case .some(let value):
            typeError(at: path + key, expected: "an object", got: value)
            return [:]
        }
    }

    /// An array; absent or `null` is empty.
    mutating func array(_ object: JSONObject, _ key: String, at path: JSONPath) -> [JSONValue] {
        switch object[key] {
        case nil, .null: return []
        case .array(let value): return value
        case .some(let value):
            typeError(at: path + key, expected: "an array", got: value)
            return []
        }
    }

    /// The value of `key` unless it is absent, `null` or an empty string.
    private func setValue(_ object: JSONObject, _ key: String) -> JSONValue? {
        switch object[key] {
        case nil, .null: return nil
        case .string(let string) where string.isBlank: return nil
        case .some(let value): return value
        }
    }

    static func normalize(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" && $0 != " " }.map(Character.init))
    }
}
