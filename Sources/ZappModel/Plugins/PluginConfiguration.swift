/// One entry of `plugin_configurations.json`: a plugin manifest and its configuration.
public struct PluginConfiguration: Sendable, Hashable {
    public var manifest: PluginManifest
    /// `configuration_json` (empty when absent or `null`).
    public var configuration: JSONObject

    public init(manifest: PluginManifest, configuration: JSONObject = [:]) {
        self.manifest = manifest
        self.configuration = configuration
    }

    public var identifier: String { manifest.identifier }
}

/// A plugin manifest (zappifest format): the keys ZappShell acts on.
public struct PluginManifest: Sendable, Hashable {
    public var identifier: String
    public var name: String
    /// `login`, `menu`, `nav_bar`, `general`, `analytics`, `player`, ...
    public var type: String
    public var isScreen: Bool
    public var preload: Bool
    public var api: PluginAPI
    public var generalFields: [ManifestField]
    public var styleFields: [ManifestField]
    /// `custom_configuration_fields[]`: the defaults of `configuration_json` (their `default`).
    public var configurationFields: [ManifestField]

    public init(
        identifier: String, name: String = "", type: String, isScreen: Bool = false, preload: Bool = false,
        api: PluginAPI = PluginAPI(), generalFields: [ManifestField] = [], styleFields: [ManifestField] = [],
        configurationFields: [ManifestField] = []
    ) {
        self.identifier = identifier
        self.name = name
        self.type = type
        self.isScreen = isScreen
        self.preload = preload
        self.api = api
        self.generalFields = generalFields
        self.styleFields = styleFields
        self.configurationFields = configurationFields
    }

    /// The `initial_value` of a `general.fields[]` entry.
    public func generalInitialValue(_ key: String) -> JSONValue? {
        generalFields.first { $0.key == key }?.initialValue
    }

    /// The `initial_value` of a `styles.fields[]` entry.
    public func styleInitialValue(_ key: String) -> JSONValue? {
        styleFields.first { $0.key == key }?.initialValue
    }

    /// True when the class name or the identifier names a tab bar (`ZappShell.TabBar`,
    /// `ZappRoot.ZPNativeTabBarController`, `MATabBarAdapter`, `NativeTabBar-iOS`,
    /// `quick-brick-bottom-tabs`): "tabbar" or "bottomtabs" in it, ignoring case, `. - _ /` and
    /// spaces. The one rule that makes a menu plugin a tab-bar root (`RootKind` in ZappCore).
    public var namesTabBar: Bool {
        [api.className, identifier].compactMap { $0 }.contains { name in
            // Bytes, not `String.contains(_:)`: that one is _StringProcessing's substring
            // search, whose first use costs a tenth of a millisecond of the start.
            let folded = Array(name.lowercased().utf8.filter { !".-_/ ".utf8.contains($0) })
            return folded.indices.contains { start in
                folded[start...].starts(with: "tabbar".utf8) || folded[start...].starts(with: "bottomtabs".utf8)
            }
        }
    }

    /// The `default` of a `custom_configuration_fields[]` entry.
    public func configurationDefault(_ key: String) -> JSONValue? {
        configurationFields.first { $0.key == key }?.initialValue
    }
}

/// A manifest's `api` block.
public struct PluginAPI: Sendable, Hashable {
    public var className: String?
    public var requireStartupExecution: Bool

    public init(className: String? = nil, requireStartupExecution: Bool = false) {
        self.className = className
        self.requireStartupExecution = requireStartupExecution
    }
}

/// A `general.fields[]` or `styles.fields[]` entry: a key and its default.
public struct ManifestField: Sendable, Hashable {
    public var key: String
    public var type: String?
    public var initialValue: JSONValue?

    public init(key: String, type: String? = nil, initialValue: JSONValue? = nil) {
        self.key = key
        self.type = type
        self.initialValue = initialValue
    }
}
