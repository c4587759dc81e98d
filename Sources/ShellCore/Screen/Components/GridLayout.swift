import ZappModel

/// `grid`: cards in rows (`styles.columns`, else as many as fit), with room for artwork.
enum GridLayout: ComponentLayout {
    static func layOut(
        _ component: UIComponent, items: [ComponentItem], title: String?, depth: Int, in builder: inout ScreenContent.Builder
    ) {
        builder.heading(title ?? "Grid")
        if items.isEmpty {
            builder.placeholderCards(3, "Placeholder")
        } else {
            layOutFeed(component, items: items, depth: depth, in: &builder)
        }
    }

    static func layOutFeed(_ component: UIComponent, items: [ComponentItem], depth: Int, in builder: inout ScreenContent.Builder) {
        builder.cards(
            items, minimumWidth: 18, columns: component.styles["columns"]?.intValue, height: 4,
            imageRows: ScreenContent.gridImageRows)
    }

    static func feedHeading(type: String) -> String? { "Grid" }
}
