/// Decodes plugin_configurations.json (an array of `{"plugin": <manifest>, "configuration_json": {...}}`)
/// and single plugin manifests (zappifest format), reporting type errors with JSON paths.
///
/// Entries with errors are still returned (with defaults) so that paths stay true and
/// validation can go on; a result with errors must not be run.
public enum PluginConfigurationDecoder {
    /// Decodes a parsed plugin_configurations.json. `file` names it in diagnostics.
    public static func decodeConfigurations(_ value: JSONValue, file: String)
        -> (plugins: [PluginConfiguration], diagnostics: [Diagnostic])
    {
        var context = DecodingContext(file: file)
        guard case .array(let elements) = value else {
            context.error(
                .type, at: .root, "expected an array of plugin configurations, got \(value.kindDescription)",
                hint: "plugin_configurations.json is a JSON array of {\"plugin\": {...}, \"configuration_json\": {...}}")
            return ([], context.diagnostics)
        }
        var plugins: [PluginConfiguration] = []
        for (index, element) in elements.enumerated() {
            plugins.append(decodeConfiguration(element, at: .root + index, context: &context))
        }
        return (plugins, context.diagnostics)
    }

    /// Decodes a parsed plugin manifest file; nil when it is not an object.
    public static func decodeManifest(_ value: JSONValue, file: String) -> (manifest: PluginManifest?, diagnostics: [Diagnostic]) {
        var context = DecodingContext(file: file)
        guard case .object(let object) = value else {
            context.error(.type, at: .root, "expected a plugin manifest object, got \(value.kindDescription)")
            return (nil, context.diagnostics)
        }
        let manifest = decodeManifest(object, at: .root, context: &context)
        return (manifest, context.diagnostics)
    }

    static func decodeConfiguration(_ value: JSONValue, at path: JSONPath, context: inout DecodingContext)
        -> PluginConfiguration
    {
        guard case .object(let object) = value else {
            context.typeError(at: path, expected: "a plugin configuration object", got: value)
            return PluginConfiguration(manifest: PluginManifest(identifier: "", type: ""))
        }
        let manifest: PluginManifest
        switch object["plugin"] {
        case .object(let plugin)?:
            manifest = decodeManifest(plugin, at: path + "plugin", context: &context)
        case nil, .null?:
            context.missingKey("plugin", in: path, expected: "the plugin's manifest object")
            manifest = PluginManifest(identifier: "", type: "")
        case .some(let other):
            context.typeError(at: path + "plugin", expected: "a manifest object", got: other)
            manifest = PluginManifest(identifier: "", type: "")
        }
        return PluginConfiguration(manifest: manifest, configuration: configuration(object, at: path, context: &context))
    }

    /// `configuration_json`: an object, `null`/absent (empty), or an object encoded as a
    /// JSON string, which some exports produce.
    static func configuration(_ object: JSONObject, at path: JSONPath, context: inout DecodingContext) -> JSONObject {
        switch object["configuration_json"] {
        case nil, .null?:
            return [:]
        case .object(let configuration)?:
            return configuration
        case .string(let text)? where text.isBlank:
            return [:]
        case .string(let text)?:
            if case .object(let configuration)? = try? JSONParser.parse(text) { return configuration }
            context.typeError(
                at: path + "configuration_json", expected: "an object", got: .string(text),
                hint: "a string is accepted only when it holds a JSON object")
            return [:]
        case .some(let other):
            context.typeError(at: path + "configuration_json", expected: "an object", got: other)
            return [:]
        }
    }

    static func decodeManifest(_ object: JSONObject, at path: JSONPath, context: inout DecodingContext) -> PluginManifest {
        var manifest = PluginManifest(
            identifier: context.requiredString(object, "identifier", at: path) ?? "",
            name: context.string(object, "name", at: path) ?? "",
            type: context.requiredString(object, "type", at: path) ?? "",
            isScreen: context.bool(object, "screen", at: path) ?? false,
            preload: context.bool(object, "preload", at: path) ?? false)
        let api = context.object(object, "api", at: path)
        let apiPath = path + "api"
        manifest.api = PluginAPI(
            className: context.nonEmptyString(api, "class_name", at: apiPath),
            requireStartupExecution: context.bool(api, "require_startup_execution", at: apiPath) ?? false)
        manifest.generalFields = fields(in: context.object(object, "general", at: path), at: path + "general", context: &context)
        manifest.styleFields = fields(in: context.object(object, "styles", at: path), at: path + "styles", context: &context)
        manifest.configurationFields = customFields(object, at: path, context: &context)
        return manifest
    }

    /// `general.fields[]` / `styles.fields[]`: entries with a string `key`; the default is `initial_value`.
    static func fields(in group: JSONObject, at path: JSONPath, context: inout DecodingContext) -> [ManifestField] {
        fields(named: "fields", in: group, defaultKey: "initial_value", at: path, context: &context)
    }

    /// `custom_configuration_fields[]`: the defaults of `configuration_json` (`default`, or `initial_value`).
    static func customFields(_ object: JSONObject, at path: JSONPath, context: inout DecodingContext) -> [ManifestField] {
        fields(named: "custom_configuration_fields", in: object, defaultKey: "default", at: path, context: &context)
    }

    /// The entries of the array `name` in `object` that have a string `key`, with `defaultKey` as their
    /// default. Groups are read through: the manifests UI Builder writes fold their fields into
    /// `{"group": true, "label", "fields": [...]}` entries. A lone field object where the array
    /// belongs (a flaw of real manifests) is read as a list of one, with a warning.
    private static func fields(
        named name: String, in object: JSONObject, defaultKey: String, at path: JSONPath, context: inout DecodingContext
    ) -> [ManifestField] {
        let fieldsPath = path + name
        let elements: [JSONValue]
        if case .object(let lone)? = object[name], case .string? = lone["key"] {
            context.warning(
                .type, at: fieldsPath, "expected an array of fields, got one field object; it is read as a list of one",
                hint: "wrap it in [ ]")
            elements = [.object(lone)]
        } else {
            elements = context.array(object, name, at: path)
        }
        var fields: [ManifestField] = []
        collectFields(elements, defaultKey: defaultKey, at: fieldsPath, into: &fields, context: &context)
        return fields
    }

    /// Appends the keyed entries of `elements`, and those of the groups among them.
    private static func collectFields(
        _ elements: [JSONValue], defaultKey: String, at path: JSONPath, into fields: inout [ManifestField],
        context: inout DecodingContext
    ) {
        for (offset, element) in elements.enumerated() {
            if case .object(let entry) = element, entry["key"] == nil, case .array(let nested)? = entry["fields"] {
                collectFields(nested, defaultKey: defaultKey, at: path + offset + "fields", into: &fields, context: &context)
            } else if let field = field(element, defaultKey: defaultKey, at: path + offset, context: &context) {
                fields.append(field)
            }
        }
    }

    static func field(_ element: JSONValue, defaultKey: String, at path: JSONPath, context: inout DecodingContext)
        -> ManifestField?
    {
        guard case .object(let entry) = element, case .string(let key)? = entry["key"], !key.isEmpty else {
            context.warning(.ignoredEntry, at: path, "field without a string \"key\" is ignored")
            return nil
        }
        var initialValue = entry[defaultKey] ?? entry["initial_value"]
        if initialValue?.isNull == true { initialValue = nil }
        return ManifestField(key: key, type: context.string(entry, "type", at: path), initialValue: initialValue)
    }
}
