import Clocks
import Foundation
@testable import ShellCore
@testable import ShellUI
import Synchronization
import Testing
import ZappCore
import ZappModel

/// Feeds, connected screens and content types in the pure update, and the runtime running
/// `.loadFeed` through an injected loader.
@Suite("Feeds in the update")
struct FeedUpdateTests {
    static let river = """
        [
          {"id": "home", "name": "Home", "type": "general_content", "home": true,
           "navigations": [
             {"id": "menu", "category": "menu", "navigation_type": "side",
              "nav_items": [
                {"id": "m-home", "title": "Home", "type": "label", "data": {"target": "home"}},
                {"id": "m-shows", "title": "Shows", "type": "label",
                 "data": {"target": "category", "source": "http://feeds.test/shows.json", "connected": true}},
                {"id": "m-plain", "title": "Plain", "type": "label", "data": {"target": "category"}}
              ]}
           ],
           "ui_components": [
             {"id": "hero", "component_type": "hero", "position": 0, "data": {"source": "feeds/home.json"}, "rules": {"item_limit": 2}},
             {"id": "list", "component_type": "list", "position": 1, "data": {"title": "Latest", "source": "http://feeds.test/latest.xml"}}
           ]},
          {"id": "category", "name": "Category", "type": "general_content",
           "ui_components": [{"id": "grid", "component_type": "grid", "data": {"title": "Shows", "connected": true}}]},
          {"id": "player", "name": "Player", "type": "general_content",
           "hooks": {"preload_plugins": [{"identifier": "gate", "type": "general"}]}}
        ]
        """

    static let app: ZappApp = {
        let plugins = """
            [{"plugin": {"identifier": "side", "type": "menu", "api": {"class_name": "ZappShell.SideMenu"}}, "configuration_json": {}},
             {"plugin": {"identifier": "gate", "type": "general", "api": {"class_name": "Test.Gate"}}, "configuration_json": {}}]
            """
        let result = AppLoader.load(river: Data(river.utf8), plugins: Data(plugins.utf8), name: "Feeds")
        guard var app = result.app else { fatalError("the feeds fixture does not load: \(result.diagnostics)") }
        app.contentTypes = ContentTypes(screens: ["video": "player"])
        return app
    }()

    static let video = FeedEntry(id: "v1", title: "Glass Harbor", summary: "The docks.", typeValue: "video")
    static let article = FeedEntry(id: "a1", title: "Behind the scenes", typeValue: "article", linkURL: "https://x/a1")
    static let link = FeedEntry(id: "f1", title: "More shows", typeValue: "feed", linkURL: "http://feeds.test/more.json")
    static let homeFeed = Feed(title: "Home", format: .pipes2, entries: [video, article, link])

    func model() -> ShellModel {
        ShellModel(view: ShellViewState(app: Self.app, rootKind: .sideMenu), columns: 80, rows: 24)
    }

    func screenText(_ model: ShellModel) -> String {
        var canvas = Canvas(columns: model.columns, rows: model.rows)
        ShellView.render(model.view, into: &canvas)
        return canvas.plainText
    }

    func key(_ key: Key) -> ShellEvent { .terminal(.key(key)) }

    /// The startup's report that home is shown (the model's initial navigation).
    static func homePresented(_ model: ShellModel) -> ShellEvent {
        let navigation = model.view.navigation
        let home = model.view.app.anyScreen(id: navigation.currentScreenID ?? "")!
        let step = NavigationStep.selectRoot(itemID: navigation.rootItemID, rootScreenID: home.id, resetting: true)
        return .startupStepEnded(.presentRoot, .rootPresented(.shown(step: step, screen: home, dataDict: nil)))
    }

    @Test("the screen's feeds are asked for once, each shown as a spinner in place meanwhile")
    func requestsOnce() {
        var model = model()
        let effects = ShellUpdate.update(&model, Self.homePresented(model))
        #expect(effects == [.loadFeed(source: "feeds/home.json", reload: false), .loadFeed(source: "http://feeds.test/latest.xml", reload: false)])
        #expect(model.view.feeds["feeds/home.json"] == .loading)
        #expect(ShellUpdate.update(&model, key(.down)).isEmpty, "asked for once")
        let text = screenText(model)
        #expect(text.contains("Loading feeds/home.json…") && text.contains("Loading http://feeds.test/latest.xml…"))
        #expect(!text.contains("Placeholder"))
    }

