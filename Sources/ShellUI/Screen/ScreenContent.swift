import ZappCore
import ZappModel

/// The laid-out content of a screen for a given width: drawable elements on a virtual
/// canvas that may be taller than the view (it scrolls to keep the selection visible) and
/// the focusable cells in keyboard order. Drawing and keyboard handling both use it, so
/// what is selectable is exactly what is drawn.
public struct ScreenContent: Sendable {
    /// A drawable piece of content; `rect` is relative to the content's top-left.
    public struct Element: Sendable {
        public enum Kind: Sendable {
            case heading(String)
            case text(String, ThemeRole)
            /// A bordered card (hero, grid); `focus` indexes `focusables`.
            case card(title: String, subtitle: String?, focus: Int?, role: ThemeRole)
            /// A list row.
            case row(title: String, subtitle: String?, focus: Int?, role: ThemeRole)
            /// A screen picker's tab strip.
            case tabs(titles: [String], selected: Int, focusStart: Int)
            /// A button (Settings).
            case button(String, focus: Int?)
            /// The EPG grid.
            case epg(EPGGrid, focusStart: Int)
        }

        public var kind: Kind
        public var rect: Rect
        /// The entry's artwork drawn in the element (a card's upper rows, a row's thumbnail).
        public var artwork: ContentImage?
        /// The rows a card keeps for artwork above its title (also when this card has none,
        /// so the titles of a component's cards line up).
        public var imageRows = 0
    }

    /// An image in the content: what to load and where it goes (relative to the content).
    public struct ContentImage: Sendable, Hashable {
        public var request: ImageRequest
        public var rect: Rect
    }

    /// The rows of artwork above a hero card's title, and above a grid card's.
    public static let heroImageRows = 8
    public static let gridImageRows = 4
    /// A list row with a thumbnail: its height, the thumbnail's width, and the narrowest
    /// content that shows thumbnails (a narrower list keeps one-line rows).
    public static let thumbnailRowHeight = 2
    public static let thumbnailColumns = 6
    public static let thumbnailMinimumWidth = 40

    public var elements: [Element] = []
    public var focusables: [FocusableItem] = []
    /// The rect of each focusable (same order), relative to the content.
    public var focusRects: [Rect] = []
    public var height: Int = 0
    /// The feeds the drawn components show (each once, in drawing order): what the update
    /// asks the runtime to load.
    public var feedSources: [String] = []
    /// The feed behind each focusable that belongs to a feed component (`r` retries it).
    public var focusFeedSources: [Int: String] = [:]

    /// Lays out `screen` for `width` columns.
    public init(state: ShellViewState, screen: ScreenModel, width: Int) {
        var builder = Builder(state: state, width: max(1, width))
        builder.build(screen, depth: 0)
        self = builder.content
    }

    /// The first visible row so that the focusable `selection` is in a view of `viewHeight`
    /// rows whose top `coveredTop` rows an overlay bar hides: negative when the content must
    /// move down to bring its first items clear of the bar.
    public func scrollOffset(selection: Int, viewHeight: Int, coveredTop: Int = 0) -> Int {
        guard selection >= 0, selection < focusRects.count, viewHeight > 0 else { return 0 }
        let rect = focusRects[selection]
        let top = min(max(0, coveredTop), viewHeight - 1)
        if rect.y < top { return rect.y - top }
        if rect.maxY <= viewHeight { return 0 }
        let offset = rect.height <= viewHeight - top ? rect.maxY - viewHeight : rect.y - top
        return max(0, min(offset, height - viewHeight))
    }

