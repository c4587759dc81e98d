@testable import ShellCore
import ShellUI
import Testing
import ZappCore
import ZappModel

@Suite("ShellUpdate")
struct UpdateTests {
    func key(_ key: Key) -> ShellEvent { .terminal(.key(key)) }

    @Test("q quits with 0; Ctrl-C quits with 130 even over a pane; a signal quits with 128+n")
    func quitting() {
        var model = UpdateFixture.model()
        #expect(ShellUpdate.update(&model, key(.character("q"))) == [.quit(status: 0)])
        #expect(model.exitStatus == 0)

        model = UpdateFixture.model()
        _ = ShellUpdate.update(&model, .paneShown(id: 7, pane: Pane(hookIdentifier: "login", title: "Sign in")))
        #expect(ShellUpdate.update(&model, key(.control("c"))) == [.quit(status: 130)])

        model = UpdateFixture.model()
        #expect(ShellUpdate.update(&model, .terminal(.terminate(signal: 15))) == [.quit(status: 143)])
    }

    @Test("m opens the side menu with the current root selected; Esc closes it")
    func sideMenu() throws {
        var model = UpdateFixture.model()
        _ = ShellUpdate.update(&model, key(.character("m")))
        #expect(model.view.isSideMenuOpen)
        #expect(model.view.focus == .rootMenu)
        #expect(model.view.menuSelection == UpdateFixture.menuIndex("m-home", model))
        _ = ShellUpdate.update(&model, key(.escape))
        #expect(!model.view.isSideMenuOpen)
        #expect(model.view.focus == .screen)
    }

    @Test("Enter on a menu item starts one navigation; others wait until it ends")
    func menuNavigation() throws {
        var model = UpdateFixture.model()
        _ = ShellUpdate.update(&model, key(.character("m")))
        _ = ShellUpdate.update(&model, key(.down))
        #expect(model.view.menuSelection == UpdateFixture.menuIndex("m-premium", model))
        let before = model.view.navigation
        let effects = ShellUpdate.update(&model, key(.enter))
        let activity = try #require(model.activity)
        #expect(effects == [.navigate(.selectRootItem("m-premium"), activityID: activity.id, from: before, app: model.view.app)])
        #expect(activity.title == "Opening Premium")

        _ = ShellUpdate.update(&model, key(.down))
        #expect(ShellUpdate.update(&model, key(.enter)).isEmpty)
        #expect(model.view.toast?.text.contains("Still busy") == true)
    }

    @Test("a blocked navigation keeps the screen and its mark, the cursor on the item chosen, and says why")
    func blockedReverts() throws {
        var model = UpdateFixture.model()
        _ = ShellUpdate.update(&model, key(.character("m")))
        _ = ShellUpdate.update(&model, key(.down))
        _ = ShellUpdate.update(&model, key(.enter))
        let activity = try #require(model.activity)
        let effects = ShellUpdate.update(
            &model,
            .navigationFinished(
                activityID: activity.id, request: .selectRootItem("m-premium"),
                outcome: .navigation(.blocked(by: "login", reason: "User has closed hook execution"))))
        #expect(effects == [.refreshSignedInUser(known: nil)], "nothing but asking who is signed in now")
        #expect(model.activity == nil)
        #expect(model.view.menuSelection == UpdateFixture.menuIndex("m-premium", model))
        #expect(model.view.navigation.currentScreenID == "home")
        #expect(model.view.navigation.rootItemID == "m-home", "the current-screen mark stays on Home")
        #expect(model.view.toast == Toast("Blocked by login: User has closed hook execution", kind: .error))
    }

    @Test("a shown navigation replaces the stacks, closes the side menu and focuses the screen")
    func shownNavigation() throws {
        var model = UpdateFixture.model()
        _ = ShellUpdate.update(&model, key(.character("m")))
        _ = ShellUpdate.update(&model, key(.down))
        _ = ShellUpdate.update(&model, key(.enter))
        let activity = try #require(model.activity)
        let screen = try #require(UpdateFixture.app.screen(id: "premium"))
        _ = ShellUpdate.update(
            &model,
            .navigationFinished(
                activityID: activity.id, request: .selectRootItem("m-premium"),
                outcome: .navigation(.shown(step: .selectRoot(itemID: "m-premium", rootScreenID: "premium", resetting: false), screen: screen, dataDict: nil))))
        #expect(model.view.navigation.currentScreenID == "premium")
        #expect(!model.view.isSideMenuOpen)
        #expect(model.view.focus == .screen)
        #expect(model.activity == nil)
    }

