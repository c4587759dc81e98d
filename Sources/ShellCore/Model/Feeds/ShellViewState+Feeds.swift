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
}
