import ZappCore
import ZappModel

/// The update of the Bubble Tea–style loop: `update(&model, event) -> [effects]`. Pure:
/// it changes the model and returns the work to do as values; the runtime performs it.
///
/// Keys (the README's key list): arrows and h/j/k/l move; Tab / Shift-Tab cycle focus between
/// root menu, nav bar and screen; Enter activates; Esc closes a pane, an overlay or the side
/// menu, cancels a slow navigation, goes back or closes a presented stack; `m` side menu;
/// `g` go to screen; `?` help; `t` next theme; `s` / `p` / `S` bar style / presentation /
/// state; `` ` `` trace panel; `w` the load warnings; `q` quits; Ctrl-C always quits.
public enum ShellUpdate {
    /// Exit status after Ctrl-C (as a shell reports an interrupted command).
    public static let interruptStatus: Int32 = 130

    /// The update at a moment: `now` is the runtime clock's milliseconds.
    public static func update(_ model: inout ShellModel, _ event: ShellEvent, now: Int) -> [ShellEffect] {
        model.now = now
        return update(&model, event)
    }

    /// Applies `event`, logs it, lays the next frame out once (`model.frame`: a drawn frame or a
    /// trace line changes nothing laid out, so the layout stays), and asks for what that frame
    /// shows and nobody asked for yet (feeds, images, lock marks; a tick only moves things).
    /// Keys read the frame laid out before them (`frame(_:)`), laid out again only after a change
    /// to what it lays out (a selection or focus is none): a key costs at most one layout,
    /// PageDown's too, and a key that only moves a selection none.
    /// An event that reads a screen not decoded yet waits for it (`applyWaitingForScreens`).
    public static func update(_ model: inout ShellModel, _ event: ShellEvent) -> [ShellEffect] {
        applyWaitingForScreens(event, &model) { apply(event, &$0) }
    }

    private static func apply(_ event: ShellEvent, _ model: inout ShellModel) -> [ShellEffect] {
        let wasCurrent = model.isFrameCurrent
        let layouts = model.layoutCount
        let effects = reduce(&model, event)
        log(event, effects: effects, &model)
        switch event {
        case .tick:
            // A spinner turns in the content: laid out again, but nothing new to ask for.
            if !model.isFrameCurrent || model.layoutCount == layouts { layOut(&model) }
            return effects
        case .traceAppended:
            // Changes nothing laid out (the trace panel draws the lines as they are).
            model.isFrameCurrent = wasCurrent
            return effects
        case .frameDrawn:
            if !model.isFrameCurrent { layOut(&model) }
        default:
            if !model.isFrameCurrent { layOut(&model) }
        }
        // An event waiting for screens is dropped with all it did: nothing to ask for (go to's
        // lock marks would read every screen).
        guard model.screensWanted.isEmpty else { return effects }
        let requests = requestFeeds(&model) + requestImages(&model) + requestLockMarks(&model)
        // Asking changes nothing laid out: a feed asked for draws as one loading, an image as a
        // placeholder.
        model.isFrameCurrent = true
        return effects + requests
    }