    @Test("loaded entries are drawn (item_limit honoured); a failure is explained in place with a retry; the rest works")
    func loadedAndFailed() {
        var model = model()
        _ = ShellUpdate.update(&model, Self.homePresented(model))
        _ = ShellUpdate.update(&model, .feedLoaded(source: "feeds/home.json", result: .success(Self.homeFeed)))
        _ = ShellUpdate.update(
            &model, .feedLoaded(source: "http://feeds.test/latest.xml", result: .failure(FeedLoadError("HTTP 404 Not Found from feeds.test"))))
        let text = screenText(model)
        #expect(text.contains("Glass Harbor") && text.contains("The docks.") && text.contains("Behind the scenes"))
        #expect(!text.contains("More shows"), "item_limit 2")
        #expect(text.contains("Could not load http://feeds.test/latest.xml: HTTP 404 Not Found from"))
        #expect(text.contains("Retry (r)"))
        // r on an entry of the loaded feed reloads that feed.
        #expect(ShellUpdate.update(&model, key(.character("r"))) == [.loadFeed(source: "feeds/home.json", reload: true)])
        _ = ShellUpdate.update(&model, .feedLoaded(source: "feeds/home.json", result: .success(Self.homeFeed)))
        // The retry button is focusable: move to it and press r.
        _ = ShellUpdate.update(&model, key(.end))
        #expect(ShellUpdate.update(&model, key(.character("r"))) == [.loadFeed(source: "http://feeds.test/latest.xml", reload: true)])
        #expect(screenText(model).contains("Loading http://feeds.test/latest.xml…"))
        #expect(ShellUpdate.update(&model, key(.character("r"))).isEmpty, "no second load while one runs")
    }

    @Test("a menu item with target and source opens its target connected: its connected grid shows that feed")
    func connected() {
        var model = model()
        _ = ShellUpdate.update(&model, Self.homePresented(model))
        _ = ShellUpdate.update(&model, key(.character("m")))
        let index = FrameLayout(state: model.view, columns: 80, rows: 24).focusables(in: .rootMenu).firstIndex { $0.action == .selectRootItem("m-shows") }!
        model.view.menuSelection = index
        let effects = ShellUpdate.update(&model, key(.enter))
        guard case .navigate(.selectRootItem("m-shows"), let activity, _, _)? = effects.first else {
            Issue.record("expected a navigation, got \(effects)")
            return
        }
        #expect(model.view.connectedSources["category"] == "http://feeds.test/shows.json")
        let step = NavigationStep.selectRoot(itemID: "m-shows", rootScreenID: "category", resetting: true)
        let shown = ShellUpdate.update(
            &model, .navigationFinished(activityID: activity, request: .selectRootItem("m-shows"),
                                        outcome: .navigation(.shown(step: step, screen: Self.app.screen(id: "category")!, dataDict: nil))))
        #expect(shown.contains(.loadFeed(source: "http://feeds.test/shows.json", reload: false)))
        // Opened from an item without a source, the same screen is not connected.
        _ = ShellUpdate.update(&model, key(.character("m")))
        model.view.menuSelection = FrameLayout(state: model.view, columns: 80, rows: 24).focusables(in: .rootMenu).firstIndex { $0.action == .selectRootItem("m-plain") }!
        _ = ShellUpdate.update(&model, key(.enter))
        #expect(model.view.connectedSources["category"] == nil)
    }

    @Test("a mapped entry opens its screen through the hook manager with the entry; the screen shows it")
    func contentType() {
        var model = model()
        let effects = ShellUpdate.perform(.openEntry(Self.video), &model)
        guard case .navigate(let request, let activity, _, _)? = effects.first else {
            Issue.record("expected a navigation, got \(effects)")
            return
        }
        #expect(request == .openEntry(screenID: "player", entry: Self.video))
        _ = ShellUpdate.update(
            &model, .navigationFinished(activityID: activity, request: request,
                                        outcome: .navigation(.shown(step: .push("player"), screen: Self.app.screen(id: "player")!, dataDict: ["entry": Self.video.json]))))
        #expect(model.view.screenEntries["player"] == Self.video)
        let text = screenText(model)
        #expect(text.contains("Glass Harbor") && text.contains("The docks."))
        #expect(Self.video.json["type"]?["value"]?.stringValue == "video")
    }

