import ZappCore
import ZappModel

extension ShellViewState {
    /// The screens "go to" offers, filtered by the overlay's text (case-insensitive, on name
    /// or id): river screens except hook screens, then Settings and EPG; a screen whose id or
    /// name is exactly the text comes first. Ids and names need no screen decoded; the hook
    /// screens are named by the screens whose JSON holds `screen_id`, which go to has decoded
    /// (`undecodedScreensShown`).
    public var goToCandidates: [(id: String, title: String)] {
        var filter = ""
        if case .goTo(let text, _) = overlay { filter = text.lowercased() }
        let screens = app.screens
        var hookScreenIDs: Set<String> = []
        for position in screens.indices where screens.isDecoded(position) {
            let hooks = screens[position].hooks
            for entry in hooks.preload + hooks.postload { if let id = entry.screenID { hookScreenIDs.insert(id) } }
        }
        var all: [(id: String, title: String)] = screens.indices.lazy.map { (screens.id(at: $0), screens.name(at: $0)) }
            .filter { !hookScreenIDs.contains($0.id) }
        all += SyntheticScreen.allCases.map { ($0.rawValue, $0.model.name) }
        guard !filter.isEmpty else { return all }
        let matches = all.filter { $0.title.lowercased().contains(filter) || $0.id.lowercased().contains(filter) }
        let isExact: ((id: String, title: String)) -> Bool = { $0.id.lowercased() == filter || $0.title.lowercased() == filter }
        return matches.filter(isExact) + matches.filter { !isExact($0) }
    }
}
