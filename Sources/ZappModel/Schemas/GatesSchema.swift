/// The JSON Schema of `zapp-shell gates --format json`, the gates report (ZappCore's
/// `GatesReport.json`). An output, not an input: it is strict (every key is required, no
/// others), and its enums come from the report's vocabulary (`HookKind`, `ScreenReachKind`,
/// `HookDecision`, `GateOutcome`).
enum GatesSchema {
    static func document(id: String) -> JSONValue {
        [
            "$schema": .string(InputSchema.draft),
            "$id": .string(id),
            "title": "zapp-shell gates report",
            "description": "Every screen of an app: how it is reached, its hooks, flow blockers and the outcome signed out and signed in.",
            "type": "object",
            "required": ["app", "signed_in", "session", "summary", "screens", "unreachable"],
            "additionalProperties": false,
            "properties": [
                "app": string("The app's name."),
                "signed_in": nullableString("The user of the signed-in outcomes (--signed-in), else null."),
                "session": nullableString("What --signed-in seeded, as trace's first line, else null."),
                "summary": strict(
                    "How many screens, and how many are gated, ask without blocking, open and unreachable (signed out).",
                    ["screens": count, "gated": count, "asks": count, "open": count, "unreachable": count]),
                "screens": ["type": "array", "items": ["$ref": "#/$defs/screen"]],
                "unreachable": ["type": "array", "items": ["type": "string"], "description": "Ids of the screens nothing leads to."],
            ],
            "$defs": [
                "screen": strict(
                    "One screen.",
                    [
                        "id": string("The screen id."),
                        "name": string("The screen name."),
                        "gated": bool("A pre hook that may ask is a flow blocker (the running app's lock mark)."),
                        "reachable": bool("Reached by navigating from home, the root menu or a content type."),
                        "reached_by": ["type": "array", "items": ["$ref": "#/$defs/reach"]],
                        "deep_link": string("A link that opens the screen (run --open)."),
                        "pre_hooks": ["type": "array", "items": ["$ref": "#/$defs/hook"]],
                        "post_hooks": ["type": "array", "items": ["$ref": "#/$defs/hook"]],
                        "signed_out": ["$ref": "#/$defs/session"],
                        "signed_in": ["anyOf": [["$ref": "#/$defs/session"], ["type": "null"]]],
                    ]),
                "reach": strict(
                    "One way to reach the screen.",
                    [
                        "kind": choice(ScreenReachKind.self),
                        "label": nullableString("The item's, button's or cell's title, the content type or the hook."),
                        "from": nullableString("The screen it is on."),
                        "feed": nullableString("The feed the item connects the screen to."),
                        "line": string("The reach in words."),
                    ]),
                "hook": strict(
                    "One hook of the chain, in order.",
                    [
                        "identifier": string("The plugin identifier."),
                        "kind": choice(HookKind.self),
                        "class": nullableString("The class serving the plugin."),
                        "manifest_class": nullableString("The manifest's api.class_name when another class serves it."),
                        "hook_screen": nullableString("The hook screen (screen_id)."),
                        "flow_blocker": bool("Whether its failure stops the navigation."),
                        "flow_blocker_source": string("Where the flow-blocker answer came from."),
                        "has_ui": bool("It shows a pane."),
                        "may_ask": bool("It can fail by an answer (a pane or an external program)."),
                        "can_block": bool("It may ask and it is a flow blocker."),
                        "skipped": nullableString("Why it is skipped, else null."),
                        "line": string("The hook in words."),
                    ]),
                "session": strict(
                    "Opening the screen in one session state.",
                    [
                        "outcome": choice(GateOutcome.self),
                        "steps": [
                            "type": "array",
                            "items": strict(
                                "What one pre hook does.",
                                ["identifier": string("The plugin identifier."), "decision": choice(HookDecision.self), "why": string("Why.")]),
                        ],
                        "when_accepted": string("trace's result when every asking hook succeeds."),
                        "when_declined": string("trace's result when every asking hook fails."),
                        "line": string("The outcome in words."),
                    ]),
            ],
        ]
    }

    private static let count: JSONValue = ["type": "integer", "minimum": 0]

    private static func string(_ description: String) -> JSONValue {
        ["type": "string", "description": .string(description)]
    }

    private static func nullableString(_ description: String) -> JSONValue {
        ["type": ["string", "null"], "description": .string(description)]
    }

    private static func bool(_ description: String) -> JSONValue {
        ["type": "boolean", "description": .string(description)]
    }

    private static func choice<Choice: RawRepresentable & CaseIterable>(_ type: Choice.Type) -> JSONValue
    where Choice.RawValue == String {
        ["enum": .array(Choice.allCases.map { .string($0.rawValue) })]
    }

    /// An object with exactly these keys.
    private static func strict(_ description: String, _ properties: JSONObject) -> JSONValue {
        [
            "type": "object", "description": .string(description), "additionalProperties": false,
            "required": .array(properties.keys.sorted().map(JSONValue.string)), "properties": .object(properties),
        ]
    }
}
