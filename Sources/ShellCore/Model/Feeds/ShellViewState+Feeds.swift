import ZappModel

extension ShellViewState {
    /// The feeds the current screen's components show (each once), for a content area of
    /// `width` columns: what must be loaded before it can be drawn in full.
    public func feedSourcesOnScreen(width: Int) -> [String] {
        guard let screen = currentScreen else { return [] }
        return ScreenContent(state: self, screen: screen, width: max(1, width)).feedSources
    }

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
