import ShellCore
import ShellUI
import Testing
import ZappCore
import ZappModel

/// The startup sequence as effects and events (`StartupStep`), in the update alone: each step's
/// end asks for the next, the post hooks of a screen wait for the frame showing it, a failed load
/// waits for the user's retry, and the first model comes from `ShellModel.initial`.
@Suite("Startup steps in the update")
struct StartupStepTests {
    static func start(isLoaded: Bool = true, deepLink: String? = nil) -> ShellModel {
        var start = ShellModel.Start(
            app: UpdateFixture.app, rootKind: .sideMenu, assets: AssetStore(), theme: .defaultDark, themes: [],
            columns: 80, rows: 24, colorSupport: .trueColor)
        start.isLoaded = isLoaded
        start.deepLink = deepLink
        return ShellModel.initial(start)
    }

    static func ended(_ step: StartupStep, _ result: StartupStepResult = .done) -> ShellEvent {
        .startupStepEnded(step, result)
    }

    static var home: NavigationResult {
        let model = UpdateFixture.model()
        let step = NavigationStep.selectRoot(itemID: model.view.navigation.rootItemID, rootScreenID: "home", resetting: true)
        return .shown(step: step, screen: UpdateFixture.app.screen(id: "home")!, dataDict: nil)
    }

    /// The startup effects among `effects`.
    static func steps(_ effects: [ShellEffect]) -> [StartupStep] {
        effects.compactMap { if case .runStartupStep(let step) = $0 { step } else { nil } }
    }

    @Test("the initial model: home under a held splash, the deep link kept, the first load reusing the app")
    func initial() {
        let model = Self.start(deepLink: "zapp://screen/detail")
        #expect(model.view.phase == .splash(message: "Starting Fixture…"))
        #expect(model.view.isSplashHeld && model.splashDue == ShellModel.splashDelay)
        #expect(model.view.navigation.currentScreenID == "home")
        #expect(model.deepLink == "zapp://screen/detail")
        #expect(model.reusesLoadedApp)
        #expect(!model.isStartupRequested && !model.isStartupComplete)
    }

    @Test("launch → load (the app loaded before) → ready → root → its post hooks after the frame → after root → done")
    func inOrder() {
        var model = Self.start()
        let app = model.view.app
        #expect(Self.steps(ShellUpdate.update(&model, .started)) == [.launch])
        #expect(ShellUpdate.update(&model, .started).isEmpty, "asked for once")
        #expect(Self.steps(ShellUpdate.update(&model, Self.ended(.launch))) == [.load(app: app, reusesLoadedApp: true, isRetry: false)])
        #expect(model.view.phase == .splash(message: "Starting Fixture…"), "nothing is read again: no Loading")
        let load = StartupStep.load(app: app, reusesLoadedApp: true, isRetry: false)
        #expect(Self.steps(ShellUpdate.update(&model, Self.ended(load, .loaded(nil)))) == [.applicationReady])
        #expect(Self.steps(ShellUpdate.update(&model, Self.ended(.applicationReady))) == [.presentRoot])
        #expect(Self.steps(ShellUpdate.update(&model, Self.ended(.presentRoot, .rootPresented(Self.home)))).isEmpty)
        #expect(model.view.phase == .running && !model.view.isSplashHeld)
        #expect(model.log.entries(after: 0).entries.contains { $0.event == .screen(verb: "screen", id: "home") })
        #expect(Self.steps(ShellUpdate.update(&model, .frameDrawn(HitMap()))) == [.rootPostHooks(Self.home)], "after the frame showing it")
        #expect(Self.steps(ShellUpdate.update(&model, .frameDrawn(HitMap()))).isEmpty, "once")
        #expect(Self.steps(ShellUpdate.update(&model, Self.ended(.rootPostHooks(Self.home)))) == [.afterRootPresentation])
        let end = ShellUpdate.update(&model, Self.ended(.afterRootPresentation))
        #expect(end == [.refreshSignedInUser(known: nil)])
        #expect(model.isStartupComplete)
    }

