import ZappModel

/// How one component type is laid out as elements and focusables (ARCHITECTURE.md, "How to
/// add… a component type"): its items from its data, and a feed's entries as its items. One
/// type per file; `ComponentLayouts.layout(for:)` picks by `component_type`.
protocol ComponentLayout: Sendable {
    /// Lays out the component's own items (`title`: its `title` or `name`, if any).
    static func layOut(
        _ component: UIComponent, items: [ComponentItem], title: String?, depth: Int, in builder: inout ScreenContent.Builder)
    /// Lays out a loaded feed's entries as the component's items.
    static func layOutFeed(_ component: UIComponent, items: [ComponentItem], depth: Int, in builder: inout ScreenContent.Builder)
    /// The heading of a feed component without a title of its own (the feed's title comes
    /// first once loaded); nil: none, not even the feed's.
    static func feedHeading(type: String) -> String?
    /// Whether a feed's next page gets a "More entries" button under it.
    static var pagesFeeds: Bool { get }
}

extension ComponentLayout {
    static var pagesFeeds: Bool { true }
}

/// The component types ZappShell draws, by `component_type`: a new type is a file of its own
/// and a line here.
enum ComponentLayouts {
    static let byType: [String: any ComponentLayout.Type] = [
        "hero": HeroLayout.self,
        "grid": GridLayout.self,
        "list": ListLayout.self,
        ScreenPickerLayout.type: ScreenPickerLayout.self,
    ]

    /// The layout of a component type: the table's, else a placeholder naming the type.
    static func layout(for type: String) -> any ComponentLayout.Type {
        byType[type] ?? PlaceholderLayout.self
    }
}
