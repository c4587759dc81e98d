/// The JSON Schema of a theme file, what `ThemeDecoder` reads: every key optional, role names
/// and enum values from `ThemeRole`, `GlyphSetName` and `BorderStyle` themselves.
enum ThemeSchema {
    static func document(id: String) -> JSONValue {
        var roles: JSONObject = [:]
        for role in ThemeRole.allCases {
            roles[role.rawValue] = SchemaTerms.ref("style")
        }
        return [
            "$schema": .string(InputSchema.draft),
            "$id": .string(id),
            "title": "ZappShell theme",
            "description":
                "Colours for each UI role, the glyph set and the border style. Roles left out take the default dark theme's style. Unknown top-level keys are ignored; unknown role names are errors.",
            "type": "object",
            "properties": [
                "$schema": ["type": "string", "description": "The schema this file follows (for editors)."],
                "name": SchemaTerms.string("The theme's name (default: the file name)."),
                "glyphs": SchemaTerms.choice(GlyphSetName.self, "Unicode box drawing and symbols, or plain ASCII (default unicode)."),
                "border": SchemaTerms.choice(BorderStyle.self, "How pane and card borders are drawn (default rounded)."),
                "roles": [
                    "type": ["object", "null"],
                    "description": "A style for each UI role.",
                    "properties": .object(roles),
                    "additionalProperties": false,
                ],
            ],
            "$defs": [
                "style": [
                    "title": "Style",
                    "description": "A role's colours (absent: the terminal's default) and attributes.",
                    "type": ["object", "null"],
                    "properties": [
                        "fg": SchemaTerms.color("Foreground colour."),
                        "bg": SchemaTerms.color("Background colour."),
                        "bold": SchemaTerms.bool("Bold."),
                        "dim": SchemaTerms.bool("Dim."),
                        "underline": SchemaTerms.bool("Underlined."),
                        "reverse": SchemaTerms.bool("Colours swapped."),
                        "italic": SchemaTerms.bool("Italic."),
                    ],
                ]
            ],
        ]
    }
}