    @Test("a failed load runs the failed-loading hooks, then shows Loading failed; Enter loads again, and a new app replaces the old")
    func failedLoadAndRetry() {
        var model = Self.start(isLoaded: false)
        let app = model.view.app
        _ = ShellUpdate.update(&model, .started)
        #expect(Self.steps(ShellUpdate.update(&model, Self.ended(.launch))) == [.load(app: app, reusesLoadedApp: false, isRetry: false)])
        #expect(model.view.phase == .splash(message: "Loading Fixture…"))
        let failed = ShellUpdate.update(&model, Self.ended(.load(app: app, reusesLoadedApp: false, isRetry: false), .loadingFailed(reason: "no network")))
        #expect(Self.steps(failed) == [.failedLoading(reason: "no network")])
        #expect(model.view.phase == .splash(message: "Loading Fixture…"), "the hooks run first")
        _ = ShellUpdate.update(&model, Self.ended(.failedLoading(reason: "no network")))
        #expect(model.view.phase == .loadingFailed(message: "no network"))
        #expect(!model.view.isSplashHeld)

        let retry = ShellUpdate.update(&model, .terminal(.key(.enter)))
        #expect(Self.steps(retry) == [.load(app: app, reusesLoadedApp: false, isRetry: true)])
        #expect(model.view.phase == .splash(message: "Loading Fixture…"))
        var renamed = UpdateFixture.app
        renamed.name = "Renamed"
        let revision = AppRevision(app: renamed, rootKind: .sideMenu, warnings: [], assets: AssetStore(), servicesID: 3)
        let loaded = ShellUpdate.update(&model, Self.ended(.load(app: app, reusesLoadedApp: false, isRetry: true), .loaded(revision)))
        #expect(loaded.first == .adoptServices(revision: 3), "the new services first: the next step runs with them")
        #expect(Self.steps(loaded) == [.applicationReady])
        #expect(model.view.app.name == "Renamed" && model.appGeneration == 1)
        #expect(model.view.phase == .splash(message: "Starting Renamed…"))
    }

    @Test("q on Loading failed gives up with status 1")
    func giveUp() {
        var model = Self.start(isLoaded: false)
        _ = ShellUpdate.update(&model, Self.ended(.failedLoading(reason: "no network")))
        #expect(ShellUpdate.update(&model, .terminal(.key(.character("q")))) == [.quit(status: 1)])
        #expect(model.exitStatus == 1)
    }

    @Test("a deep link: followed after the root; its screen shown, then its post hooks after the frame; or why it was not")
    func deepLink() throws {
        var model = Self.start(deepLink: "zapp://screen/detail")
        let app = model.view.app
        _ = ShellUpdate.update(&model, Self.ended(.presentRoot, .rootPresented(Self.home)))
        let follow = ShellUpdate.update(&model, Self.ended(.rootPostHooks(Self.home)))
        #expect(Self.steps(follow) == [.afterRootPresentation])
        #expect(Self.steps(ShellUpdate.update(&model, Self.ended(.afterRootPresentation))) == [.continueUserActivity(url: "zapp://screen/detail", app: app)])
        let presented = DeepLinkOutcome.navigated(.presented(screenID: "detail", dataDict: ["k": "v"]))
        _ = ShellUpdate.update(&model, Self.ended(.continueUserActivity(url: "zapp://screen/detail", app: app), .deepLinkFollowed(presented)))
        #expect(model.view.navigation.currentScreenID == "detail")
        #expect(!model.isStartupComplete)
        let detail = try #require(app.screen(id: "detail"))
        #expect(Self.steps(ShellUpdate.update(&model, .frameDrawn(HitMap()))) == [.linkedScreenPostHooks(screen: detail, dataDict: ["k": "v"])])
        _ = ShellUpdate.update(&model, Self.ended(.linkedScreenPostHooks(screen: detail, dataDict: ["k": "v"])))
        #expect(model.isStartupComplete)

        var unresolved = Self.start(deepLink: "zapp://screen/nowhere")
        _ = ShellUpdate.update(&unresolved, Self.ended(.presentRoot, .rootPresented(Self.home)))
        _ = ShellUpdate.update(
            &unresolved, Self.ended(.continueUserActivity(url: "zapp://screen/nowhere", app: app), .deepLinkFollowed(.unresolved(reason: "no screen"))))
        #expect(unresolved.isStartupComplete)
        #expect(unresolved.view.toast?.text == "Cannot open the link: no screen")
        #expect(unresolved.view.navigation.currentScreenID == "home")
    }
}