    @Test("a back taken while a navigation's hook waits is kept: on [home, detail], premium opens onto [home]")
    func backDuringANavigationIsKept() throws {
        var model = UpdateFixture.model()
        let cells = FrameLayout(state: model.view, columns: 80, rows: 24).focusables(in: .screen)
        model.view.currentScreenSelection = try #require(cells.firstIndex { $0.action == .openTarget("detail") })
        _ = ShellUpdate.update(&model, key(.enter))
        let toDetail = try #require(model.activity)
        _ = ShellUpdate.update(
            &model, .navigationFinished(activityID: toDetail.id, request: .push("detail", source: .cell),
                                        outcome: .navigation(.shown(step: .push("detail"), screen: UpdateFixture.app.screen(id: "detail")!, dataDict: nil))))
        _ = ShellUpdate.update(&model, .postHooksFinished(activityID: try #require(model.activity).id))
        #expect(model.view.navigation.currentStack == ["home", "detail"])

        // Premium's sign-in hook waits; meanwhile the bar's back button is pressed.
        let effects = ShellUpdate.perform(.openTarget("premium"), &model)
        guard case .navigate(let request, let activityID, let from, _)? = effects.first else {
            Issue.record("expected a navigation, got \(effects)")
            return
        }
        #expect(from.currentStack == ["home", "detail"], "the navigation starts from [home, detail]")
        _ = ShellUpdate.perform(.contextButton(.back), &model)
        #expect(model.view.navigation.currentStack == ["home"])
        _ = ShellUpdate.update(
            &model, .navigationFinished(activityID: activityID, request: request,
                                        outcome: .navigation(.shown(step: .push("premium"), screen: UpdateFixture.app.screen(id: "premium")!, dataDict: nil))))
        #expect(model.view.navigation.currentStack == ["home", "premium"], "pushed onto what is current, the back kept")
    }

    @Test("a late result of a cancelled or superseded activity is ignored")
    func staleResult() throws {
        var model = UpdateFixture.model()
        let cells = FrameLayout(state: model.view, columns: 80, rows: 24).focusables(in: .screen)
        model.view.currentScreenSelection = try #require(cells.firstIndex { $0.action == .openTarget("detail") })
        _ = ShellUpdate.update(&model, key(.enter))
        let current = try #require(model.activity, "a navigation to detail is in flight")
        let screen = try #require(UpdateFixture.app.screen(id: "detail"))
        let shown = NavigationOutcome.navigation(.shown(step: .push("detail"), screen: screen, dataDict: nil))

        let staleEffects = ShellUpdate.update(
            &model, .navigationFinished(activityID: current.id - 1, request: .push("detail", source: .cell), outcome: shown))
        #expect(staleEffects.isEmpty)
        #expect(model.view.navigation.currentScreenID == "home", "the stale result does not push detail")
        #expect(model.activity == current, "the stale result does not end the current activity")

        _ = ShellUpdate.update(
            &model, .navigationFinished(activityID: current.id, request: .push("detail", source: .cell), outcome: shown))
        #expect(model.view.navigation.currentScreenID == "detail", "the same result with the current id is applied")
    }

    @Test("cells: Enter pushes the target; an inert item shows a message; Esc goes back without hooks")
    func cellsAndBack() throws {
        var model = UpdateFixture.model()
        let cells = FrameLayout(state: model.view, columns: 80, rows: 24).focusables(in: .screen)
        let detail = try #require(cells.firstIndex { $0.action == .openTarget("detail") })
        model.view.currentScreenSelection = detail
        let before = model.view.navigation
        let effects = ShellUpdate.update(&model, key(.enter))
        let activity = try #require(model.activity)
        #expect(effects == [.navigate(.push("detail", source: .cell), activityID: activity.id, from: before, app: model.view.app)])

        let shown = ShellUpdate.update(
            &model,
            .navigationFinished(
                activityID: activity.id, request: .push("detail", source: .cell),
                outcome: .navigation(.shown(step: .push("detail"), screen: UpdateFixture.app.screen(id: "detail")!, dataDict: nil))))
        #expect(model.view.navigation.position == .pushed)
        let postHooks = try #require(model.activity, "detail's post hooks run once it is shown")
        #expect(shown == [
            .runPostHooks(screen: UpdateFixture.app.screen(id: "detail")!, dataDict: nil, activityID: postHooks.id),
            .refreshSignedInUser(known: nil),
        ])
        _ = ShellUpdate.update(&model, .postHooksFinished(activityID: postHooks.id))
        #expect(model.activity == nil)
        #expect(ShellUpdate.update(&model, key(.escape)).isEmpty)
        #expect(model.view.navigation.currentScreenID == "home")

        let soon = try #require(cells.firstIndex { if case .inert = $0.action { return true } else { return false } })
        model.view.currentScreenSelection = soon
        #expect(ShellUpdate.update(&model, key(.enter)).isEmpty)
        #expect(model.view.toast != nil)
    }

