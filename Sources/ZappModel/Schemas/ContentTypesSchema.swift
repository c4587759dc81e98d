/// The JSON Schema of content_types.json, what `ContentTypes.decode` reads.
enum ContentTypesSchema {
    static func document(id: String) -> JSONValue {
        [
            "$schema": .string(InputSchema.draft),
            "$id": .string(id),
            "title": "Zapp content_types.json",
            "description":
                "Which screen opens a feed entry of each type: {\"<entry type.value>\": {\"screen_id\": \"<id>\"}}. An unmapped entry opens a details pane.",
            "type": "object",
            "properties": [
                "$schema": ["type": "string", "description": "The schema this file follows (for editors; not a type)."]
            ],
            "additionalProperties": [
                "title": "Content type",
                "type": "object",
                "required": ["screen_id"],
                "properties": [
                    "screen_id": [
                        "type": "string", "minLength": 1,
                        "description": "The screen opened (through the hooks) with {\"entry\": <entry>} in the dataDict.",
                    ]
                ],
            ],
        ]
    }
}