    @Test("an unmapped entry opens its details; a feed entry opens a list of the feed it links to")
    func detailsAndFeedList() {
        var model = model()
        #expect(ShellUpdate.perform(.openEntry(Self.article), &model).isEmpty)
        #expect(model.view.overlay == .entry(Self.article))
        let details = screenText(model)
        #expect(details.contains("Behind the scenes") && details.contains("article") && details.contains("https://x/a1"))
        _ = ShellUpdate.update(&model, key(.escape))
        #expect(model.view.overlay == nil)

        let effects = ShellUpdate.update(&model, .notice("x", isError: false)) + ShellUpdate.perform(.openEntry(Self.link), &model)
        #expect(model.view.overlay == .feed(source: "http://feeds.test/more.json", title: "More shows", selection: 0))
        _ = effects
        #expect(ShellUpdate.update(&model, key(.down)).contains(.loadFeed(source: "http://feeds.test/more.json", reload: false)))
        _ = ShellUpdate.update(
            &model, .feedLoaded(source: "http://feeds.test/more.json", result: .success(Feed(format: .atom, entries: [Self.article, Self.video]))))
        #expect(screenText(model).contains("Behind the scenes"))
        _ = ShellUpdate.update(&model, key(.down))
        let opened = ShellUpdate.update(&model, key(.enter))
        guard case .navigate(.openEntry(screenID: "player", entry: Self.video), _, _, _)? = opened.first else {
            Issue.record("Enter on a mapped entry of the list opens its screen, got \(opened)")
            return
        }
        #expect(model.view.overlay == nil)
    }

    @Test("a feed cut to its entry cap is counted in the status line and listed by w, naming the feed and the count kept (issue 34)")
    func capWarningListed() {
        var model = model()
        _ = ShellUpdate.update(&model, Self.homePresented(model))
        var capped = Feed(title: "Latest", format: .pipes2, entries: [Self.video])
        capped.listedEntries = 25_000
        _ = ShellUpdate.update(&model, .feedLoaded(source: "http://feeds.test/latest.xml", result: .success(capped)))
        _ = ShellUpdate.update(&model, .feedLoaded(source: "feeds/home.json", result: .success(Self.homeFeed)))
        let warning = "feed http://feeds.test/latest.xml: 25000 entries listed; the first 10000 are kept"
        #expect(model.view.warnings == [warning], "\(model.view.warnings)")
        #expect(screenText(model).contains("1 warning (w)"))
        _ = ShellUpdate.update(&model, key(.character("w")))
        #expect(screenText(model).contains("25000 entries listed; the first 10000"))
    }

    @Test("a feed's address and error on screen show no credentials: user:***@ and token=*** (issue 34)")
    func failureRedacted() {
        var model = model()
        _ = ShellUpdate.update(&model, Self.homePresented(model))
        let reason = "cannot reach http://ann:hunter2@feeds.test/latest.xml?token=SECRET1"
        _ = ShellUpdate.update(&model, .feedLoaded(source: "http://feeds.test/latest.xml", result: .failure(FeedLoadError(reason))))
        var text = screenText(model)
        #expect(text.contains("ann:***@feeds.test") && text.contains("token=***"), "\(text)")
        #expect(!text.contains("hunter2") && !text.contains("SECRET1"))
        // A feed list overlay over an address with credentials, loading then failed.
        let source = "http://bob:pa55word@feeds.test/shows.json?api_key=SECRET2"
        model.view.overlay = .feed(source: source, title: "Shows", selection: 0)
        model.view.feeds[source] = .loading
        text = screenText(model)
        #expect(text.contains("bob:***@") && !text.contains("pa55word") && !text.contains("SECRET2"), "\(text)")
        model.view.feeds[source] = .failed("HTTP 401 from \(source)")
        text = screenText(model)
        #expect(text.contains("Could not load http://bob:***@") && !text.contains("pa55word") && !text.contains("SECRET2"), "\(text)")
        // A toast (a failed reload names the app's URL).
        model.view.overlay = nil
        model.view.toast = Toast("Reload failed: cannot fetch http://cy:n0tme@apps.test/river.json?access_token=SECRET3", kind: .error)
        text = screenText(model)
        #expect(text.contains("cy:***@apps.test") && !text.contains("n0tme") && !text.contains("SECRET3"), "\(text)")
    }

