import ZappCore
import ZappModel

/// Applying what a navigation came to.
extension ShellUpdate {
    static func finish(activityID: Int, request: NavigationRequest, outcome: NavigationOutcome, _ model: inout ShellModel)
        -> [ShellEffect]
    {
        guard model.activity?.id == activityID else { return [] }
        endActivity(&model)
        defer { restateClosedPanes(&model) }
        // A hook on the way may have signed someone in or out.
        return outcomeApplied(request: request, outcome: outcome, &model) + [.refreshSignedInUser(known: model.view.signedInUser)]
    }

    private static func outcomeApplied(request: NavigationRequest, outcome: NavigationOutcome, _ model: inout ShellModel)
        -> [ShellEffect]
    {
        switch outcome {
        case .navigation(let result):
            return apply(result, request: request, &model)
        case .tab(let componentID, let decision):
            switch decision {
            case .switchTo(let tab, let screenID, let dataDict):
                model.view.pickerTabs[componentID] = tab
                return postHooks(screenID: screenID, dataDict: dataDict, &model)
            case .revert(let tab, let identifier, let reason):
                model.view.pickerTabs[componentID] = tab
                model.notify(blockedMessage(identifier, reason, app: model.view.app), isError: true)
                return []
            }
        }
    }

    private static func apply(_ result: NavigationResult, request: NavigationRequest, _ model: inout ShellModel)
        -> [ShellEffect]
    {
        switch result {
        case .shown(_, let screen, _) where !model.view.app.hasAnyScreen(id: screen.id):
            // Opened by the app before a reload replaced it; the new app has no such screen.
            revertMenuSelection(&model)
            model.notify("\(screen.name.isEmpty ? screen.id : screen.name) is no longer in the reloaded app", isError: true)
            return []
        case .shown(let step, let screen, let dataDict):
            // A decision on the stacks as they are now: a back or close taken meanwhile stays.
            model.view.navigation.apply(step)
            if model.view.blockedRoot?.screenID == model.view.navigation.currentScreenID { model.view.blockedRoot = nil }
            // A navigation that got through makes an earlier "Blocked by …" stale.
            if model.view.toast?.kind == .error {
                model.view.toast = nil
                model.toastExpiry = nil
            }
            model.view.isOverflowOpen = false
            model.view.navBarSelection = 0
            switch request {
            case .selectRootItem, .goTo:
                model.view.isSideMenuOpen = false
                if model.view.rootMenu.kind == .sideMenu || model.view.focus != .rootMenu { model.view.focus = .screen }
            case .push, .present, .selectTab, .openEntry:
                model.view.focus = .screen
            }
            if case .openEntry(_, let entry) = request {
                model.view.screenEntries[screen.id] = entry
            } else {
                model.view.screenEntries[screen.id] = nil
            }
            revertMenuSelection(&model)
            clampSelections(&model)
            return postHooks(screenID: screen.id, dataDict: dataDict, &model)
        case .blocked(let identifier, let reason):
            // The stack (the tab, the current-screen mark) stays; the menu's cursor stays on the
            // item the user chose, as the SDK leaves it.
            if case .selectRootItem(let itemID) = request {
                if !selectMenuRow(of: itemID, &model) { revertMenuSelection(&model) }
                // Trying a blocked root again: its message is the new one.
                if itemID == model.view.navigation.rootItemID, let blocked = model.view.shownBlockedRoot {
                    model.view.blockedRoot = BlockedRoot(screenID: blocked.screenID, message: blockedMessage(identifier, reason, app: model.view.app))
                }
            } else {
                revertMenuSelection(&model)
            }
            model.notify(blockedMessage(identifier, reason, app: model.view.app), isError: true)
            return []
        case .openURL(let url):
            revertMenuSelection(&model)
            return openWebLink(url, &model)
        case .unavailable(let reason):
            revertMenuSelection(&model)
            model.notify(reason, isError: true)
            return []
        }
    }

    /// Post hooks run after the frame showing the screen; only screens that have some start an activity.
    static func postHooks(screenID: String, dataDict: JSONObject?, _ model: inout ShellModel) -> [ShellEffect] {
        guard let screen = decodedScreen(id: screenID, &model), !screen.hooks.postload.isEmpty,
            model.activity == nil
        else { return [] }
        let id = model.issueID()
        model.activity = ShellModel.Activity(id: id, title: "Finishing \(screen.name)", startedAt: model.now)
        return [.runPostHooks(screen: screen, dataDict: dataDict, activityID: id)]
    }

    /// Why a link that is not http(s) is shown and not opened.
    static let notOpenedReason = "Not opened: only http and https links are opened with $BROWSER"

    /// Says again which panes a reload closed (`ShellModel.closedPanesNotice`) once the
    /// activity their hooks belonged to has ended, over that activity's own message.
    static func restateClosedPanes(_ model: inout ShellModel) {
        guard let notice = model.closedPanesNotice else { return }
        model.closedPanesNotice = nil
        model.notify(notice, isError: true)
    }

    /// "Blocked by Premium Login (zapptv_login): reason" (`ZappApp.pluginLabel`).
    static func blockedMessage(_ identifier: String, _ reason: String, app: ZappApp) -> String {
        "Blocked by \(app.pluginLabel(identifier)): \(reason)"
    }

    /// A web link: opened with `$BROWSER` when it is set and the link is http(s) (the runtime
    /// starts it; the UI goes on at once), else shown in an overlay; any other link (`file:`,
    /// `javascript:`, a path) is shown, never opened, with the reason.
    static func openWebLink(_ url: String, _ model: inout ShellModel) -> [ShellEffect] {
        guard url.isWebURL else {
            model.view.overlay = .webLink(url)
            model.notify(notOpenedReason, isError: true)
            return []
        }
        guard model.view.browser != nil else {
            model.view.overlay = .webLink(url)
            return []
        }
        model.notify("Opening \(url) with $BROWSER")
        return [.openBrowser(url: url)]
    }
}
