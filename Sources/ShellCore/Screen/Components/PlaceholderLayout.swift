import ZappModel

/// A component type ZappShell does not draw: its heading and a placeholder naming the type;
/// fed by a feed, its entries as list rows.
enum PlaceholderLayout: ComponentLayout {
    static func layOut(
        _ component: UIComponent, items: [ComponentItem], title: String?, depth: Int, in builder: inout ScreenContent.Builder
    ) {
        builder.heading(title ?? component.componentType)
        builder.text(
            "\"\(component.componentType)\" component: a placeholder (ZappShell draws hero, list, grid and screen_picker).",
            .placeholder)
    }

    static func layOutFeed(_ component: UIComponent, items: [ComponentItem], depth: Int, in builder: inout ScreenContent.Builder) {
        builder.listRows(items)
    }

    static func feedHeading(type: String) -> String? { type }
}