    private struct Builder {
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
            switch component.componentType {
            case "hero":
                if let title { heading(title) }
                if items.isEmpty { placeholderCards(1, "Placeholder: this hero has no items") } else { cards(items, minimumWidth: 20, columns: nil, height: 4, imageRows: ScreenContent.heroImageRows) }
            case "grid":
                heading(title ?? "Grid")
                let columns = component.styles["columns"]?.intValue
                if items.isEmpty { placeholderCards(3, "Placeholder") } else {
                    cards(items, minimumWidth: 18, columns: columns, height: 4, imageRows: ScreenContent.gridImageRows)
                }
            case "list":
                heading(title ?? "List")
                if items.isEmpty { text("Placeholder: this list has no items in its data.", .placeholder) } else { listRows(items) }
            case "screen_picker":
                if let title { heading(title) }
                picker(component, items: items, depth: depth)
            default:
                heading(title ?? component.componentType)
                text("\"\(component.componentType)\" component: a placeholder (ZappShell draws hero, list, grid and screen_picker).", .placeholder)
            }
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

        mutating func picker(_ component: UIComponent, items: [ComponentItem], depth: Int) {
            guard !items.isEmpty else {
                text("Placeholder: this screen picker has no tabs in its data.", .placeholder)
                return
            }
            let selected = tabStrip(component, items: items)
            let tab = items[selected]
            guard let target = tab.target, !target.isWebURL, let screen = state.app.anyScreen(id: target) else {
                text(tab.target.map { "\"\(tab.title)\" opens \($0)." } ?? "\"\(tab.title)\" has no target screen.", .placeholder)
                return
            }
            guard depth < 2, !visited.contains(screen.id) else {
                text("\(screen.name) (not nested further)", .dim)
                return
            }
            if screen.uiComponents.isEmpty {
                text("\(screen.name) has no UI components.", .placeholder)
                return
            }
            let outer = owner
            owner = screen
            for nested in screen.orderedComponents { self.component(nested, screenID: screen.id, depth: depth + 1) }
            owner = outer
            y -= 1
        }

