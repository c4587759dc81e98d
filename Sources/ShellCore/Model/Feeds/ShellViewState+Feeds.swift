import ZappModel

extension ShellViewState {
    /// Remembers the feed the nav or menu item `itemID` opens its target with, or that
    /// `target` was opened with none (so it shows its own data again). Returns the positions of
    /// the screens not decoded yet that may hold the item: nothing is remembered then (the
    /// update's event waits for them).
    @discardableResult
    public mutating func connect(itemID: String, target: String?) -> [Int] {
        switch ConnectedFeed.link(itemID: itemID, in: app) {
        case .found(let link): connectedSources[link.target] = link.source
        case .notFound: if let target { connectedSources[target] = nil }
        case .undecoded(let positions): return positions
        }
        return []
    }

    /// One warning per loaded feed cut to `Feed.entryLimit`, naming it (credentials in its
    /// address redacted) and the count kept, in the order of the addresses: listed with the
    /// warnings (`w`) and printed by `render`.
    public var feedWarnings: [String] {
        feeds.compactMap { source, state -> String? in
            guard case .loaded(let feed) = state else { return nil }
            return feed.capWarning(source: CredentialRedaction.redacted(source))
        }.sorted()
    }
}
