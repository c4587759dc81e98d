import ZappCore
import ZappModel

/// Reloading the running app (`r`, `run --watch`): the new app replaces the old one while the
/// screens the user has open stay open where they still exist; a file that no longer loads is
/// reported and the running app stays as it was.
extension ShellUpdate {
    /// `r`: read the app again now (not while a reload runs or the app is starting). A
    /// navigation in flight, and the pane its hook shows, go on: the result is applied to the
    /// new app (`replaceApp`).
    static func requestReload(_ model: inout ShellModel) -> [ShellEffect] {
        guard model.view.phase == .running, !model.isReloading else { return [] }
        model.reloadDue = nil
        model.isReloading = true
        return [.reloadApp(generation: model.appGeneration)]
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

    /// The reloaded app replaces the running one (its stacks kept where their screens still
    /// exist); a result for an app that was replaced meanwhile is dropped.
    static func appReloaded(_ revision: AppRevision, generation: Int, _ model: inout ShellModel) -> [ShellEffect] {
        guard generation == model.appGeneration else {
            return revision.servicesID.map { [.discardServices(revision: $0)] } ?? []
        }
        model.isReloading = false
        model.view.offlineNote = nil
        model.notify("Reloaded \(revision.app.name) (\(revision.app.screens.count) screens)")
        return replaceApp(revision, keepingNavigation: true, &model)
    }

    /// Replaces the running app with `revision` (a reload, or a retry after "Loading failed")
    /// and keeps everything that is not the app: `$BROWSER`, the theme and the themes, the
    /// panes, the signed-in user, the trace, the phase, focus, overlays, the bars' overrides and
    /// the selections of the screens that still exist. What belongs to the app is replaced: the
    /// app, its root menu, its assets, its warnings (recomputed for it), and its feeds (read again
    /// through its services). A pane whose hook the new app no longer has is answered (closed)
    /// with a message; the others stay, bound to the navigation that showed them.
    static func replaceApp(_ revision: AppRevision, keepingNavigation: Bool, _ model: inout ShellModel) -> [ShellEffect] {
        let app = revision.app
        let old = model.view
        let fresh = ShellViewState(
            app: app, rootKind: revision.rootKind, theme: old.theme, colorSupport: old.colorSupport, assets: revision.assets)
        var view = old
        view.app = app
        view.hookNamingPositions = nil
        view.rootMenu = fresh.rootMenu
        view.assets = revision.assets
        view.loadWarnings = revision.warnings
        view.reloadFailure = nil
        view.gatedScreens = [:]
        view.navigation = keepingNavigation ? (kept(old.navigation, in: app, rootMenu: fresh.rootMenu) ?? fresh.navigation) : fresh.navigation
        func exists(_ screenID: String) -> Bool { app.hasAnyScreen(id: screenID) }
        view.screenSelection = old.screenSelection.filter { exists($0.key) }
        view.barOverrides = old.barOverrides.filter { exists($0.key) }
        view.screenEntries = old.screenEntries.filter { exists($0.key) }
        view.connectedSources = old.connectedSources.filter { exists($0.key) }
        view.expandedMenuItems = old.expandedMenuItems.filter { fresh.rootMenu.item(id: $0) != nil }
        view.feeds = [:]
        view.feedPages = [:]
        view.loadedPages = [:]
        view.images = [:]
        view.imageParts = [:]
        view.imageFailures = [:]
        view.imageWarnings = []
        view.imageFailures = [:]
        view.imageWarnings = []
        if case .feed = old.overlay { view.overlay = nil }
        model.view = view
        model.appGeneration += 1
        model.gatesAsked = []
        revertMenuSelection(&model)
        clampSelections(&model)
        // The runtime switches to the revision's services now, before anything of the new app runs.
        let adopt: [ShellEffect] = revision.servicesID.map { [.adoptServices(revision: $0)] } ?? []
        return adopt + closePanesOfMissingHooks(&model)
    }

    /// Closes the panes whose hook the app no longer has and says so; their hooks get `.dismissed`
    /// (now when waiting, else when they next ask).
    private static func closePanesOfMissingHooks(_ model: inout ShellModel) -> [ShellEffect] {
        let identifiers = Set(model.view.app.plugins.map(\.identifier))
        let gone = model.view.panes.filter { !identifiers.contains($0.pane.hookIdentifier) }
        guard !gone.isEmpty else { return [] }
        model.view.panes.removeAll { !identifiers.contains($0.pane.hookIdentifier) }
        let names = gone.map(\.pane.hookIdentifier).joined(separator: ", ")
        let notice = "Closed the pane of \(names): the reloaded app no longer has that plugin"
        model.notify(notice, isError: true)
        // The closed hook ends its navigation next, whose own message would replace this one.
        if model.activity != nil { model.closedPanesNotice = notice }
        return gone.flatMap { answer(.dismissed, to: $0, &model) }
    }

    /// The theme file read again: it takes the place of the theme it was (in the list `t`
    /// cycles through, and on screen when that theme is showing).
    static func themeReloaded(_ theme: Theme, _ model: inout ShellModel) {
        let name = model.fileThemeName ?? theme.name
        if let index = model.themes.firstIndex(where: { $0.name == name }) {
            model.themes[index] = theme
        } else {
            model.themes.append(theme)
        }
        model.view.themeNames = model.themes.map(\.name)
        if model.view.theme.name == name { model.view.theme = theme }
        model.fileThemeName = theme.name
    }

    /// Reading the app failed: the reason stays on screen until the next message and is listed
    /// first by `w` until a reload succeeds; the app runs on as it was.
    static func reloadFailed(_ reason: String, _ model: inout ShellModel) {
        model.isReloading = false
        model.view.reloadFailure = reason
        model.view.toast = Toast("Reload failed, still showing the last good app: \(reason) (w: details)", kind: .error)
        model.toastExpiry = nil
    }

    /// `navigation` with every stack cut at its first screen that `app` no longer has; nil when
    /// the selected root item itself is gone.
    private static func kept(_ navigation: NavigationState, in app: ZappApp, rootMenu: RootMenu) -> NavigationState? {
        func cut(_ stack: [String]) -> [String] {
            Array(stack.prefix { app.hasAnyScreen(id: $0) })
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
        guard let current = next.currentScreenID, app.hasAnyScreen(id: current) else { return nil }
        return next
    }
}