    private static func reduce(_ model: inout ShellModel, _ event: ShellEvent) -> [ShellEffect] {
        switch event {
        case .started:
            return startStartup(&model)
        case .terminal(let terminalEvent):
            return handle(terminalEvent, &model)
        case .tick:
            tick(&model)
            return reloadIfDue(&model) + checkVisibilityIfDue(&model)
        case .navigationFinished(let activityID, let request, let outcome):
            return finish(activityID: activityID, request: request, outcome: outcome, &model)
        case .postHooksFinished(let activityID):
            guard model.activity?.id == activityID else { return [] }
            endActivity(&model)
            restateClosedPanes(&model)
            return []
        case .paneShown(let id, let pane):
            model.view.panes.append(PaneState(id: id, pane: pane))
            model.view.overlay = nil
            model.view.isOverflowOpen = false
            return []
        case .paneError(let id, let message):
            model.answeredPanes.remove(id)
            updatePane(id, &model) {
                $0.error = message
                $0.isBusy = false
            }
            return []
        case .paneBusy(let id, let busy):
            updatePane(id, &model) { $0.isBusy = busy }
            return []
        case .paneClosed(let id):
            model.answeredPanes.remove(id)
            model.panesAwaitingAnswer.remove(id)
            model.view.panes.removeAll { $0.id == id }
            return []
        case .paneAwaitingAnswer(let id):
            return paneAwaitingAnswer(id, &model)
        case .traceAppended(let slice):
            traceAppended(slice, &model)
            return []
        case .signedInUserChanged(let user):
            signedInUserChanged(user, &model)
            return []
        case .accountsLoaded(let accounts):
            return accountsLoaded(accounts, &model)
        case .startupStepEnded(let step, let result):
            return startupStepEnded(step, result, &model)
        case .frameDrawn(let hitMap):
            model.hitMap = hitMap
            model.framesDrawn += 1
            return afterFrame(&model)
        case .filesChanged:
            scheduleReload(&model)
            return []
        case .appReloaded(let revision, let generation):
            return appReloaded(revision, generation: generation, &model)
        case .themeReloaded(let theme):
            themeReloaded(theme, &model)
            return []
        case .reloadFailed(let reason):
            reloadFailed(reason, &model)
            return []
        case .feedLoaded(let source, let result, let generation):
            guard generation == model.appGeneration else { return [] }
            feedLoaded(source, result, &model)
            return []
        case .feedPageLoaded(let source, let page, let result, let generation):
            guard generation == model.appGeneration else { return [] }
            feedPageLoaded(source, page: page, result, &model)
            return []
        case .imageLoaded(let request, let generation, let result):
            imageLoaded(request, generation: generation, result, &model)
            return []
        case .imagePartsWanted(let parts):
            return requestImageParts(parts, &model)
        case .imagePartEncoded(let part, let generation, let result):
            imagePartEncoded(part, generation: generation, result, &model)
            return []
        case .terminalQueried(let answer):
            terminalQueried(answer, &model)
            return []
        case .cellSizeChanged(let cell):
            model.view.cellPixels = cell
            return []
        case .paneVisibility(let visible, let insideTmux):
            return paneVisibility(visible: visible, insideTmux: insideTmux, &model)
        case .notice(let text, let isError):
            model.notify(text, isError: isError)
            return []
        case .loadWarningsChecked(let warnings, let assets, let generation):
            guard generation == model.appGeneration else { return [] }
            model.areChecksRunning = false
            model.view.loadWarnings = warnings
            model.view.assets = assets
            clampSelections(&model)
            return []
        case .themesLoaded(let themes):
            themesLoaded(themes, &model)
            return []
        case .gatesChecked(let gated, let generation):
            guard generation == model.appGeneration else { return [] }
            model.view.gatedScreens.merge(gated) { _, new in new }
            return []
        case .screensDecoded:
            // Taken by `applyWaitingForScreens` before it gets here.
            return []
        }
    }

    // MARK: - Terminal events

    private static func handle(_ event: TerminalEvent, _ model: inout ShellModel) -> [ShellEffect] {
        switch event {
        case .terminate(let signal):
            return quit(&model, status: 128 + signal)
        case .resize(let columns, let rows):
            model.columns = max(0, columns)
            model.rows = max(0, rows)
            clampSelections(&model)
            return []
        case .key(.control("c")):
            return quit(&model, status: interruptStatus)
        case .key(.control("z")):
            return [.suspend]
        case .key(.control("l")):
            return [.redraw]
        case .key(let key):
            return handleKey(key, &model)
        case .click(let column, let row):
            return handleClick(column: column, row: row, &model)
        case .scrollUp:
            return move(.up, &model)
        case .scrollDown:
            return move(.down, &model)
        case .focus(let gained):
            return focusChanged(gained: gained, &model)
        }
    }

    static func quit(_ model: inout ShellModel, status: Int32) -> [ShellEffect] {
        model.exitStatus = status
        var effects: [ShellEffect] = []
        if let activity = model.activity { effects.append(.cancelActivity(activityID: activity.id)) }
        effects.append(.quit(status: status))
        return effects
    }

    private static func handleKey(_ key: Key, _ model: inout ShellModel) -> [ShellEffect] {
        // A pane has the keyboard in every phase (a startup sign-in shows over the splash).
        if model.view.topPane != nil { return handlePaneKey(key, &model) }
        switch model.view.phase {
        case .splash:
            return key == .character("q") ? quit(&model, status: 0) : []
        case .loadingFailed:
            switch key {
            case .character("q"), .escape: return quit(&model, status: 1)
            case .enter, .character("r"): return loadAppData(isRetry: true, &model)
            default: return []
            }
        case .running:
            break
        }
        if let overlay = model.view.overlay { return handleOverlayKey(key, overlay, &model) }
        return handleMainKey(key, &model)
    }

    private static func handleMainKey(_ key: Key, _ model: inout ShellModel) -> [ShellEffect] {
        switch key {
        case .character("q"):
            return quit(&model, status: 0)
        case .up, .character("k"): return move(.up, &model)
        case .down, .character("j"): return move(.down, &model)
        case .left, .character("h"): return move(.left, &model)
        case .right, .character("l"): return move(.right, &model)
        case .home: return jump(toFirst: true, &model)
        case .end: return jump(toFirst: false, &model)
        case .pageUp: return page(.up, &model)
        case .pageDown: return page(.down, &model)
        case .tab: return cycleFocus(forward: true, &model)
        case .backTab: return cycleFocus(forward: false, &model)
        case .enter, .character(" "): return activateSelection(&model)
        case .escape: return escape(&model)
        case .character("m"): return perform(.toggleSideMenu, &model)
        case .character("g"):
            model.view.overlay = .goTo(filter: "", selection: 0)
            return []
        case .character("?"):
            model.view.overlay = .help(scroll: 0)
            return []
        case .character("t"): return perform(.nextTheme, &model)
        case .character("r"): return retryFeedsOnScreen(&model) ?? requestReload(&model)
        case .character("s"): return cycleBar(.style, &model)
        case .character("p"): return cycleBar(.presentation, &model)
        case .character("S"): return cycleBar(.state, &model)
        case .character("`"):
            model.view.isTracePanelVisible.toggle()
            return []
        case .character("a"): return [.loadAccounts]
        case .character("w"):
            guard !model.view.warnings.isEmpty else {
                model.notify("The app loaded without warnings")
                return []
            }
            model.view.overlay = .warnings(scroll: 0)
            return []
        default:
            return []
        }
    }

