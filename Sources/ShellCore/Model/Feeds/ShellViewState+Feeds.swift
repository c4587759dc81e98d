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
}
