import ZappCore

/// Selection, focus cycling and mouse clicks.
extension ShellUpdate {
    /// The focusable items of an area as the frame lays them out.
    static func items(_ area: FocusArea, _ model: inout ShellModel) -> [FocusableItem] {
        frame(&model).focusables(in: area)
    }

    static func selection(_ area: FocusArea, _ model: ShellModel) -> Int {
        switch area {
        case .rootMenu: return model.view.menuSelection
        case .navBar: return model.view.navBarSelection
        case .screen: return model.view.currentScreenSelection
        }
    }

    /// Moves an area's selection. Nothing laid out depends on which item is selected (drawing
    /// and the images in view read it), so the frame stays current.
    static func setSelection(_ index: Int, _ area: FocusArea, _ model: inout ShellModel) {
        let current = model.isFrameCurrent
        switch area {
        case .rootMenu: model.view.menuSelection = index
        case .navBar: model.view.navBarSelection = index
        case .screen: model.view.currentScreenSelection = index
        }
        model.isFrameCurrent = current
    }

    /// Moves the focus to an area; like a selection, nothing laid out depends on it.
    static func setFocus(_ area: FocusArea, _ model: inout ShellModel) {
        let current = model.isFrameCurrent
        model.view.focus = area
        model.isFrameCurrent = current
    }

    /// Arrow keys: moves within the focused area as its items are laid out.
    static func move(_ direction: MoveDirection, _ model: inout ShellModel) -> [ShellEffect] {
        let area = model.view.focus
        let list = items(area, &model)
        guard !list.isEmpty else { return [] }
        let current = min(max(selection(area, model), 0), list.count - 1)
        setSelection(list.index(movingFrom: current, direction), area, &model)
        return []
    }

    /// Home / End: the first or last item of the focused area.
    static func jump(toFirst: Bool, _ model: inout ShellModel) -> [ShellEffect] {
        let area = model.view.focus
        let count = items(area, &model).count
        guard count > 0 else { return [] }
        setSelection(toFirst ? 0 : count - 1, area, &model)
        return []
    }

    /// PgUp / PgDn: moves by a screenful of rows.
    static func page(_ direction: MoveDirection, _ model: inout ShellModel) -> [ShellEffect] {
        let steps = max(1, model.rows / 3)
        for _ in 0..<steps { _ = move(direction, &model) }
        return []
    }

    /// Tab / Shift-Tab: root menu → nav bar → screen, skipping areas with nothing to select.
    static func cycleFocus(forward: Bool, _ model: inout ShellModel) -> [ShellEffect] {
        let order = FocusArea.allCases
        guard let start = order.firstIndex(of: model.view.focus) else { return [] }
        for offset in 1...order.count {
            let index = (start + (forward ? offset : -offset) + order.count * 2) % order.count
            let area = order[index]
            let list = items(area, &model)
            guard !list.isEmpty else { continue }
            setFocus(area, &model)
            if area == .rootMenu { revertMenuSelection(&model) }
            setSelection(min(max(selection(area, model), 0), list.count - 1), area, &model)
            return []
        }
        return []
    }

    /// Enter: performs the selected item's action.
    static func activateSelection(_ model: inout ShellModel) -> [ShellEffect] {
        let area = model.view.focus
        let list = items(area, &model)
        guard !list.isEmpty else { return [] }
        let index = min(max(selection(area, model), 0), list.count - 1)
        return perform(list[index].action, &model)
    }

    /// A click: moves the selection to the item clicked and performs its action.
    static func handleClick(column: Int, row: Int, _ model: inout ShellModel) -> [ShellEffect] {
        guard let region = model.hitMap.region(column: column, row: row) else { return [] }
        if let focus = region.focus, model.view.topPane == nil {
            setFocus(focus.area, &model)
            setSelection(focus.index, focus.area, &model)
        }
        if model.view.topPane != nil {
            switch region.action {
            case .focusPaneField, .pressPaneButton, .dismissPane: break
            default: return []
            }
        }
        return perform(region.action, &model)
    }

    /// Puts the root menu's selection back on the row of the item whose stack is shown.
    static func revertMenuSelection(_ model: inout ShellModel) {
        let rootItemID = model.view.navigation.rootItemID
        let list = items(.rootMenu, &model)
        setSelection(list.firstIndex { $0.action == .selectRootItem(rootItemID) || $0.id == rootItemID } ?? 0, .rootMenu, &model)
    }

    /// Keeps selections inside their lists after the layout changed. Each area's items are
    /// laid out once (a screen's are its whole content): how many there are does not depend on
    /// which one is selected.
    static func clampSelections(_ model: inout ShellModel) {
        var counts: [FocusArea: Int] = [:]
        for area in FocusArea.allCases {
            let count = items(area, &model).count
            counts[area] = count
            let current = selection(area, model)
            if count == 0 {
                if current != 0 { setSelection(0, area, &model) }
            } else if current >= count || current < 0 {
                setSelection(min(max(current, 0), count - 1), area, &model)
            }
        }
        if counts[model.view.focus] == 0, counts[.screen] != 0 || model.view.focus == .rootMenu {
            setFocus(.screen, &model)
        }
    }
}