    @Test("Esc during a navigation cancels it")
    func escapeCancels() throws {
        var model = UpdateFixture.model()
        _ = ShellUpdate.update(&model, key(.character("m")))
        _ = ShellUpdate.update(&model, key(.down))
        _ = ShellUpdate.update(&model, key(.down))
        _ = ShellUpdate.update(&model, key(.enter))
        let activity = try #require(model.activity)
        #expect(ShellUpdate.update(&model, key(.escape)) == [.cancelActivity(activityID: activity.id)])
    }

    @Test("the spinner appears after a short delay and messages expire")
    func spinnerAndToast() throws {
        var model = UpdateFixture.model()
        _ = ShellUpdate.update(&model, key(.character("m")))
        _ = ShellUpdate.update(&model, key(.down))
        _ = ShellUpdate.update(&model, key(.enter))
        model.now = 50
        _ = ShellUpdate.update(&model, .tick)
        #expect(model.view.toast == nil)
        model.now = ShellModel.spinnerDelay + 10
        _ = ShellUpdate.update(&model, .tick)
        let spinner = try #require(model.view.toast?.text)
        #expect(spinner.contains("Opening Premium… (Esc cancels)"))

        var quiet = UpdateFixture.model()
        _ = ShellUpdate.update(&quiet, .notice("Hello", isError: false))
        quiet.now = ShellModel.toastDuration + 1
        _ = ShellUpdate.update(&quiet, .tick)
        #expect(quiet.view.toast == nil)
    }

    @Test("Tab cycles focus through the areas that have something to select")
    func focusCycle() {
        var model = UpdateFixture.model()
        #expect(model.view.focus == .screen)
        _ = ShellUpdate.update(&model, key(.tab))
        #expect(model.view.focus == .navBar)
        _ = ShellUpdate.update(&model, key(.tab))
        #expect(model.view.focus == .screen)
        _ = ShellUpdate.update(&model, key(.character("m")))
        _ = ShellUpdate.update(&model, key(.tab))
        #expect(model.view.focus == .navBar)
        _ = ShellUpdate.update(&model, key(.backTab))
        #expect(model.view.focus == .rootMenu)
    }

    @Test("s / p / S cycle the current bar's style, presentation and state")
    func barCycling() throws {
        var model = UpdateFixture.model()
        _ = ShellUpdate.update(&model, key(.character("s")))
        #expect(model.view.currentBar?.style == .center)
        _ = ShellUpdate.update(&model, key(.character("p")))
        #expect(model.view.currentBar?.presentation == .hidden)
        _ = ShellUpdate.update(&model, key(.character("S")))
        #expect(model.view.currentBar?.state == .overlay)
        _ = ShellUpdate.update(&model, key(.character("S")))
        #expect(model.view.currentBar?.state == .hidden)
        #expect(model.view.toast?.text == "Bar state: hidden")
    }

    @Test("t cycles themes; with one theme it says so")
    func themes() {
        var single = UpdateFixture.model()
        _ = ShellUpdate.update(&single, key(.character("t")))
        #expect(single.view.theme == Theme.defaultDark)
        #expect(single.view.toast?.text.contains("Only one theme") == true)

        var light = Theme.defaultDark
        light.name = "light"
        var model = UpdateFixture.model(themes: [Theme.defaultDark, light])
        _ = ShellUpdate.update(&model, key(.character("t")))
        #expect(model.view.theme.name == "light")
        _ = ShellUpdate.update(&model, key(.character("t")))
        #expect(model.view.theme.name == Theme.defaultDark.name)
    }

    @Test("themes read after the first frame replace the list; the theme on screen stays in it")
    func themesLoadedLater() {
        var light = Theme.defaultDark
        light.name = "light"
        var high = Theme.defaultDark
        high.name = "high-contrast"
        var model = UpdateFixture.model()
        _ = ShellUpdate.update(&model, .themesLoaded([high, Theme.defaultDark, light]))
        #expect(model.themes.map(\.name) == ["high-contrast", Theme.defaultDark.name, "light"])
        #expect(model.view.theme == Theme.defaultDark)
        _ = ShellUpdate.update(&model, key(.character("t")))
        #expect(model.view.theme.name == "light")

        var gone = UpdateFixture.model()
        _ = ShellUpdate.update(&gone, .themesLoaded([light]))
        #expect(gone.themes.map(\.name) == [Theme.defaultDark.name, "light"])
    }