    /// Esc: closes the innermost thing open, or cancels a slow navigation, else goes back or
    /// closes a presented stack.
    private static func escape(_ model: inout ShellModel) -> [ShellEffect] {
        if let activity = model.activity {
            return [.cancelActivity(activityID: activity.id)]
        }
        if model.view.isOverflowOpen {
            model.view.isOverflowOpen = false
            model.view.navBarSelection = 0
            return []
        }
        if model.view.isSideMenuOpen {
            model.view.isSideMenuOpen = false
            if model.view.focus == .rootMenu { model.view.focus = .screen }
            return []
        }
        if model.view.isTracePanelVisible {
            model.view.isTracePanelVisible = false
            return []
        }
        var navigation = model.view.navigation
        guard navigation.dismiss() else { return [] }
        show(navigation, &model)
        return []
    }

    /// Applies a navigation that runs no hooks (back, close): the screen below is already open.
    static func show(_ navigation: NavigationState, _ model: inout ShellModel) {
        model.view.navigation = navigation
        model.view.isOverflowOpen = false
        model.view.navBarSelection = 0
        if model.view.focus == .navBar { model.view.focus = .screen }
        clampSelections(&model)
    }

    /// After a frame: the work that would compete with the first frames (the load's deferred
    /// checks, reading the themes) is asked for once the root is drawn (or "Loading failed",
    /// for the themes; or the startup ended without a root), and the startup step waiting for
    /// the frame showing its screen (post hooks).
    private static func afterFrame(_ model: inout ShellModel) -> [ShellEffect] {
        let rootShown = model.view.phase == .running && !model.view.isSplashHeld || model.isStartupComplete
        var effects: [ShellEffect] = []
        if model.areChecksPending, rootShown {
            model.areChecksPending = false
            model.areChecksRunning = true
            effects.append(.checkWarnings(app: model.view.app, generation: model.appGeneration))
        }
        var loadingFailed = false
        if case .loadingFailed = model.view.phase { loadingFailed = true }
        if model.areThemesPending, rootShown || loadingFailed {
            model.areThemesPending = false
            effects.append(.loadThemes)
        }
        if model.isTerminalQueryPending {
            model.isTerminalQueryPending = false
            effects.append(.queryTerminal)
        }
        if let step = model.startupAfterFrame {
            model.startupAfterFrame = nil
            effects.append(.runStartupStep(step))
        }
        return effects
    }

    static func startActivity(_ request: NavigationRequest, _ model: inout ShellModel) -> [ShellEffect] {
        if let activity = model.activity {
            model.notify("Still busy: \(activity.title) (Esc cancels)")
            return []
        }
        let id = model.issueID()
        model.activity = ShellModel.Activity(id: id, title: title(of: request, model), startedAt: model.now)
        return [.navigate(request, activityID: id, from: model.view.navigation, app: model.view.app)]
    }

    static func endActivity(_ model: inout ShellModel) {
        model.activity = nil
        if model.toastExpiry == nil, model.view.toast != nil { model.view.toast = nil }
    }

    private static func title(of request: NavigationRequest, _ model: ShellModel) -> String {
        let target: String
        switch request {
        case .selectRootItem(let id):
            target = model.view.rootMenu.item(id: id)?.title ?? id
        case .push(let key, _), .present(let key, _), .goTo(let key), .selectTab(_, _, _, let key), .openEntry(let key, _):
            let app = model.view.app
            let synthetic = SyntheticScreen(screenID: key)
                ?? SyntheticScreen.allCases.first { $0.model.name.lowercased() == key.lowercased() }
            let name = app.position(idOrName: key).map { app.screens.name(at: $0) } ?? synthetic?.model.name
            target = name.map { $0.isEmpty ? key : $0 } ?? key
        }
        return "Opening \(target)"
    }

    private static func updatePane(_ id: Int, _ model: inout ShellModel, _ change: (inout PaneState) -> Void) {
        guard let index = model.view.panes.firstIndex(where: { $0.id == id }) else { return }
        change(&model.view.panes[index])
    }
}
