import ZappModel

/// `list`: one row per item (two with a thumbnail when there is artwork and room).
enum ListLayout: ComponentLayout {
    static func layOut(
        _ component: UIComponent, items: [ComponentItem], title: String?, depth: Int, in builder: inout ScreenContent.Builder
    ) {
        builder.heading(title ?? "List")
        if items.isEmpty {
            builder.text("Placeholder: this list has no items in its data.", .placeholder)
        } else {
            builder.listRows(items)
        }
    }

    static func layOutFeed(_ component: UIComponent, items: [ComponentItem], depth: Int, in builder: inout ScreenContent.Builder) {
        builder.listRows(items)
    }

    static func feedHeading(type: String) -> String? { "List" }
}
