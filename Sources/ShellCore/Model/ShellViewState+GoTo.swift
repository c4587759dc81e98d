import ZappCore
import ZappModel

extension ShellViewState {
    /// The screens "go to" offers, filtered by the overlay's text (case-insensitive, on name
    /// or id): river screens except hook screens, then Settings and EPG; a screen whose id or
    /// name is exactly the text comes first. Ids and names need no screen decoded; the hook
    /// screens are named by the screens whose JSON holds `screen_id`, which go to has decoded
    /// (`undecodedScreensShown`).
    public var goToCandidates: [(id: String, title: String)] {
        var typed = ""
        if case .goTo(let text, _) = overlay { typed = text }
        let filter = CaseInsensitiveText(typed)
        let screens = app.screens
        // Only the screens whose JSON may say `screen_id` can name a hook screen (all of them
        // when the river was not scanned).
        var hookScreenIDs: Set<String> = []
        for position in hookNamingPositions ?? Array(screens.indices) {
            guard let hooks = screens.decodedHooks(at: position) else { continue }
            for entry in hooks.preload + hooks.postload { if let id = entry.screenID { hookScreenIDs.insert(id) } }
        }
        var exact: [(id: String, title: String)] = []
        var others: [(id: String, title: String)] = []
        func consider(_ id: String, _ title: String) {
            guard !typed.isEmpty else { return others.append((id, title)) }
            guard filter.isFound(in: title) || filter.isFound(in: id) else { return }
            if filter.isEqual(to: id) || filter.isEqual(to: title) {
                exact.append((id, title))
            } else {
                others.append((id, title))
            }
        }
        for position in screens.indices {
            let id = screens.id(at: position)
            if hookScreenIDs.isEmpty || !hookScreenIDs.contains(id) { consider(id, screens.name(at: position)) }
        }
        for synthetic in SyntheticScreen.allCases { consider(synthetic.rawValue, synthetic.model.name) }
        return exact + others
    }
}