        // MARK: Feeds

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
            let fallbackTitle: String?
            switch type {
            case "hero", "screen_picker": fallbackTitle = nil
            case "grid": fallbackTitle = "Grid"
            case "list": fallbackTitle = "List"
            default: fallbackTitle = type
            }
            switch state.feeds[source] {
            case nil, .loading?:
                if let heading = title ?? fallbackTitle { self.heading(heading) }
                text("\(state.glyphs.spinner(at: state.spinnerFrame)) Loading \(source)…", .dim)
            case .failed(let reason)?:
                if let heading = title ?? fallbackTitle { self.heading(heading) }
                text("Could not load \(source): \(reason)", .error)
                feedButton("Retry (r)", id: "retry.\(source)", action: .retryFeed(source))
                content.focusFeedSources[content.focusables.count - 1] = source
            case .loaded(let feed)?:
                let limited = feed.limited(to: component.rules["item_limit"]?.intValue ?? component.data["item_limit"]?.intValue)
                let items = ComponentItem.items(of: limited, base: component.id ?? "\(type)@\(source)")
                if let heading = title ?? (type == "hero" || type == "screen_picker" ? nil : feed.title ?? fallbackTitle) {
                    self.heading(heading)
                }
                guard !items.isEmpty else {
                    text("\(feed.title ?? source) has no entries.", .dim)
                    return
                }
                let first = content.focusables.count
                let outerSource = feedSource
                feedSource = source
                switch type {
                case "hero": cards(items, minimumWidth: 20, columns: nil, height: 4, imageRows: ScreenContent.heroImageRows)
                case "grid":
                    cards(
                        items, minimumWidth: 18, columns: component.styles["columns"]?.intValue, height: 4,
                        imageRows: ScreenContent.gridImageRows)
                case "screen_picker": feedPicker(component, items: items, depth: depth)
                default: listRows(items)
                }
                feedSource = outerSource
                if type != "screen_picker", limited.next != nil { nextPageButton(source: source) }
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
                text("Could not load more entries: \(reason)", .error)
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

        /// A screen picker's strip of tabs, one focusable per item, on one row; returns the index
        /// of the selected tab (kept under the picker's key, clamped to the items).
        mutating func tabStrip(_ component: UIComponent, items: [ComponentItem]) -> Int {
            let componentID = ComponentItem.pickerKey(component, in: owner)
            let selected = min(max(0, state.pickerTabs[componentID] ?? 0), items.count - 1)
            let focusStart = content.focusables.count
            var x = 0
            for (index, item) in items.enumerated() {
                let tabWidth = DisplayWidth.of(item.title) + 2
                content.focusables.append(
                    FocusableItem(
                        id: "\(componentID)#tab\(index)", title: item.title,
                        action: .selectTab(componentID: componentID, index: index), row: row, column: index))
                content.focusRects.append(Rect(x: x, y: y, width: tabWidth, height: 1))
                x += tabWidth + 1
            }
            add(.tabs(titles: items.map(\.title), selected: selected, focusStart: focusStart), Rect(x: 0, y: y, width: width, height: 1))
            y += 1
            row += 1
            return selected
        }

        /// A screen picker fed by a feed: one tab per entry; under it the selected entry (a
        /// `feed` entry shows the feed it links to).
        mutating func feedPicker(_ component: UIComponent, items: [ComponentItem], depth: Int) {
            let componentID = ComponentItem.pickerKey(component, in: owner)
            let selected = tabStrip(component, items: items)
            guard let entry = items[selected].entry else { return }
            if entry.isFeedLink, depth < 2, let link = entry.linkURL ?? entry.contentURL {
                feedComponent(UIComponent(id: "\(componentID)#\(selected)", componentType: "list", data: ["title": .string(entry.title)]), source: link, depth: depth + 1)
            } else {
                cards([items[selected]], minimumWidth: 20, columns: 1, height: 4, imageRows: ScreenContent.heroImageRows)
            }
        }

        // MARK: White-label screens

        mutating func settings() {
            heading("Settings")
            let labelWidth = 14
            func line(_ label: String, _ value: String) {
                add(.text(label, .dim), Rect(x: 1, y: y, width: labelWidth, height: 1))
                add(.text(value, .base), Rect(x: 1 + labelWidth, y: y, width: max(0, width - labelWidth - 1), height: 1))
            }
            line("Theme", state.theme.name)
            y += 1
            settingsButton("Next theme", action: .nextTheme)
            y += 1
            line("Signed in", state.signedInUser ?? "not signed in")
            y += 1
            if state.signedInUser != nil {
                settingsButton("Sign out", action: .signOut)
            } else {
                add(.text("(sign in happens when a screen asks for it)", .dim), Rect(x: 1 + labelWidth, y: y, width: max(0, width - labelWidth - 1), height: 1))
            }
            y += 2
            line("App", "\(state.app.name) · \(state.app.screens.count) screens")
            y += 1
            line("Colours", state.colorSupport.label)
            y += 1
            line("Glyphs", state.glyphs.isASCII ? "ASCII" : "Unicode")
            y += 1
        }

        mutating func settingsButton(_ title: String, action: ShellAction) {
            let rect = Rect(x: 15, y: y, width: DisplayWidth.of(title) + 4, height: 1)
            content.focusables.append(FocusableItem(id: "settings.\(title)", title: title, action: action, row: row))
            content.focusRects.append(rect)
            add(.button(title, focus: content.focusables.count - 1), rect)
            row += 1
        }

        mutating func epg() {
            heading("EPG · Today")
            let grid = EPGGrid.sample
            let focusStart = content.focusables.count
            for (index, channel) in grid.channels.enumerated() {
                content.focusables.append(
                    FocusableItem(
                        id: "epg.\(index)", title: channel.name,
                        action: .inert("\(channel.name): playback is not available in a terminal"), row: row))
                content.focusRects.append(Rect(x: 0, y: y + 1 + index, width: width, height: 1))
                row += 1
            }
            add(.epg(grid, focusStart: focusStart), Rect(x: 0, y: y, width: width, height: grid.channels.count + 1))
            y += grid.channels.count + 1
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

    private static let empty = ScreenContent()
    private init() {}
}

extension ColorSupport {
    /// A name for Settings and messages.
    public var label: String {
        switch self {
        case .none: return "none"
        case .ansi8: return "8 colours"
        case .ansi256: return "256 colours"
        case .trueColor: return "truecolor"
        }
    }
}
