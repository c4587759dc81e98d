import ZappModel

/// `hero`: large cards side by side, with room for artwork above their titles.
enum HeroLayout: ComponentLayout {
    static func layOut(
        _ component: UIComponent, items: [ComponentItem], title: String?, depth: Int, in builder: inout ScreenContent.Builder
    ) {
        if let title { builder.heading(title) }
        if items.isEmpty {
            builder.placeholderCards(1, "Placeholder: this hero has no items")
        } else {
            layOutFeed(component, items: items, depth: depth, in: &builder)
        }
    }

    static func layOutFeed(_ component: UIComponent, items: [ComponentItem], depth: Int, in builder: inout ScreenContent.Builder) {
        builder.cards(items, minimumWidth: 20, columns: nil, height: 4, imageRows: ScreenContent.heroImageRows)
    }

    static func feedHeading(type: String) -> String? { nil }
}
