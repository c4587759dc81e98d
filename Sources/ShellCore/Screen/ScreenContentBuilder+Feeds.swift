import ZappCore
import ZappModel

/// Components that show a feed: a spinner while it loads, the reason and a retry button when
/// it failed, else its entries laid out by the component's type; the next-page button.
extension ScreenContent.Builder {
    /// A component whose source no feed map names and the loader cannot read: its heading
    /// and what the source is, with how to map it (`FeedSource`).
    mutating func unreachableFeed(_ component: UIComponent, reason: String) {
        if let title = component.data["title"]?.stringValue ?? component.data["name"]?.stringValue { heading(title) }
        text(reason, .placeholder)
    }

    /// A component showing a feed: a spinner in its place while it loads, the reason and a
    /// retry button when it failed, else its entries as the component draws items.
    mutating func feedComponent(_ component: UIComponent, source: String, depth: Int) {
        if !content.feedSources.contains(source) { content.feedSources.append(source) }
        let title = component.data["title"]?.stringValue ?? component.data["name"]?.stringValue
        let type = component.componentType
        let layout = ComponentLayouts.layout(for: type)
        let fallbackTitle = layout.feedHeading(type: type)
        switch state.feeds[source] {
        case nil, .loading?:
            if let heading = title ?? fallbackTitle { self.heading(heading) }
            text("\(state.glyphs.spinner(at: state.spinnerFrame)) Loading \(CredentialRedaction.redacted(source))…", .dim)
        case .failed(let reason)?:
            if let heading = title ?? fallbackTitle { self.heading(heading) }
            text(CredentialRedaction.redacted("Could not load \(source): \(reason)"), .error)
            feedButton("Retry (r)", id: "retry.\(source)", action: .retryFeed(source))
            content.focusFeedSources[content.focusables.count - 1] = source
        case .loaded(let feed)?:
            let limited = feed.limited(to: component.rules["item_limit"]?.intValue ?? component.data["item_limit"]?.intValue)
            let items = ComponentItem.items(of: limited, base: component.id ?? "\(type)@\(source)")
            if let heading = title ?? (fallbackTitle == nil ? nil : feed.title ?? fallbackTitle) {
                self.heading(heading)
            }
            guard !items.isEmpty else {
                text("\(feed.title ?? CredentialRedaction.redacted(source)) has no entries.", .dim)
                return
            }
            let first = content.focusables.count
            let outerSource = feedSource
            feedSource = source
            layout.layOutFeed(component, items: items, depth: depth, in: &self)
            feedSource = outerSource
            if layout.pagesFeeds, limited.next != nil { nextPageButton(source: source) }
            for index in first..<content.focusables.count { content.focusFeedSources[index] = source }
        }
    }

    /// Under a feed's entries when it has a next page: a button that loads it, a spinner
    /// while it loads, and why it failed above the button when it did.
    mutating func nextPageButton(source: String) {
        switch state.feedPages[source] {
        case .loading?:
            text("\(state.glyphs.spinner(at: state.spinnerFrame)) Loading more entries…", .dim)
            return
        case .failed(let reason)?:
            text(CredentialRedaction.redacted("Could not load more entries: \(reason)"), .error)
        case nil:
            break
        }
        feedButton("More entries", id: "more.\(source)", action: .loadNextPage(source))
    }

    /// A focusable button on its own row, at the left of the component (a feed's retry and
    /// next page).
    mutating func feedButton(_ label: String, id: String, action: ShellAction) {
        let rect = Rect(x: 1, y: y, width: DisplayWidth.of(label) + 4, height: 1)
        content.focusables.append(FocusableItem(id: id, title: label, action: action, row: row))
        content.focusRects.append(rect)
        add(.button(label, focus: content.focusables.count - 1), rect)
        y += 1
        row += 1
    }
}
