/// The JSON Schema pieces for the values `DecodingContext` reads, one builder per reader with
/// the same name, so that each schema says of a key exactly what its decoder accepts: `null` and
/// an absent key are the same, numbers may be strings, booleans may be `"1"`/`"true"`/`1`, an
/// empty string means "not set" where a number, boolean, colour or choice is expected, and
/// unknown keys are never refused (ARCHITECTURE.md, "Schemas").
enum SchemaTerms {
    /// Blank text (spaces and tabs only): "not set" for numbers, booleans, colours and choices.
    static let blankPattern = "^[ \\t]*$"
    /// What Swift's `Double(_:)` reads after spaces and tabs are trimmed (decimal or hex; not
    /// `inf`/`nan`, which the decoder refuses as not finite).
    static let numberPattern =
        "^[ \\t]*[+-]?([0-9]+\\.?[0-9]*([eE][+-]?[0-9]+)?|\\.[0-9]+([eE][+-]?[0-9]+)?|0[xX][0-9a-fA-F]+(\\.[0-9a-fA-F]*)?([pP][+-]?[0-9]+)?)[ \\t]*$"
    /// A whole number written as text (`"2"`, `"2.0"`).
    static let integerPattern = "^[ \\t]*[+-]?[0-9]+(\\.0*)?[ \\t]*$"
    /// The texts `JSONValue.boolValue` reads, in any case, or blank.
    static let booleanPattern = "^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|[Yy][Ee][Ss]|[Nn][Oo]|1|0|[ \\t]*)$"
    /// `ZappColor(hex:)`: six or eight hex digits, `#` optional, or blank.
    static let colorPattern = "^[ \\t]*(#?([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8}))?[ \\t]*$"

    /// `DecodingContext.string`: a string; a number is read as its text (with a warning).
    static func string(_ description: String) -> JSONValue {
        ["type": ["string", "number", "null"], "description": .string(description)]
    }

    /// `DecodingContext.requiredString`: as `string`, but `null` counts as missing.
    static func requiredString(_ description: String) -> JSONValue {
        ["type": ["string", "number"], "description": .string(description)]
    }

    /// `DecodingContext.number`: a number, or a string holding one.
    static func number(_ description: String) -> JSONValue {
        [
            "description": .string(description),
            "anyOf": [["type": ["number", "null"]], ["type": "string", "pattern": .string(numberPattern)], blank],
        ]
    }

    /// `DecodingContext.integer`: a whole number, or a string holding one.
    static func integer(_ description: String) -> JSONValue {
        [
            "description": .string(description),
            "anyOf": [["type": ["integer", "null"]], ["type": "string", "pattern": .string(integerPattern)], blank],
        ]
    }

    /// `DecodingContext.bool`: `true`/`false`, 1/0, or `"1"`/`"0"`, `"true"`/`"false"`, `"yes"`/`"no"`.
    static func bool(_ description: String) -> JSONValue {
        [
            "description": .string(description),
            "anyOf": [["type": ["boolean", "null"]], ["enum": [0, 1]], ["type": "string", "pattern": .string(booleanPattern)]],
        ]
    }

    /// `DecodingContext.color`: `#AARRGGBB` or `#RRGGBB` (`#` optional).
    static func color(_ description: String) -> JSONValue {
        ["type": ["string", "null"], "pattern": .string(colorPattern), "description": .string(description)]
    }

    /// `DecodingContext.choice`: one of an enum's raw values.
    static func choice<Choice: RawRepresentable & CaseIterable>(_ type: Choice.Type, _ description: String) -> JSONValue
    where Choice.RawValue == String {
        [
            "description": .string(description),
            "anyOf": [["enum": .array(Choice.allCases.map { .string($0.rawValue) } + [.null])], blank],
        ]
    }

    /// `DecodingContext.object`: an object (its keys free), or `null`.
    static func object(_ description: String) -> JSONValue {
        ["type": ["object", "null"], "description": .string(description)]
    }

    /// An object or `null` whose known keys are described; other keys are allowed.
    static func object(_ description: String, properties: JSONObject, required: [String] = []) -> JSONValue {
        var schema: JSONObject = ["type": ["object", "null"], "description": .string(description), "properties": .object(properties)]
        if !required.isEmpty { schema["required"] = .array(required.map { .string($0) }) }
        return .object(schema)
    }

    /// `DecodingContext.array`: an array of `items`, or `null`.
    static func array(_ description: String, items: JSONValue) -> JSONValue {
        ["type": ["array", "null"], "description": .string(description), "items": items]
    }

    /// A reference to a definition in the same schema (`#/$defs/NAME`).
    static func ref(_ name: String) -> JSONValue {
        ["$ref": .string("#/$defs/\(name)")]
    }

    private static let blank: JSONValue = ["type": "string", "pattern": .string(blankPattern)]
}
