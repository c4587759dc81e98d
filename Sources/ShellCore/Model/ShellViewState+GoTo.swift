import ZappCore
import ZappModel

extension ShellViewState {
    /// The screens "go to" offers, filtered by the overlay's text (case-insensitive, on name
    /// or id): river screens except hook screens, then Settings and EPG; a screen whose id or
    /// name is exactly the text comes first.
    public var goToCandidates: [(id: String, title: String)] {
        var filter = ""
        if case .goTo(let text, _) = overlay { filter = text.lowercased() }
        let hookScreenIDs = Set(app.screens.flatMap { ($0.hooks.preload + $0.hooks.postload).compactMap(\.screenID) })
        var all: [(id: String, title: String)] = app.screens.filter { !hookScreenIDs.contains($0.id) }.map { ($0.id, $0.name) }
        all += SyntheticScreen.allCases.map { ($0.rawValue, $0.model.name) }
        guard !filter.isEmpty else { return all }
        let matches = all.filter { $0.title.lowercased().contains(filter) || $0.id.lowercased().contains(filter) }
        let isExact: ((id: String, title: String)) -> Bool = { $0.id.lowercased() == filter || $0.title.lowercased() == filter }
        return matches.filter(isExact) + matches.filter { !isExact($0) }
    }
}
