/// What a configuration file is, recognised by its content (its name only breaks ties).
public enum ConfigurationFileKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// river.json: an array of screens.
    case river
    /// plugin_configurations.json: an array of `{"plugin", "configuration_json"}`.
    case pluginConfigurations = "plugin_configurations"
    /// A single plugin manifest: an object with `identifier` and `type`/`api`.
    case manifest
    /// content_types.json: an object of `{"screen_id"}` objects, one per entry type.
    case contentTypes = "content_types"

    /// Recognises a parsed file: a river is an array of objects with screen keys (`id` with
    /// `navigations`, `ui_components`, `type` or `home`); plugin configurations an array of
    /// objects with `plugin`; a manifest an object with `identifier` and `type` or `api`;
    /// content types an object whose members are objects with `screen_id`.
    /// When the content says nothing (an empty array, a wrong shape) the file name decides
    /// (`river`, `plugin_configurations`, `manifest`, `content_types`), so that the right errors
    /// are shown.
    public static func recognize(_ value: JSONValue, fileName: String) -> ConfigurationFileKind? {
        switch value {
        case .array(let elements):
            let objects = elements.lazy.compactMap(\.objectValue)
            if objects.contains(where: { $0["plugin"] != nil }) { return .pluginConfigurations }
            if objects.contains(where: isScreenLike) { return .river }
        case .object(let object):
            if object["identifier"] != nil, object["type"] != nil || object["api"] != nil { return .manifest }
            let mappings = object.filter { $0.key != "$schema" }
            if !mappings.isEmpty, mappings.allSatisfy({ $0.value.objectValue?["screen_id"] != nil }) { return .contentTypes }
        default:
            break
        }
        return byName(fileName)
    }

    /// The kind a file name suggests, if any.
    public static func byName(_ fileName: String) -> ConfigurationFileKind? {
        let name = fileName.split(separator: "/").last.map(String.init)?.lowercased() ?? fileName.lowercased()
        if name.contains("plugin_configurations") || name.contains("plugin-configurations") { return .pluginConfigurations }
        if name.contains("manifest") { return .manifest }
        if name.contains("content_types") || name.contains("content-types") { return .contentTypes }
        if name.contains("river") { return .river }
        return nil
    }

    private static func isScreenLike(_ object: JSONObject) -> Bool {
        object["id"] != nil
            && (object["navigations"] != nil || object["ui_components"] != nil || object["type"] != nil
                || object["home"] != nil)
    }

    /// How the kind is named in messages.
    public var displayName: String {
        switch self {
        case .river: return "river"
        case .pluginConfigurations: return "plugin configurations"
        case .manifest: return "plugin manifest"
        case .contentTypes: return "content types"
        }
    }
}
