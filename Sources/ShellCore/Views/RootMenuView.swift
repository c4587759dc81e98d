import ZappCore
import ZappModel

/// The root menu drawn as a side menu (a column of rows, nested menus expandable) or as a
/// bottom tab bar (one row of tabs). Headers and unsupported items are shown but not
/// selectable, unavailable ones greyed (choosing one says why); the current root item is marked.
enum RootMenuView {
    /// The selectable rows in order (what Up/Down walk).
    static func focusables(_ state: ShellViewState) -> [FocusableItem] {
        let visible = state.rootMenu.visibleItems(expanded: state.expandedMenuItems)
        let horizontal = state.rootMenu.kind == .tabBar
        var items: [FocusableItem] = []
        for (item, _) in visible where item.isSelectable {
            let action: ShellAction = item.isExpandable ? .toggleNested(item.id) : .selectRootItem(item.id)
            items.append(FocusableItem(id: item.id, title: item.title, action: action, row: horizontal ? 0 : items.count, column: horizontal ? items.count : 0))
        }
        return items
    }

    static func drawSideMenu(in rect: Rect, context: RenderContext, canvas: inout Canvas, hits: inout HitMap) {
        let state = context.state
        let palette = context.palette
        canvas.fill(rect, style: palette[.menu])
        let separator = Rect(x: rect.maxX - 1, y: rect.y, width: 1, height: rect.height)
        canvas.fill(separator, style: palette[.menuDisabled], grapheme: context.glyphs.border.vertical)
        let inner = Rect(x: rect.x, y: rect.y, width: rect.width - 1, height: rect.height)
        let visible = state.rootMenu.visibleItems(expanded: state.expandedMenuItems)
        if visible.isEmpty {
            context.text(&canvas, " No menu items", x: inner.x, y: inner.y, maxWidth: inner.width, style: palette[.menuDisabled])
            return
        }
        let focusedIndex = state.focus == .rootMenu && state.panes.isEmpty ? state.menuSelection : nil
        let focusRow = focusRowOffset(visible, focusedIndex: focusedIndex ?? state.menuSelection)
        let scroll = max(0, focusRow - inner.height + 1)
        var focusIndex = 0
        for (offset, entry) in visible.enumerated() {
            let y = inner.y + offset - scroll
            let item = entry.item
            let thisFocus = item.isSelectable ? focusIndex : nil
            if item.isSelectable { focusIndex += 1 }
            guard y >= inner.y, y < inner.maxY else { continue }
            let rowRect = Rect(x: inner.x, y: y, width: inner.width, height: 1)
            let isCurrent = isCurrentRoot(item, state: state)
            let focused = thisFocus != nil && thisFocus == focusedIndex
            let role: ThemeRole
            switch item.kind {
            case .header: role = .menuHeader
            case .unavailable where !focused, .unsupported: role = .menuDisabled
            default: role = focused ? .menuFocused : (isCurrent ? .menuSelected : .menu)
            }
            canvas.fill(rowRect, style: palette[role])
            let indent = String(repeating: "  ", count: entry.depth)
            let marker: String
            if item.isExpandable {
                marker = state.expandedMenuItems.contains(item.id) ? context.glyphs.expanded : context.glyphs.collapsed
            } else if focused || isCurrent {
                marker = context.glyphs.pointer
            } else {
                marker = " "
            }
            let label: String
            switch item.kind {
            case .header: label = indent + item.title.uppercased()
            default: label = indent + marker + " " + item.title + (state.isGated(item.screenID) ? " " + context.glyphs.lock : "")
            }
            context.text(&canvas, " " + label, x: rowRect.x, y: y, maxWidth: rowRect.width, style: palette[role])
            if let thisFocus {
                let action: ShellAction = item.isExpandable ? .toggleNested(item.id) : .selectRootItem(item.id)
                hits.add(rowRect, action, focus: FocusTarget(area: .rootMenu, index: thisFocus))
            }
        }
    }

    static func drawTabBar(in rect: Rect, context: RenderContext, canvas: inout Canvas, hits: inout HitMap) {
        let state = context.state
        let palette = context.palette
        canvas.fill(rect, style: palette[.tabBar])
        let visible = state.rootMenu.visibleItems(expanded: state.expandedMenuItems).filter { $0.item.isSelectable }
        guard !visible.isEmpty else { return }
        let focusedIndex = state.focus == .rootMenu && state.panes.isEmpty ? state.menuSelection : nil
        let slot = max(4, rect.width / visible.count)
        let focusTarget = min(max(focusedIndex ?? currentIndex(visible, state: state) ?? 0, 0), visible.count - 1)
        let perPage = max(1, rect.width / slot)
        let first = max(0, min(focusTarget - perPage + 1, visible.count - perPage))
        for (index, entry) in visible.enumerated() where index >= first && index < first + perPage {
            let item = entry.item
            let x = rect.x + (index - first) * slot
            let width = index - first == perPage - 1 ? rect.maxX - x : slot
            let cell = Rect(x: x, y: rect.y, width: width, height: 1)
            let focused = focusedIndex == index
            var role: ThemeRole = focused ? .tabFocused : (isCurrentRoot(item, state: state) ? .tabSelected : .tabBar)
            if case .unavailable = item.kind, !focused { role = .menuDisabled }
            canvas.fill(cell, style: palette[role])
            var title = item.title
            if state.isGated(item.screenID) { title += " " + context.glyphs.lock }
            if item.isExpandable { title += " " + (state.expandedMenuItems.contains(item.id) ? context.glyphs.expanded : context.glyphs.collapsed) }
            if focused { title = "[" + title + "]" } else if isCurrentRoot(item, state: state) { title = context.glyphs.pointer + title }
            context.text(&canvas, title, in: Rect(x: cell.x + 1, y: cell.y, width: cell.width - 2, height: 1), alignment: .center, style: palette[role])
            let action: ShellAction = item.isExpandable ? .toggleNested(item.id) : .selectRootItem(item.id)
            hits.add(cell, action, focus: FocusTarget(area: .rootMenu, index: index))
        }
    }

    private static func isCurrentRoot(_ item: RootMenuItem, state: ShellViewState) -> Bool {
        item.id == state.navigation.rootItemID && state.navigation.presented.isEmpty
    }

    private static func currentIndex(_ visible: [(item: RootMenuItem, depth: Int)], state: ShellViewState) -> Int? {
        visible.firstIndex { $0.item.id == state.navigation.rootItemID }
    }

    private static func focusRowOffset(_ visible: [(item: RootMenuItem, depth: Int)], focusedIndex: Int) -> Int {
        var focusIndex = 0
        for (offset, entry) in visible.enumerated() where entry.item.isSelectable {
            if focusIndex == focusedIndex { return offset }
            focusIndex += 1
        }
        return 0
    }
}
