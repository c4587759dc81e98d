import ZappModel

extension ShellViewState {
    /// Remembers the feed the nav or menu item `itemID` opens its target with, or that
    /// `target` was opened with none (so it shows its own data again).
    public mutating func connect(itemID: String, target: String?) {
        if let link = ConnectedFeed.link(itemID: itemID, in: app) {
            connectedSources[link.target] = link.source
        } else if let target {
            connectedSources[target] = nil
        }
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
