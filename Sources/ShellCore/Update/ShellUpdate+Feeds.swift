import ZappCore
import ZappModel

/// Feeds, connected screens and content types in the update: which feeds to ask for, what
/// a loaded feed changes, retrying, and what activating an entry opens.
extension ShellUpdate {
    /// The feeds of what is on screen (the current screen's components, a feed list
    /// overlay) that were never asked for: marks them loading and asks the runtime for them.
    static func requestFeeds(_ model: inout ShellModel) -> [ShellEffect] {
        guard model.view.phase == .running else { return [] }
        var sources = model.frame?.content?.feedSources ?? []
        if case .feed(let source, _, _) = model.view.overlay { sources.append(source) }
        var effects: [ShellEffect] = []
        for source in sources where model.view.feeds[source] == nil {
            model.view.feeds[source] = .loading
            effects.append(.loadFeed(source: source, reload: false, generation: model.appGeneration))
        }
        return effects
    }

    static func feedLoaded(_ source: String, _ result: Result<Feed, FeedLoadError>, _ model: inout ShellModel) {
        switch result {
        case .success(let feed): model.view.feeds[source] = .loaded(feed)
        case .failure(let error): model.view.feeds[source] = .failed(error.message)
        }
        clampSelections(&model)
    }

    /// Loads a feed again, bypassing the session cache (unless it is loading already); its
    /// pages after the first are dropped with it.
    static func retryFeed(_ source: String, _ model: inout ShellModel) -> [ShellEffect] {
        guard model.view.feeds[source] != .loading else { return [] }
        model.view.feeds[source] = .loading
        model.view.feedPages[source] = nil
        model.view.loadedPages[source] = nil
        return [.loadFeed(source: source, reload: true, generation: model.appGeneration)]
    }

    /// Asks for the next page of a loaded feed (once at a time).
    static func loadNextPage(_ source: String, _ model: inout ShellModel) -> [ShellEffect] {
        guard case .loaded(let feed)? = model.view.feeds[source], let page = feed.nextPage(after: source),
            model.view.feedPages[source] != .loading
        else { return [] }
        model.view.feedPages[source] = .loading
        return [.loadFeedPage(source: source, page: page, generation: model.appGeneration)]
    }

    /// A next page arrived: its entries follow the feed's (the selection stays where it was),
    /// or the reason it failed is shown by the "More entries" button. A page for a feed that
    /// was reloaded meanwhile is dropped.
    static func feedPageLoaded(_ source: String, page: String, _ result: Result<Feed, FeedLoadError>, _ model: inout ShellModel) {
        guard model.view.feedPages[source] == .loading, case .loaded(let feed)? = model.view.feeds[source],
            feed.nextPage(after: source) == page
        else { return }
        switch result {
        case .success(let next):
            var loaded = model.view.loadedPages[source] ?? [source]
            loaded.insert(page)
            model.view.loadedPages[source] = loaded
            model.view.feeds[source] = .loaded(feed.appending(next, from: page, loaded: loaded))
            model.view.feedPages[source] = nil
        case .failure(let error):
            model.view.feedPages[source] = .failed(error.message)
        }
        clampSelections(&model)
    }

    /// `r` on a screen with feeds: reloads the feed of the selected component, else every feed
    /// on screen that failed (nothing while one loads); nil when the screen has none of these
    /// (`r` then reloads the app).
    static func retryFeedsOnScreen(_ model: inout ShellModel) -> [ShellEffect]? {
        guard let content = frame(&model).content else { return nil }
        if model.view.focus == .screen, let source = content.focusFeedSources[model.view.currentScreenSelection] {
            return retryFeed(source, &model)
        }
        let failed = content.feedSources.filter { if case .failed? = model.view.feeds[$0] { true } else { false } }
        if failed.isEmpty {
            // A feed still loading: wait for it rather than reload everything under it.
            return content.feedSources.contains { model.view.feeds[$0] == .loading } ? [] : nil
        }
        return failed.flatMap { retryFeed($0, &model) }
    }

    /// An entry: the screen `content_types.json` maps its type to (through the hook manager,
    /// with the entry in the dataDict), else a list of the feed a `feed` entry links to, else the
    /// web page a `link` entry stands for (as a `WEB_URL` item opens it), else its details.
    static func openEntry(_ entry: FeedEntry, _ model: inout ShellModel) -> [ShellEffect] {
        let app = model.view.app
        if let screenID = app.contentTypes.screenID(forType: entry.typeValue) {
            guard app.hasAnyScreen(id: screenID) else {
                model.notify("content_types.json maps \"\(entry.typeValue ?? "")\" to \"\(screenID)\", which is no screen", isError: true)
                return []
            }
            model.view.overlay = nil
            return startActivity(.openEntry(screenID: screenID, entry: entry), &model)
        }
        if entry.isFeedLink, let link = entry.linkURL ?? entry.contentURL {
            model.view.overlay = .feed(source: link, title: entry.title, selection: 0)
            return []
        }
        if let page = entry.webLink {
            model.view.overlay = nil
            return openWebLink(page, &model)
        }
        model.view.overlay = .entry(entry)
        return []
    }

    /// The entries a feed-list overlay shows (none while it loads or when it failed).
    static func overlayEntries(_ source: String, _ model: ShellModel) -> [FeedEntry] {
        if case .loaded(let feed)? = model.view.feeds[source] { return feed.entries }
        return []
    }

    /// Keys while an entry's details or a feed list is open.
    static func handleFeedOverlayKey(_ key: Key, _ overlay: Overlay, _ model: inout ShellModel) -> [ShellEffect] {
        if key == .character("q") { return quit(&model, status: 0) }
        switch overlay {
        case .feed(let source, let title, let selection):
            let entries = overlayEntries(source, model)
            let last = max(0, entries.count - 1)
            switch key {
            case .escape: model.view.overlay = nil
            case .up, .character("k"): model.view.overlay = .feed(source: source, title: title, selection: max(0, selection - 1))
            case .down, .character("j"): model.view.overlay = .feed(source: source, title: title, selection: min(last, selection + 1))
            case .home, .pageUp: model.view.overlay = .feed(source: source, title: title, selection: 0)
            case .end, .pageDown: model.view.overlay = .feed(source: source, title: title, selection: last)
            case .character("r"): return retryFeed(source, &model)
            case .enter, .character(" "):
                guard selection < entries.count else { return [] }
                return openEntry(entries[selection], &model)
            default: break
            }
        default:
            switch key {
            case .escape, .enter, .character(" "): model.view.overlay = nil
            default: break
            }
        }
        return []
    }
}
