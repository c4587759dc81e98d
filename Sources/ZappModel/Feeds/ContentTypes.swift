/// `content_types.json` of an app folder: which screen opens an entry of each type,
/// `{"<entry type value>": {"screen_id": "<id>"}}`. Activating an entry whose `type.value`
/// is mapped opens that screen (through the hook manager, with the entry in the dataDict);
/// an unmapped entry opens a details pane.
public struct ContentTypes: Sendable, Hashable {
    public static let fileName = "content_types.json"

    /// Screen id by entry type value.
    public var screens: [String: String]

    public init(screens: [String: String] = [:]) {
        self.screens = screens
    }

    /// The screen that opens entries of this type.
    public func screenID(forType type: String?) -> String? {
        type.flatMap { screens[$0] }
    }

    /// Decodes the file's JSON; every problem is a diagnostic naming its JSON path, and the
    /// well-formed mappings are kept. A `"$schema"` key names the file's schema for editors
    /// (`zapp-shell schema content-types`) and is not a type.
    public static func decode(_ value: JSONValue, file: String) -> (ContentTypes, [Diagnostic]) {
        guard let object = value.objectValue else {
            return (
                ContentTypes(),
                [.error(
                    .type, file: file, at: .path(.root), "expected an object, got \(value.kindDescription)",
                    hint: "{\"video\": {\"screen_id\": \"player\"}}")]
            )
        }
        var screens: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        for (type, mapping) in object where type != "$schema" {
            let path = JSONPath.root + type
            guard let mapping = mapping.objectValue else {
                diagnostics.append(.error(.type, file: file, at: .path(path), "expected an object, got \(mapping.kindDescription)"))
                continue
            }
            switch mapping["screen_id"] {
            case .string(let id)? where !id.isEmpty:
                screens[type] = id
            case nil:
                diagnostics.append(.error(.missingKey, file: file, at: .path(path), "missing \"screen_id\""))
            case let other?:
                diagnostics.append(
                    .error(.type, file: file, at: .path(path + "screen_id"), "expected a screen id, got \(other.kindDescription)"))
            }
        }
        return (ContentTypes(screens: screens), diagnostics)
    }

    /// Mappings whose screen is not in the app (errors `validate` reports; the app still runs).
    public func danglingScreens(in app: ZappApp, file: String) -> [Diagnostic] {
        screens.keys.sorted().compactMap { type in
            let id = screens[type]!
            guard app.screen(id: id) == nil else { return nil }
            return .error(
                .unknownTarget, file: file, at: .path(JSONPath.root + type + "screen_id"), "no screen \(Quoted.value(id)) in the river")
        }
    }
}
