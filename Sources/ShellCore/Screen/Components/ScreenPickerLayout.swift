import ZappCore
import ZappModel

/// `screen_picker`: a strip of tabs, and under it the selected tab's screen (nested at most two
/// deep, never a screen already on the way); fed by a feed, one tab per entry.
enum ScreenPickerLayout: ComponentLayout {
    static let type = "screen_picker"
    static let pagesFeeds = false

    static func layOut(
        _ component: UIComponent, items: [ComponentItem], title: String?, depth: Int, in builder: inout ScreenContent.Builder
    ) {
        if let title { builder.heading(title) }
        guard !items.isEmpty else {
            builder.text("Placeholder: this screen picker has no tabs in its data.", .placeholder)
            return
        }
        let selected = tabStrip(component, items: items, in: &builder)
        let tab = items[selected]
        guard let target = tab.target, !target.isWebURL, let screen = builder.state.app.anyDecodedScreen(id: target) else {
            builder.text(tab.target.map { "\"\(tab.title)\" opens \($0)." } ?? "\"\(tab.title)\" has no target screen.", .placeholder)
            return
        }
        guard depth < 2, !builder.visited.contains(screen.id) else {
            builder.text("\(screen.name) (not nested further)", .dim)
            return
        }
        if screen.uiComponents.isEmpty {
            builder.text("\(screen.name) has no UI components.", .placeholder)
            return
        }
        let outer = builder.owner
        builder.owner = screen
        for nested in screen.orderedComponents { builder.component(nested, screenID: screen.id, depth: depth + 1) }
        builder.owner = outer
        builder.y -= 1
    }

    /// One tab per entry; under it the selected entry (a `feed` entry shows the feed it links to).
    static func layOutFeed(_ component: UIComponent, items: [ComponentItem], depth: Int, in builder: inout ScreenContent.Builder) {
        let componentID = ComponentItem.pickerKey(component, in: builder.owner)
        let selected = tabStrip(component, items: items, in: &builder)
        guard let entry = items[selected].entry else { return }
        if entry.isFeedLink, depth < 2, let link = entry.linkURL ?? entry.contentURL {
            builder.feedComponent(
                UIComponent(id: "\(componentID)#\(selected)", componentType: "list", data: ["title": .string(entry.title)]),
                source: link, depth: depth + 1)
        } else {
            builder.cards([items[selected]], minimumWidth: 20, columns: 1, height: 4, imageRows: ScreenContent.heroImageRows)
        }
    }

    static func feedHeading(type: String) -> String? { nil }

    /// The strip of tabs, one focusable per item, on one row; returns the index of the selected
    /// tab (kept under the picker's key, clamped to the items).
    static func tabStrip(_ component: UIComponent, items: [ComponentItem], in builder: inout ScreenContent.Builder) -> Int {
        let componentID = ComponentItem.pickerKey(component, in: builder.owner)
        let selected = min(max(0, builder.state.pickerTabs[componentID] ?? 0), items.count - 1)
        let focusStart = builder.content.focusables.count
        var x = 0
        for (index, item) in items.enumerated() {
            let tabWidth = DisplayWidth.of(item.title) + 2
            builder.content.focusables.append(
                FocusableItem(
                    id: "\(componentID)#tab\(index)", title: item.title,
                    action: .selectTab(componentID: componentID, index: index), row: builder.row, column: index))
            builder.content.focusRects.append(Rect(x: x, y: builder.y, width: tabWidth, height: 1))
            x += tabWidth + 1
        }
        builder.add(
            .tabs(titles: items.map(\.title), selected: selected, focusStart: focusStart),
            Rect(x: 0, y: builder.y, width: builder.width, height: 1))
        builder.y += 1
        builder.row += 1
        return selected
    }
}
