import ZappCore
import ZappModel

extension ScreenContent {
    /// Lays out one screen: walks its components top to bottom and hands each to the layout of
    /// its type (`ComponentLayouts`), which adds elements and focusables through the
    /// helpers here (headings, text, cards, rows).
    struct Builder {
        let state: ShellViewState
        let width: Int
        var content = ScreenContent.empty
        var y = 0
        var row = 0
        var visited: Set<String> = []
        /// The screen whose components are being drawn (nested screens of a picker included).
        var owner = ScreenModel(id: "", name: "")
        /// The feed whose entries are being drawn (their artwork's addresses are relative to it).
        var feedSource: String?

        init(state: ShellViewState, width: Int) {
            self.state = state
            self.width = width
        }

        mutating func build(_ screen: ScreenModel, depth: Int) {
            visited.insert(screen.id)
            owner = screen
            if let synthetic = SyntheticScreen(screenID: screen.id) {
                switch synthetic {
                case .settings: settings()
                case .epg: epg()
                }
                content.height = y
                return
            }
            let components = screen.orderedComponents
            if let entry = state.screenEntries[screen.id], !components.contains(where: ConnectedFeed.isConnected) {
                heading(entry.title)
                if let summary = entry.summary { text(summary, .base) }
                y += 1
            }
            if components.isEmpty && depth == 0 && state.screenEntries[screen.id] == nil {
                if screen.type != "general_content" && !screen.type.isEmpty {
                    text("\(screen.name) is a \"\(screen.type)\" plugin screen, which ZappShell does not draw.", .placeholder)
                } else {
                    text("This screen has no UI components.", .placeholder)
                }
            }
            for component in components { self.component(component, screenID: screen.id, depth: depth) }
            content.height = y
        }

        // MARK: Components

        mutating func component(_ component: UIComponent, screenID: String, depth: Int) {
            let entry = state.screenEntries[screenID]
            let connected = state.connectedSources[screenID] ?? entry.flatMap { $0.isFeedLink ? ($0.linkURL ?? $0.contentURL) : nil }
            if let source = ConnectedFeed.source(of: component, connected: connected) {
                if let reason = state.app.feedMap.unreachableReason(source, type: component.data["type"]?.stringValue) {
                    // Not a feed ZappShell can reach (a CMS id, a provider address): say what it is.
                    unreachableFeed(component, reason: reason)
                } else {
                    feedComponent(component, source: source, depth: depth)
                }
                y += 1
                return
            }
            var items = ComponentItem.items(of: component)
            if items.isEmpty, ConnectedFeed.isConnected(component) {
                guard let entry else {
                    if let title = component.data["title"]?.stringValue { heading(title) }
                    text("Connected: shows the feed or entry this screen is opened with (it was opened with none).", .dim)
                    y += 1
                    return
                }
                items = [ComponentItem(entry: entry, id: component.id ?? component.componentType)]
            }
            let title = component.data["title"]?.stringValue ?? component.data["name"]?.stringValue
            ComponentLayouts.layout(for: component.componentType).layOut(component, items: items, title: title, depth: depth, in: &self)
            y += 1
        }

        mutating func heading(_ title: String) {
            add(.heading(title), Rect(x: 0, y: y, width: width, height: 1))
            y += 1
        }

        mutating func text(_ text: String, _ role: ThemeRole) {
            for line in TextWrap.lines(text, width: max(1, width - 2)) {
                add(.text(line, role), Rect(x: 1, y: y, width: width - 2, height: 1))
                y += 1
            }
        }

        // MARK: Cells

        /// Cards in rows of `columns`; with `imageRows` of artwork above each title when any of
        /// the items has artwork (images on), so the cards of a component stay one size.
        mutating func cards(_ items: [ComponentItem], minimumWidth: Int, columns requested: Int?, height: Int, imageRows: Int) {
            let fit = max(1, width / minimumWidth)
            let columns = max(1, min(requested ?? fit, fit, requested == nil ? items.count : Int.max))
            let cardWidth = width / columns
            let artworkRows = items.contains { hasArtwork($0) } ? imageRows : 0
            let height = height + artworkRows
            for (offset, item) in items.enumerated() {
                let column = offset % columns
                if column == 0 && offset > 0 {
                    y += height
                    row += 1
                }
                let x = column * cardWidth
                let w = column == columns - 1 ? width - x : cardWidth - 1
                let rect = Rect(x: x, y: y, width: w, height: height)
                let focus = focusable(item, rect: rect, column: column)
                let artwork = artworkRows == 0 ? nil : image(
                    item, in: Rect(x: rect.x + 1, y: rect.y + 1, width: rect.width - 2, height: artworkRows))
                add(.card(title: item.title, subtitle: item.subtitle, focus: focus, role: .cell), rect, artwork: artwork)
                content.elements[content.elements.count - 1].imageRows = artworkRows
            }
            y += height
            row += 1
        }

        mutating func placeholderCards(_ count: Int, _ label: String) {
            let columns = max(1, min(count, width / 16))
            let cardWidth = width / columns
            for column in 0..<columns {
                let x = column * cardWidth
                let w = column == columns - 1 ? width - x : cardWidth - 1
                add(
                    .card(title: label, subtitle: "no items in its data", focus: nil, role: .placeholder),
                    Rect(x: x, y: y, width: w, height: 4))
            }
            y += 4
        }

        /// One row per item; two rows with a thumbnail at the left when any item has artwork
        /// and the content is at least `thumbnailMinimumWidth` wide.
        mutating func listRows(_ items: [ComponentItem]) {
            let thumbnails = width >= ScreenContent.thumbnailMinimumWidth && items.contains { hasArtwork($0) }
            let height = thumbnails ? ScreenContent.thumbnailRowHeight : 1
            for item in items {
                let rect = Rect(x: 0, y: y, width: width, height: height)
                let focus = focusable(item, rect: rect, column: 0)
                let artwork = thumbnails ? image(
                    item, in: Rect(x: 2, y: y, width: ScreenContent.thumbnailColumns, height: height)) : nil
                add(.row(title: item.title, subtitle: item.subtitle, focus: focus, role: .cell), rect, artwork: artwork)
                y += height
                row += 1
            }
        }

        /// Whether an item's entry has artwork that is drawn (images on, not failed).
        func hasArtwork(_ item: ComponentItem) -> Bool {
            state.artwork(of: item.entry, source: feedSource, columns: 1, rows: 1) != nil
        }

        /// The artwork of an item in `rect` (relative to the content), or nil when it has none.
        func image(_ item: ComponentItem, in rect: Rect) -> ContentImage? {
            state.artwork(of: item.entry, source: feedSource, columns: rect.width, rows: rect.height)
                .map { ContentImage(request: $0, rect: rect) }
        }

        // MARK: Helpers

        mutating func focusable(_ item: ComponentItem, rect: Rect, column: Int) -> Int {
            let action: ShellAction
            if let entry = item.entry {
                action = .openEntry(entry)
            } else if let target = item.target {
                action = .openTarget(target)
            } else {
                action = .inert("\(item.title) has no target")
            }
            content.focusables.append(FocusableItem(id: item.id, title: item.title, action: action, row: row, column: column))
            content.focusRects.append(rect)
            return content.focusables.count - 1
        }

        mutating func add(_ kind: Element.Kind, _ rect: Rect, artwork: ContentImage? = nil) {
            content.elements.append(Element(kind: kind, rect: rect, artwork: artwork))
        }
    }
}
