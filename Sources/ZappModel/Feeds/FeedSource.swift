/// What a component's `data.source` is, read with its `data.type`: something the feed loader
/// can reach (an http(s) or `file://` URL, a path), or an address only the real SDK's data
/// source providers resolve (an Applicaster collection id, a `jw://` address), which ZappShell
/// can only show through a feed map (`--feeds`, `FeedMap`). The one classification the feed
/// loader, the screen's components and the load warnings share.
public enum FeedSource {
    /// The `data.type` values whose source is an id in Applicaster's CMS, not an address
    /// (`ZLComponentDataSourceAPIKeys.DataSourceType` in the SDK), with what the id is.
    static let idTypes: [String: String] = [
        "APPLICASTER_COLLECTION": "an Applicaster collection id",
        "APPLICASTER_CATEGORY": "an Applicaster category id",
        "APPLICASTER_FAVORITES": "the user's favourites list on the device",
    ]

    /// Why `source` (of `data.type` `type`) cannot be loaded as written, as one sentence ending
    /// in how to fix it ("APPLICASTER_COLLECTION 3126: an Applicaster collection id; map it with
    /// --feeds"); nil when it is a URL or path the loader reads.
    public static func unreachableReason(_ source: String, type: String?) -> String? {
        let trimmed = source.trimmingWhitespace
        guard !trimmed.isEmpty else { return nil }
        let lower = trimmed.lowercased()
        if trimmed.isWebURL || lower.hasPrefix("file://") || trimmed.hasPrefix("/") { return nil }
        if let separator = trimmed.firstRange(of: "://") {
            let scheme = trimmed[..<separator.lowerBound]
            return "\(trimmed): a data source provider address (\(scheme)://); map it with --feeds"
        }
        if let type = type?.trimmingWhitespace.uppercased(), let what = idTypes[type] {
            return "\(type) \(trimmed): \(what); map it with --feeds"
        }
        return nil
    }
}

extension FeedSource {
    /// A warning for every component and nav item of `app` whose `data.source` cannot be shown
    /// (unmapped by `app.feedMap` and not a URL or path), naming where it is written in `file`
    /// (the river as shown). Shown by `run` (`w`), `render` and `replay` with the other load
    /// warnings; the component says the same in its own space.
    public static func warnings(in app: ZappApp, file: String) -> [Diagnostic] {
        app.screens.diagnosticsOfEveryScreen(file: file, [{ warnings(in: $1, at: $0, of: app, file: file) }])[0]
    }

    /// `warnings(in:file:)` of one screen, at `index` in the river.
    public static func warnings(in screen: ScreenModel, at index: Int, of app: ZappApp, file: String) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        func check(_ source: String?, type: String?, at path: JSONPath) {
            guard let source, let reason = app.feedMap.unreachableReason(source, type: type) else { return }
            warnings.append(.warning(.unreachableFeed, file: file, at: .path(path + "data" + "source"), reason))
        }
        func walk(_ items: [NavItem], at path: JSONPath) {
            for (index, item) in items.enumerated() {
                let itemPath = path + "nav_items" + index
                check(item.data.source, type: item.data.type, at: itemPath)
                walk(item.navItems, at: itemPath)
            }
        }
        let screenPath = JSONPath.root + index
        for (offset, component) in screen.uiComponents.enumerated() {
            check(component.data["source"]?.stringValue, type: component.data["type"]?.stringValue, at: screenPath + "ui_components" + offset)
        }
        for (offset, navigation) in screen.navigations.enumerated() {
            walk(navigation.navItems, at: screenPath + "navigations" + offset)
        }
        return warnings
    }
}