    /// Pipes2 `next`, as Applicaster's pipes2-server-example pages its media feeds.
    @Test("a feed with a next page ends in More entries: Enter loads it once, its entries follow, a failure says why")
    func nextPages() {
        var model = model()
        _ = ShellUpdate.update(&model, Self.homePresented(model))
        _ = ShellUpdate.update(&model, .feedLoaded(source: "feeds/home.json", result: .success(Self.homeFeed)))
        let first = Feed(title: "Latest", format: .pipes2, entries: [Self.video], next: "latest-2.json")
        _ = ShellUpdate.update(&model, .feedLoaded(source: "http://feeds.test/latest.xml", result: .success(first)))
        #expect(screenText(model).contains("More entries"))
        _ = ShellUpdate.update(&model, key(.end))
        let asked = ShellUpdate.update(&model, key(.enter))
        #expect(asked == [.loadFeedPage(source: "http://feeds.test/latest.xml", page: "http://feeds.test/latest-2.json")])
        #expect(screenText(model).contains("Loading more entries…"))
        #expect(ShellUpdate.perform(.loadNextPage("http://feeds.test/latest.xml"), &model).isEmpty, "one page at a time")

        _ = ShellUpdate.update(
            &model, .feedPageLoaded(source: "http://feeds.test/latest.xml", page: "http://feeds.test/latest-2.json",
                                     result: .failure(FeedLoadError("HTTP 500 Internal Server Error from feeds.test"))))
        #expect(screenText(model).contains("Could not load more entries: HTTP 500"))
        #expect(ShellUpdate.update(&model, key(.enter)) == asked, "the button offers it again")

        // The second page leads back to the first: the feed ends there instead of repeating.
        let second = Feed(format: .pipes2, entries: [Self.article], next: "http://feeds.test/latest.xml")
        _ = ShellUpdate.update(
            &model, .feedPageLoaded(source: "http://feeds.test/latest.xml", page: "http://feeds.test/latest-2.json", result: .success(second)))
        let text = screenText(model)
        #expect(text.contains("Behind the scenes"))
        #expect(!text.contains("More entries") && !text.contains("Could not load more"))
        guard case .loaded(let feed)? = model.view.feeds["http://feeds.test/latest.xml"] else {
            Issue.record("the feed is no longer loaded")
            return
        }
        #expect(feed.entries.map(\.title) == ["Glass Harbor", "Behind the scenes"])
        // A full reload starts again from the first page.
        _ = ShellUpdate.perform(.retryFeed("http://feeds.test/latest.xml"), &model)
        #expect(model.view.loadedPages["http://feeds.test/latest.xml"] == nil)
    }

    /// Shaped as Applicaster's pipes2-server-example serves its Help & Support feed.
    @Test("a link entry opens its page as a WEB_URL item does: with $BROWSER, else in a pane; other entries keep their details")
    func linkEntriesOpenTheirPage() {
        let help = FeedEntry(
            id: "d0f1", title: "Help", typeValue: "link", contentURL: "https://example.com/help.html", contentType: "link",
            linkURL: "https://example.com/help.html")
        var model = model()
        #expect(ShellUpdate.perform(.openEntry(help), &model).isEmpty)
        #expect(model.view.overlay == .webLink("https://example.com/help.html"))
        model.view.overlay = nil
        model.view.browser = "firefox"
        #expect(ShellUpdate.perform(.openEntry(help), &model) == [.openBrowser(url: "https://example.com/help.html")])
        #expect(model.view.overlay == nil)
        let local = FeedEntry(id: "x", title: "Local", typeValue: "link", linkURL: "help.html")
        #expect(ShellUpdate.perform(.openEntry(local), &model).isEmpty)
        #expect(model.view.overlay == .entry(local), "a link that is not http(s) shows the details")
    }

    /// Home's feed loads; the XML one fails.
    struct Scripted: FeedLoading {
        func load(_ source: String, reload: Bool) async -> Result<Feed, FeedLoadError> {
            source.hasSuffix(".xml") ? .failure(FeedLoadError("bad XML: unclosed <entry> at 3:1")) : .success(FeedUpdateTests.homeFeed)
        }
    }

