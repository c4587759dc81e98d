/// What a configuration file is, recognised by its content (its name only breaks ties).
public enum ConfigurationFileKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// river.json: an array of screens.
    case river
    /// plugin_configurations.json: an array of `{"plugin", "configuration_json"}`.
    case pluginConfigurations = "plugin_configurations"
    /// A single plugin manifest: an object with `identifier` and `type`/`api`.
    case manifest

    /// Recognises a parsed file: a river is an array of objects with screen keys (`id` with
    /// `navigations`, `ui_components`, `type` or `home`); plugin configurations an array of
    /// objects with `plugin`; a manifest an object with `identifier` and `type` or `api`.
    /// When the content says nothing (an empty array, a wrong shape) the file name decides
    /// (`river`, `plugin_configurations`, `manifest`), so that the right errors are shown.
    public static func recognize(_ value: JSONValue, fileName: String) -> ConfigurationFileKind? {
        switch value {
        case .array(let elements):
            let objects = elements.lazy.compactMap(\.objectValue)
            if objects.contains(where: { $0["plugin"] != nil }) { return .pluginConfigurations }
            if objects.contains(where: isScreenLike) { return .river }
        case .object(let object):
            if object["identifier"] != nil, object["type"] != nil || object["api"] != nil { return .manifest }
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
        }
    }
}