    @Test("help, trace panel and go-to overlays")
    func overlays() throws {
        var model = UpdateFixture.model()
        _ = ShellUpdate.update(&model, key(.character("?")))
        #expect(model.view.overlay == .help(scroll: 0))
        _ = ShellUpdate.update(&model, key(.escape))
        #expect(model.view.overlay == nil)

        _ = ShellUpdate.update(&model, key(.character("`")))
        #expect(model.view.isTracePanelVisible)

        _ = ShellUpdate.update(&model, key(.character("g")))
        for character in "det" { _ = ShellUpdate.update(&model, key(.character(character))) }
        #expect(model.view.overlay == .goTo(filter: "det", selection: 0))
        _ = ShellUpdate.update(&model, key(.backspace))
        _ = ShellUpdate.update(&model, key(.character("t")))
        let before = model.view.navigation
        let effects = ShellUpdate.update(&model, key(.enter))
        let activity = try #require(model.activity)
        #expect(effects == [.navigate(.goTo("detail"), activityID: activity.id, from: before, app: model.view.app)])
        #expect(model.view.overlay == nil)
    }
}

@Suite("ShellUpdate panes")
struct UpdatePaneTests {
    func key(_ key: Key) -> ShellEvent { .terminal(.key(key)) }

    static let signIn = Pane(
        hookIdentifier: "login", title: "Sign in", message: "Sign in to open Premium.",
        fields: [PaneField(key: "username", label: "Username"), PaneField(key: "password", label: "Password", kind: .password)],
        buttons: ["Sign in", "Cancel"])

    @Test("typing fills the focused field; Tab moves on; Enter submits with every value")
    func submit() {
        var model = UpdateFixture.model()
        _ = ShellUpdate.update(&model, .paneShown(id: 3, pane: Self.signIn))
        _ = ShellUpdate.update(&model, .paneAwaitingAnswer(id: 3))
        for character in "demo" { _ = ShellUpdate.update(&model, key(.character(character))) }
        _ = ShellUpdate.update(&model, key(.tab))
        for character in "secretx" { _ = ShellUpdate.update(&model, key(.character(character))) }
        _ = ShellUpdate.update(&model, key(.backspace))
        #expect(model.view.topPane?.values == ["demo", "secret"])
        let effects = ShellUpdate.update(&model, key(.enter))
        #expect(effects == [.answerPane(id: 3, answer: .submitted(button: "Sign in", values: ["username": "demo", "password": "secret"]))])
        #expect(model.view.topPane != nil)
    }