    @Test("the runtime loads through its FeedLoading and reports back")
    @MainActor
    func runtime() async throws {
        let terminal = HeadlessTerminal(columns: 80, rows: 24)
        let setup = ShellSetup(
            app: Self.app, loadApp: { AppLoad(app: Self.app) },
            makeServices: { app, presenter, trace in
                let navigator = Navigator(app: app, rootMenu: RootMenu(app: app, kind: .sideMenu), opener: FakeOpener(presenter: presenter))
                return AppServices(
                    navigator: navigator, startup: StartupSequence(hooks: [], trace: trace), trace: trace, loginProvider: nil,
                    feeds: Scripted())
            })
        let runtime = ShellRuntime(terminal: terminal, setup: setup)
        runtime.start()
        #expect(await runtime.settle { model in
            model.view.feeds.count == 2 && !model.view.feeds.values.contains(.loading)
        })
        #expect(terminal.plainText.contains("Glass Harbor"))
        #expect(terminal.plainText.contains("bad XML: unclosed <entry> at"))
    }

    @Test("render's run: the shown screen, no startup step, and back once nothing is pending (a feed loaded, one failed)")
    @MainActor
    func runUntilIdle() async throws {
        let terminal = HeadlessTerminal(columns: 80, rows: 24)
        let opened = Mutex<FakeOpener?>(nil)
        var setup = ShellSetup(
            app: Self.app, loadApp: { AppLoad(app: Self.app) },
            makeServices: { app, presenter, trace in
                let opener = FakeOpener(presenter: presenter)
                opened.withLock { $0 = opener }
                let navigator = Navigator(app: app, rootMenu: RootMenu(app: app, kind: .sideMenu), opener: opener)
                return AppServices(
                    navigator: navigator, startup: StartupSequence(hooks: [], trace: trace), trace: trace, loginProvider: nil,
                    feeds: Scripted())
            })
        setup.shownScreen = ShellModel.ShownScreen(screenID: "home", position: .root, override: BarOverride())
        let runtime = ShellRuntime(terminal: terminal, setup: setup)
        await runtime.runUntilIdle()
        #expect(runtime.model.view.feeds.count == 2 && !runtime.model.view.feeds.values.contains(.loading))
        #expect(terminal.plainText.contains("Glass Harbor"))
        #expect(terminal.plainText.contains("bad XML: unclosed <entry> at"))
        #expect(!runtime.model.log.entries(after: 0).entries.contains { if case .hook = $0.event { true } else { false } },
            "no hook, no startup step ran")
        #expect(opened.withLock { $0?.postHookRuns.load(ordering: .sequentiallyConsistent) } == 0)
    }

    @Test("the spinner of a loading feed turns: a tick is scheduled while feeds load, on the runtime's clock")
    @MainActor
    func loadingSpinnerTurns() async throws {
        struct Hanging: FeedLoading {
            func load(_ source: String, reload: Bool) async -> Result<Feed, FeedLoadError> {
                let (never, continuation) = AsyncStream<Never>.makeStream()
                for await _ in never {}
                withExtendedLifetime(continuation) {}
                return .failure(FeedLoadError("cancelled"))
            }
        }
        let clock = TestClock<Duration>()
        let setup = ShellSetup(
            app: Self.app, loadApp: { AppLoad(app: Self.app) },
            makeServices: { app, presenter, trace in
                let navigator = Navigator(app: app, rootMenu: RootMenu(app: app, kind: .sideMenu), opener: FakeOpener(presenter: presenter))
                return AppServices(
                    navigator: navigator, startup: StartupSequence(hooks: [], trace: trace), trace: trace, loginProvider: nil,
                    feeds: Hanging())
            })
        let runtime = ShellRuntime(terminal: HeadlessTerminal(columns: 80, rows: 24), setup: setup, clock: RuntimeClock(clock))
        runtime.start()
        #expect(await runtime.settle { $0.isStartupComplete && $0.view.feeds.values.contains(.loading) })
        let due = try #require(ShellUpdate.nextTickDue(runtime.model), "a loading feed asks for ticks")
        #expect(due == runtime.model.now + ShellModel.tickInterval)
        let frame = runtime.model.view.spinnerFrame
        await clock.advance(by: .milliseconds(ShellModel.tickInterval + 1))
        #expect(await runtime.settle { $0.view.spinnerFrame != frame }, "the spinner turns")
        runtime.send(.terminal(.terminate(signal: 15)))
    }
}
