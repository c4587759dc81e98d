import ZappCore
import ZappModel

extension ShellViewState {
    /// The selectable items of an area for a terminal of this size, in keyboard order, as
    /// they are drawn (the same layout code): the root menu's rows (side menu only while open),
    /// the bar's context button / buttons / overflow (the overflow list while it is open),
    /// and the current screen's cells.
    public func focusables(in area: FocusArea, columns: Int, rows: Int) -> [FocusableItem] {
        let layout = ShellLayout(state: self, columns: columns, rows: rows)
        guard !layout.isTooSmall, phase == .running else { return [] }
        switch area {
        case .rootMenu:
            if rootMenu.kind == .sideMenu && layout.sideMenuRect == nil { return [] }
            if rootMenu.kind == .tabBar && layout.tabBarRect == nil { return [] }
            return RootMenuView.focusables(self)
        case .navBar:
            guard let barRect = layout.barRect, let bar = currentBar else { return [] }
            let barLayout = NavBarView.layout(
                bar, in: barRect, state: self, glyphs: glyphs, logo: layout.logoLines, logoImage: layout.logoImage)
            return isOverflowOpen
                ? NavBarView.overflowFocusables(bar, layout: barLayout) : NavBarView.focusables(bar, layout: barLayout)
        case .screen:
            guard let screen = currentScreen else { return [] }
            return ScreenContent(state: self, screen: screen, width: layout.contentRect.width - 2).focusables
        }
    }

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
