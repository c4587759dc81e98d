/// The JSON Schema of plugin_configurations.json, key for key what `PluginConfigurationDecoder`
/// reads; `$defs/manifest` is a single plugin manifest (zappifest format) on its own.
enum PluginConfigurationsSchema {
    static func document(id: String) -> JSONValue {
        [
            "$schema": .string(InputSchema.draft),
            "$id": .string(id),
            "title": "Zapp plugin_configurations.json",
            "description":
                "An array of {\"plugin\": <manifest>, \"configuration_json\": {...}}. A single manifest file is #/$defs/manifest. Unknown keys are ignored, never an error.",
            "type": "array",
            "items": SchemaTerms.ref("configuration"),
            "$defs": [
                "configuration": configuration,
                "manifest": manifest,
                "field": field,
            ],
        ]
    }

    static let configuration: JSONValue = [
        "title": "Plugin configuration",
        "type": "object",
        "required": ["plugin"],
        "properties": [
            "plugin": SchemaTerms.ref("manifest"),
            "configuration_json": [
                "description":
                    "The plugin's configuration; null or absent is empty. Some exports write the object as a JSON string, which is read when it holds an object.",
                "type": ["object", "null", "string"],
                "contentMediaType": "application/json",
            ],
        ],
    ]

    static let manifest: JSONValue = [
        "title": "Plugin manifest",
        "type": "object",
        "required": ["identifier", "type"],
        "properties": [
            "identifier": SchemaTerms.requiredString("What hooks and navigation_type name the plugin by."),
            "name": SchemaTerms.string("The plugin's name."),
            "type": SchemaTerms.requiredString("login, menu, nav_bar, general, analytics, player, ..."),
            "screen": SchemaTerms.bool("The plugin has a hook screen in the river."),
            "preload": SchemaTerms.bool("The plugin can run as a pre-hook."),
            "api": SchemaTerms.object(
                "How the SDK creates the plugin.",
                properties: [
                    "class_name": SchemaTerms.string(
                        "The plugin class; ZappShell provides \(BuiltInPluginClass.allCases.map(\.rawValue).joined(separator: ", ")) and stands in for others."),
                    "require_startup_execution": SchemaTerms.bool("The plugin runs the startup hooks."),
                ]),
            "general": SchemaTerms.object(
                "General settings.",
                properties: ["fields": SchemaTerms.array("Settings with their initial_value.", items: SchemaTerms.ref("field"))]),
            "styles": SchemaTerms.object(
                "Style settings.",
                properties: ["fields": SchemaTerms.array("Settings with their initial_value.", items: SchemaTerms.ref("field"))]),
            "custom_configuration_fields": [
                "description": "The defaults of configuration_json (their default, or initial_value); one field object alone is read as a list of one (a warning).",
                "anyOf": [["type": "array", "items": SchemaTerms.ref("field")], ["type": "object", "required": ["key"]]],
            ],
        ],
    ]

    /// An entry without a string `key` is dropped with a warning, so only a usable entry's
    /// `type` is checked; a group (no `key`, its own `fields`) holds more fields.
    static let field: JSONValue = [
        "title": "Manifest field",
        "description": "{key, type, initial_value | default}, or a group {group, label, fields: [...]} whose fields are read as if they were here; another entry without a string key is ignored (a warning).",
        "if": ["type": "object", "required": ["key"], "properties": ["key": ["type": "string", "minLength": 1]]],
        "else": ["properties": ["fields": ["type": "array", "items": SchemaTerms.ref("field")]]],
        "then": [
            "properties": [
                "key": ["description": "The setting's key."],
                "type": SchemaTerms.string("The editor's kind of field (text, checkbox, tag_select, ...)."),
                "initial_value": ["description": "The default (general/styles fields)."],
                "default": ["description": "The default (custom_configuration_fields)."],
            ]
        ],
    ]
}