    @Test("q and m are text inside a field, not commands")
    func lettersAreText() {
        var model = UpdateFixture.model()
        _ = ShellUpdate.update(&model, .paneShown(id: 1, pane: Self.signIn))
        for character in "qm?" { #expect(ShellUpdate.update(&model, key(.character(character))).isEmpty) }
        #expect(model.view.topPane?.values.first == "qm?")
        #expect(!model.view.isSideMenuOpen)
    }

    @Test("a failed attempt shows the reason and keeps the pane; Esc dismisses it")
    func errorThenDismiss() {
        var model = UpdateFixture.model()
        _ = ShellUpdate.update(&model, .paneShown(id: 5, pane: Self.signIn))
        _ = ShellUpdate.update(&model, .paneBusy(id: 5, busy: true))
        #expect(ShellUpdate.update(&model, key(.enter)).isEmpty)
        _ = ShellUpdate.update(&model, .paneError(id: 5, message: "Wrong username or password"))
        _ = ShellUpdate.update(&model, .paneAwaitingAnswer(id: 5))
        #expect(model.view.topPane?.error == "Wrong username or password")
        #expect(model.view.topPane?.isBusy == false)
        #expect(ShellUpdate.update(&model, key(.escape)) == [.answerPane(id: 5, answer: .dismissed)])
        #expect(model.view.panes.isEmpty)
    }

    @Test("the Cancel button answers with its label")
    func cancelButton() {
        var model = UpdateFixture.model()
        _ = ShellUpdate.update(&model, .paneShown(id: 2, pane: Self.signIn))
        _ = ShellUpdate.update(&model, .paneAwaitingAnswer(id: 2))
        _ = ShellUpdate.update(&model, key(.backTab))
        #expect(model.view.topPane?.focusedButton == 1)
        #expect(ShellUpdate.update(&model, key(.enter)) == [.answerPane(id: 2, answer: .submitted(button: "Cancel", values: ["username": "", "password": ""]))])
    }

    @Test("a pane shown during the splash (a startup sign-in) has the keyboard")
    func paneOverSplash() {
        var model = UpdateFixture.model()
        model.view.phase = .splash(message: "Starting")
        _ = ShellUpdate.update(&model, .paneShown(id: 4, pane: Self.signIn))
        _ = ShellUpdate.update(&model, .paneAwaitingAnswer(id: 4))
        for character in "ann" { _ = ShellUpdate.update(&model, key(.character(character))) }
        #expect(model.view.topPane?.values.first == "ann")
        #expect(ShellUpdate.update(&model, key(.escape)) == [.answerPane(id: 4, answer: .dismissed)])
    }

    @Test("Esc on a busy pane cancels the navigation waiting on it (its hook is not listening)")
    func escapeBusyPane() throws {
        var model = UpdateFixture.model()
        _ = ShellUpdate.update(&model, .terminal(.key(.character("m"))))
        _ = ShellUpdate.update(&model, .terminal(.key(.down)))
        _ = ShellUpdate.update(&model, .terminal(.key(.enter)))
        let activity = try #require(model.activity)
        _ = ShellUpdate.update(&model, .paneShown(id: 9, pane: Self.signIn))
        _ = ShellUpdate.update(&model, .paneBusy(id: 9, busy: true))
        #expect(ShellUpdate.update(&model, key(.escape)) == [.cancelActivity(activityID: activity.id)])
        #expect(ShellUpdate.update(&model, .paneAwaitingAnswer(id: 9)) == [.answerPane(id: 9, answer: .dismissed)])
    }

    @Test("answers given before the hook asks wait on the pane, in order; the hook gets each when it asks")
    func answersWaitForTheHook() {
        var model = UpdateFixture.model()
        _ = ShellUpdate.update(&model, .paneShown(id: 6, pane: Self.signIn))
        _ = ShellUpdate.update(&model, key(.backTab))
        #expect(ShellUpdate.update(&model, key(.enter)).isEmpty, "nobody asked yet")
        _ = ShellUpdate.update(&model, key(.tab))
        #expect(ShellUpdate.update(&model, key(.enter)).isEmpty)
        #expect(model.view.topPane?.queuedAnswers.count == 2)
        #expect(model.log.entries(after: 0).entries.filter { if case .answer = $0.event { true } else { false } }.count == 2,
            "each answer is logged when given")
        let values = ["username": "", "password": ""]
        #expect(ShellUpdate.update(&model, .paneAwaitingAnswer(id: 6)) == [.answerPane(id: 6, answer: .submitted(button: "Cancel", values: values))])
        #expect(ShellUpdate.update(&model, .paneAwaitingAnswer(id: 6)) == [.answerPane(id: 6, answer: .submitted(button: "Sign in", values: values))])
        #expect(ShellUpdate.update(&model, .paneAwaitingAnswer(id: 6)).isEmpty, "now it waits for the user")
        #expect(ShellUpdate.update(&model, key(.enter)) == [.answerPane(id: 6, answer: .submitted(button: "Sign in", values: values))])
    }

    @Test("a pane the update closed is gone: its hook asking later is answered dismissed, with nothing queued")
    func closedPaneAnswersDismissed() {
        var model = UpdateFixture.model()
        _ = ShellUpdate.update(&model, .paneShown(id: 8, pane: Self.signIn))
        _ = ShellUpdate.update(&model, key(.enter))
        #expect(ShellUpdate.update(&model, key(.escape)).isEmpty, "its hook is not waiting: nobody to tell")
        #expect(model.view.panes.isEmpty)
        #expect(ShellUpdate.update(&model, .paneAwaitingAnswer(id: 8)) == [.answerPane(id: 8, answer: .dismissed)],
            "the answer queued before went with the pane")
    }

    @Test("a hook closing its pane removes it")
    func closed() {
        var model = UpdateFixture.model()
        _ = ShellUpdate.update(&model, .paneShown(id: 2, pane: Self.signIn))
        _ = ShellUpdate.update(&model, .paneClosed(id: 2))
        #expect(model.view.panes.isEmpty)
    }
}
