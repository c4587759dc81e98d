/// The JSON Schemas (draft 2020-12) of ZappShell's inputs (and of the gates report it writes), printed by `zapp-shell schema NAME`
/// for editors. They are built in Swift beside the decoders rather than checked in as files:
/// enum values come from the same Swift enums the decoders use, each value's tolerance from the
/// `SchemaTerms` builder named after the `DecodingContext` reader, and a test validates the
/// fixtures, the demo app and the corpus with a real validator and checks that the schema and
/// the decoder agree on bad inputs (ARCHITECTURE.md, "Schemas").
public enum InputSchema: String, Sendable, Hashable, CaseIterable {
    /// river.json.
    case river
    /// plugin_configurations.json (its `$defs/manifest` is a single manifest).
    case plugins
    /// content_types.json.
    case contentTypes = "content-types"
    /// A theme file.
    case theme
    /// The report `zapp-shell gates --format json` writes (an output: strict, `GatesSchema`).
    case gates

    /// The JSON Schema dialect of every schema.
    public static let draft = "https://json-schema.org/draft/2020-12/schema"

    /// The schema's `$id`: an identifier under the reserved `.example` domain, never fetched;
    /// editors are pointed at the printed file instead (docs/schemas.md).
    public var id: String { "https://zapp-shell.example/schemas/\(rawValue).schema.json" }

    /// The file this schema describes, for messages and editor settings.
    public var fileName: String {
        switch self {
        case .river: return "river.json"
        case .plugins: return "plugin_configurations.json"
        case .contentTypes: return ContentTypes.fileName
        case .theme: return "themes/*.json"
        case .gates: return "gates --format json"
        }
    }

    /// The schema document.
    public var document: JSONValue {
        switch self {
        case .river: return RiverSchema.document(id: id)
        case .plugins: return PluginConfigurationsSchema.document(id: id)
        case .contentTypes: return ContentTypesSchema.document(id: id)
        case .theme: return ThemeSchema.document(id: id)
        case .gates: return GatesSchema.document(id: id)
        }
    }

    /// The schema as indented JSON text, ending in a newline.
    public var text: String { document.prettyJSONText }
}
