import ZappCore
import ZappModel
import ShellCore

/// Navigations and post hooks: run in a task through the running app's navigator, one at a
/// time (the activity Esc cancels), their outcome posted back. Their inputs come with the
/// effect; nothing is read from the model.
@MainActor
extension ShellRuntime {
    func startNavigation(_ request: NavigationRequest, activityID: Int, from navigation: NavigationState, app: ZappApp) {
        let navigator = services.navigator
        let pickerHelper = services.pickerHelper
        let inbox = inbox
        let task = Task { [weak self] in
            let outcome = await Self.navigate(
                request, from: navigation, app: app, navigator: navigator, pickerHelper: pickerHelper)
            inbox.post(.navigationFinished(activityID: activityID, request: request, outcome: outcome))
            guard let self else { return }
            if self.activityTask?.id == activityID { self.activityTask = nil }
        }
        activityTask = (activityID, task)
    }

    static func navigate(
        _ request: NavigationRequest, from navigation: NavigationState, app: ZappApp, navigator: Navigator,
        pickerHelper: ScreenPickerHookHelper
    ) async -> NavigationOutcome {
        switch request {
        case .selectRootItem(let id):
            return .navigation(await navigator.selectRootItem(id, in: navigation))
        case .push(let target, let source):
            return .navigation(await navigator.push(target, from: source, in: navigation))
        case .present(let target, let source):
            return .navigation(await navigator.present(target, from: source, in: navigation))
        case .goTo(let target):
            return .navigation(await navigator.goTo(target, in: navigation))
        case .selectTab(let componentID, let from, let to, let target):
            guard let screen = app.anyScreen(idOrName: target) else {
                return .navigation(.unavailable(reason: "no screen \"\(target)\""))
            }
            let decision = await pickerHelper.switchTab(from: from, to: to, target: screen)
            return .tab(componentID: componentID, decision: decision)
        case .openEntry(let screenID, let entry):
            return .navigation(await navigator.push(screenID, from: .cell, dataDict: ["entry": entry.json], in: navigation))
        }
    }

    func startPostHooks(screen: ScreenModel, dataDict: JSONObject?, activityID: Int) {
        let opener = services.opener
        let inbox = inbox
        let task = Task { [weak self] in
            await opener.runPostHooks(for: screen, dataDict: dataDict)
            inbox.post(.postHooksFinished(activityID: activityID))
            guard let self, self.activityTask?.id == activityID else { return }
            self.activityTask = nil
        }
        activityTask = (activityID, task)
    }
}
