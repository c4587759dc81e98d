import ZappCore
import ZappModel

/// What activating an item does (Enter or a click).
extension ShellUpdate {
    static func perform(_ action: ShellAction, _ model: inout ShellModel) -> [ShellEffect] {
        switch action {
        case .selectRootItem(let id):
            let navigation = model.view.navigation
            if id == navigation.rootItemID && navigation.presented.isEmpty && navigation.position == .root
                && model.view.shownBlockedRoot == nil
            {
                model.view.isSideMenuOpen = false
                model.view.focus = .screen
                return []
            }
            model.screensWanted.formUnion(model.view.connect(itemID: id, target: model.view.rootMenu.item(id: id)?.screenID))
            return startActivity(.selectRootItem(id), &model)
        case .toggleNested(let id):
            if model.view.expandedMenuItems.contains(id) {
                model.view.expandedMenuItems.remove(id)
            } else {
                model.view.expandedMenuItems.insert(id)
            }
            return []
        case .toggleSideMenu:
            guard model.view.rootMenu.kind == .sideMenu else {
                model.notify("This app's root is a tab bar: it has no side menu")
                return []
            }
            model.view.isSideMenuOpen.toggle()
            if model.view.isSideMenuOpen {
                model.view.focus = .rootMenu
                revertMenuSelection(&model)
            } else if model.view.focus == .rootMenu {
                model.view.focus = .screen
            }
            return []
        case .contextButton(let button):
            switch button {
            case .menu: return perform(.toggleSideMenu, &model)
            case .back:
                var navigation = model.view.navigation
                if navigation.back() { show(navigation, &model) }
                return []
            case .close:
                var navigation = model.view.navigation
                if navigation.close() { show(navigation, &model) }
                return []
            case .none:
                return []
            }
        case .navigationButton(let button):
            return pressNavigationButton(button, &model)
        case .toggleOverflow:
            model.view.isOverflowOpen.toggle()
            model.view.navBarSelection = 0
            model.view.focus = .navBar
            return []
        case .openTarget(let target):
            if target.isWebURL { return openWebLink(target, &model) }
            return startActivity(.push(target, source: .cell), &model)
        case .inert(let message):
            model.notify(message)
            return []
        case .selectTab(let componentID, let index):
            return selectTab(componentID: componentID, index: index, &model)
        case .focusPaneField(let index):
            guard let last = model.view.panes.indices.last, index < model.view.panes[last].pane.fields.count else { return [] }
            model.view.panes[last].focusIndex = index
            return []
        case .pressPaneButton(let index):
            return pressPaneButton(index, &model)
        case .dismissPane:
            return dismissPane(&model)
        case .nextTheme:
            nextTheme(&model)
            return []
        case .signOut:
            return [.signOut]
        case .goTo(let id):
            model.view.overlay = nil
            return startActivity(.goTo(id), &model)
        case .retry:
            guard case .loadingFailed = model.view.phase else { return [] }
            return loadAppData(isRetry: true, &model)
        case .retryBlockedRoot:
            return startActivity(.selectRootItem(model.view.navigation.rootItemID), &model)
        case .openEntry(let entry):
            return openEntry(entry, &model)
        case .retryFeed(let source):
            return retryFeed(source, &model)
        case .loadNextPage(let source):
            return loadNextPage(source, &model)
        case .closeOverlay:
            model.view.overlay = nil
            return []
        case .chooseAccountRow(let index):
            return clickAccountRow(index, &model)
        }
    }

    private static func pressNavigationButton(_ button: NavigationButton, _ model: inout ShellModel) -> [ShellEffect] {
        model.view.isOverflowOpen = false
        guard button.isEnabled else {
            model.notify(button.note ?? "\(button.title) is not available here")
            return []
        }
        switch button.kind {
        case .screen:
            guard let target = button.target else { return [] }
            model.screensWanted.formUnion(model.view.connect(itemID: button.id, target: target))
            return startActivity(.present(target, source: .navBar), &model)
        case .url:
            guard let target = button.target else { return [] }
            return openWebLink(target, &model)
        case .liveDrawer, .crossmates, .feed, .chromecast, .unavailable:
            model.notify(button.note ?? "\(button.title): not available in the terminal")
            return []
        }
    }

    /// A screen-picker tab: the tab's target screen goes through the screen-picker helper.
    private static func selectTab(componentID: String, index: Int, _ model: inout ShellModel) -> [ShellEffect] {
        let current = model.view.pickerTabs[componentID] ?? 0
        guard index != current else { return [] }
        guard let component = found(ComponentItem.picker(forKey: componentID, in: model.view.app), &model), index >= 0
        else { return [] }
        let items = ComponentItem.items(of: component)
        guard index < items.count else {
            // A picker fed by a feed: its tabs are entries, with no screen to open.
            model.view.pickerTabs[componentID] = index
            return []
        }
        guard let target = items[index].target, !target.isWebURL else {
            model.view.pickerTabs[componentID] = index
            return []
        }
        return startActivity(.selectTab(componentID: componentID, from: current, to: index, target: target), &model)
    }

    /// The themes read after the first frame replace the list; the one on screen stays, and is
    /// kept in the list when the files no longer hold it.
    static func themesLoaded(_ themes: [Theme], _ model: inout ShellModel) {
        var list = themes
        if !list.contains(where: { $0.name == model.view.theme.name }) { list.insert(model.view.theme, at: 0) }
        model.themes = list
        model.view.themeNames = list.map(\.name)
    }

    /// `t`: the next theme in the list.
    static func nextTheme(_ model: inout ShellModel) {
        guard model.themes.count > 1 else {
            model.notify("Only one theme is available (\(model.view.theme.name))")
            return
        }
        let index = model.themes.firstIndex { $0.name == model.view.theme.name } ?? -1
        model.view.theme = model.themes[(index + 1) % model.themes.count]
        model.notify("Theme: \(model.view.theme.name)")
    }
}
