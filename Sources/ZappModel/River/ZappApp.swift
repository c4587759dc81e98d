#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A loaded Zapp app: its screens (river.json) and plugins (plugin_configurations.json),
/// with the folder that relative asset paths resolve against.
public struct ZappApp: Sendable, Hashable {
    /// The river's screens: decoded, or (a large river, scanned at load) some not decoded yet.
    public private(set) var screens: ScreenList
    public var plugins: [PluginConfiguration]
    /// The app folder (asset paths and external-hook commands are relative to it); nil for in-memory apps.
    public var folder: URL?
    /// For an app fetched over HTTP (`zapp-shell run http://…/app/`), the folder's URL, ending in
    /// `/`: its relative feed sources are fetched from there (`feedFolder`). Assets and external
    /// hooks stay local-only, so `folder` is nil for such an app.
    public var remoteFolder: URL?
    /// A display name for messages (the folder name, or "demo").
    public var name: String
    /// `content_types.json`: the screen that opens each type of feed entry (empty when absent).
    public var contentTypes = ContentTypes()
    /// `--feeds MAP.json`: where sources the loader cannot read as written come from (empty: none).
    public var feedMap = FeedMap()

    private var screenIndex: [String: Int]
    private var pluginIndex: [String: Int]

    public init(screens: [ScreenModel], plugins: [PluginConfiguration], folder: URL? = nil, name: String = "app") {
        self.init(list: ScreenList(screens), plugins: plugins, folder: folder, name: name)
    }

    /// An app of a scanned river, `decoded` its screens decoded so far (`AppLoader`).
    init(river: ScannedRiver, decoded: [Int: ScreenModel], plugins: [PluginConfiguration], folder: URL?, name: String) {
        self.init(list: ScreenList(river: river, decoded: decoded), plugins: plugins, folder: folder, name: name)
    }

    private init(list: ScreenList, plugins: [PluginConfiguration], folder: URL?, name: String) {
        self.screens = list
        self.plugins = plugins
        self.folder = folder
        self.name = name
        var screenIndex: [String: Int] = [:]
        screenIndex.reserveCapacity(list.count)
        for (offset, id) in list.ids.enumerated() where screenIndex[id] == nil {
            screenIndex[id] = offset
        }
        var pluginIndex: [String: Int] = [:]
        for (offset, plugin) in plugins.enumerated() where pluginIndex[plugin.identifier] == nil {
            pluginIndex[plugin.identifier] = offset
        }
        self.screenIndex = screenIndex
        self.pluginIndex = pluginIndex
    }

    /// Keeps screens decoded since (`ScreenList.decoding`), by position.
    public mutating func store(_ decoded: [Int: ScreenModel]) {
        screens.store(decoded)
    }

    /// Where the screen with this id, else the first whose name matches (case-insensitively), is;
    /// found without decoding.
    public func position(idOrName key: String) -> Int? {
        screenIndex[key] ?? screens.position(ofName: key)
    }

    /// The screen with this id.
    public func screen(id: String) -> ScreenModel? {
        screenIndex[id].map { screens[$0] }
    }

    /// The screen with this id when it is decoded (the update's read: `ScreenList`).
    public func decodedScreen(id: String) -> ScreenModel? {
        guard let position = screenIndex[id], screens.isDecoded(position) else { return nil }
        return screens[position]
    }

    /// Where the screen with this id is in the river; nil when none has it.
    public func position(ofID id: String) -> Int? {
        screenIndex[id]
    }

    /// Whether a screen has this id (without reading, or copying, the screen).
    public func hasScreen(id: String) -> Bool {
        screenIndex[id] != nil
    }

    /// The screen with this id, else the first whose name matches (case-insensitively).
    public func screen(idOrName key: String) -> ScreenModel? {
        position(idOrName: key).map { screens[$0] }
    }

    /// The home screen (the first with `home: true`, else the first screen).
    public var homeScreen: ScreenModel? {
        screens.homeIndex.map { screens[$0] }
    }

    /// The plugin configuration with this identifier.
    public func plugin(identifier: String) -> PluginConfiguration? {
        pluginIndex[identifier].map { plugins[$0] }
    }

    /// How messages name a plugin: its manifest's name with the identifier, "Premium Login
    /// (zapptv_login)"; the identifier alone when the plugin has no name or is not configured.
    public func pluginLabel(_ identifier: String) -> String {
        guard let name = plugin(identifier: identifier)?.manifest.name.trimmingWhitespace, !name.isEmpty,
            name != identifier
        else { return identifier }
        return "\(name) (\(identifier))"
    }

    /// What relative feed sources resolve against: the app folder, or the remote folder of an
    /// app fetched over HTTP.
    public var feedFolder: URL? {
        folder ?? remoteFolder
    }

    /// The local file an asset names (`file://` path, absolute path or path relative to the app
    /// folder) when the app may read it (`LocalReference`: inside a local app's folder only); nil
    /// for remote URLs, for a remote app, and for a path outside the folder.
    public func localAssetURL(_ asset: String) -> URL? {
        guard case .file(let path) = LocalReference.resolve(asset, folder: folder ?? remoteFolder) else { return nil }
        return URL(fileURLWithPath: path)
    }
}
