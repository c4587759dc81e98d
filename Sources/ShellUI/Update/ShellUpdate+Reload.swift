import ZappCore
import ZappModel

/// Reloading the running app (`r`, `run --watch`): the new app replaces the old one while the
/// screens the user has open stay open where they still exist; a file that no longer loads is
/// reported and the running app stays as it was.
extension ShellUpdate {
    /// `r`: read the app again now (not while a reload runs or the app is starting).
    static func requestReload(_ model: inout ShellModel) -> [ShellEffect] {
        guard model.view.phase == .running, !model.isReloading else { return [] }
        model.reloadDue = nil
        model.isReloading = true
        var effects: [ShellEffect] = []
        if let activity = model.activity { effects.append(.cancelActivity(activityID: activity.id)) }
        effects.append(.reloadApp)
        return effects
    }

    /// A watched file changed: reload once changes have settled.
    static func scheduleReload(_ model: inout ShellModel) {
        model.reloadDue = model.now + ShellModel.reloadSettle
    }

    /// The tick at which a scheduled reload is due starts it.
    static func reloadIfDue(_ model: inout ShellModel) -> [ShellEffect] {
        guard let due = model.reloadDue, model.now >= due else { return [] }
        model.reloadDue = nil
        guard model.view.phase == .running, !model.isReloading else {
            // Starting or already reloading: look again once that is over.
            if model.isReloading || model.view.phase != .running { model.reloadDue = model.now + ShellModel.reloadSettle }
            return []
        }
        return requestReload(&model)
    }

    /// The reloaded app: a new state whose stacks keep every screen that still exists (each
    /// stack is cut at the first that does not), with the theme, panes, trace and focus kept.
    static func appReloaded(_ app: ZappApp, rootKind: RootKind, _ model: inout ShellModel) {
        model.isReloading = false
        let old = model.view
        appLoaded(app, rootKind: rootKind, &model)
        model.view.phase = old.phase
        model.view.isTracePanelVisible = old.isTracePanelVisible
        model.view.navigation = kept(old.navigation, in: app, rootMenu: model.view.rootMenu) ?? model.view.navigation
        model.view.focus = old.focus
        model.view.screenSelection = old.screenSelection
        model.view.pickerTabs = old.pickerTabs
        model.view.menuSelection = currentRootMenuIndex(model)
        clampSelections(&model)
        model.notify("Reloaded \(app.name) (\(app.screens.count) screens)")
    }

    /// The theme file read again: it takes the place of the theme it was (in the list `t`
    /// cycles through, and on screen when that theme is showing).
    static func themeReloaded(_ theme: Theme, replacing name: String, _ model: inout ShellModel) {
        if let index = model.themes.firstIndex(where: { $0.name == name }) {
            model.themes[index] = theme
        } else {
            model.themes.append(theme)
        }
        if model.view.theme.name == name { model.view.theme = theme }
    }

    /// Reading the app failed: the reason stays on screen until the next message, and the app
    /// runs on as it was.
    static func reloadFailed(_ reason: String, _ model: inout ShellModel) {
        model.isReloading = false
        model.view.toast = Toast("Reload failed, still showing the last good app: \(reason)", kind: .error)
        model.toastExpiry = nil
    }

    /// `navigation` with every stack cut at its first screen that `app` no longer has; nil when
    /// the selected root item itself is gone.
    private static func kept(_ navigation: NavigationState, in app: ZappApp, rootMenu: RootMenu) -> NavigationState? {
        func cut(_ stack: [String]) -> [String] {
            Array(stack.prefix { app.anyScreen(id: $0) != nil })
        }
        guard rootMenu.item(id: navigation.rootItemID) != nil || navigation.rootItemID == RootMenu.homeItemID else {
            return nil
        }
        var next = navigation
        next.stacks = navigation.stacks.compactMapValues { stack in
            let kept = cut(stack)
            return kept.isEmpty ? nil : kept
        }
        next.presented = navigation.presented.map(cut).filter { !$0.isEmpty }
        guard let current = next.currentScreenID, app.anyScreen(id: current) != nil else { return nil }
        return next
    }
}
