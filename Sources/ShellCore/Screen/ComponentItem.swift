import ZappModel

/// One selectable cell of a UI component, read tolerantly from its `data`: items under
/// `data.items` or `data.entries` (objects with `title`/`name`/`label`, `subtitle`/
/// `description`/`summary`, and `target`/`screen_id`/`url` or a nested `data.target`),
/// or a single item from `data.target` itself.
public struct ComponentItem: Sendable, Hashable {
    public var id: String
    public var title: String
    public var subtitle: String?
    /// A screen id or an http(s) URL; nil for inert cells.
    public var target: String?
    /// The feed entry the cell shows (activating it opens the entry).
    public var entry: FeedEntry?

    public init(id: String, title: String, subtitle: String? = nil, target: String? = nil, entry: FeedEntry? = nil) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.target = target
        self.entry = entry
    }

    /// A cell for a feed entry: its title, and its summary as the subtitle.
    public init(entry: FeedEntry, id: String) {
        self.init(id: entry.id.map { "\(id)#\($0)" } ?? id, title: entry.title, subtitle: entry.summary, entry: entry)
    }

    /// The cells of a feed's entries; `base` (the component id) keeps their ids unique.
    public static func items(of feed: Feed, base: String) -> [ComponentItem] {
        feed.entries.enumerated().map { offset, entry in ComponentItem(entry: entry, id: "\(base)#\(offset)") }
    }

    /// The key a screen picker's selected tab is kept under: its `id`, else its screen and its
    /// place in that screen (`home#ui_components[2]`), so that pickers without ids switch tabs too.
    static func pickerKey(_ component: UIComponent, in screen: ScreenModel) -> String {
        if let id = component.id { return id }
        let index = screen.uiComponents.firstIndex(of: component) ?? 0
        return "\(screen.id)#ui_components[\(index)]"
    }

    /// The screen picker a `pickerKey` names, found in decoded screens (`ScreenList.search`).
    static func picker(forKey key: String, in app: ZappApp) -> ScreenList.Search<UIComponent> {
        if let mark = key.ranges(of: "#ui_components[").last, key.hasSuffix("]"),
            let index = Int(key[mark.upperBound..<key.index(before: key.endIndex)])
        {
            let id = String(key[..<mark.lowerBound])
            if let screen = app.decodedScreen(id: id), screen.uiComponents.indices.contains(index), screen.uiComponents[index].id == nil {
                return .found(screen.uiComponents[index])
            }
            if let position = app.position(ofID: id), !app.screens.isDecoded(position) { return .undecoded([position]) }
        }
        return app.screens.search(holding: key) { screen in screen.uiComponents.first { $0.id == key } }
    }

    /// The items of a component from its own data (`ComponentCell`; empty when it has none:
    /// the component is a placeholder).
    public static func items(of component: UIComponent) -> [ComponentItem] {
        ComponentCell.cells(of: component).map {
            ComponentItem(id: $0.id, title: $0.title, subtitle: $0.subtitle, target: $0.target)
        }
    }
}
