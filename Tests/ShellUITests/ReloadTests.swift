import Foundation
import ShellCore
import ShellUI
import Testing
import ZappCore
import ZappModel

/// Reloading the running app (`r`, `run --watch`) through the pure update.
@Suite("Reload")
struct ReloadTests {
    /// The fixture with screen `detail` renamed, or gone (its id changed).
    static func app(renamingDetailTo name: String? = nil, removingDetail: Bool = false) -> ZappApp {
        var river = UpdateFixture.river
        if let name { river = river.replacingOccurrences(of: "\"name\": \"Detail\"", with: "\"name\": \"\(name)\"") }
        if removingDetail {
            river = river.replacingOccurrences(of: "{\"id\": \"detail\"", with: "{\"id\": \"other\"")
        }
        let result = AppLoader.load(river: Data(river.utf8), plugins: Data(UpdateFixture.plugins.utf8), name: "Fixture")
        return result.app!
    }

    /// `app` as a reload reads it (its assets and warnings read by the effect).
    static func revision(_ app: ZappApp, warnings: [String] = []) -> AppRevision {
        AppRevision(app: app, rootKind: .sideMenu, warnings: warnings, assets: AssetStore(app: app))
    }

    /// The fixture model showing `detail` pushed on home's stack.
    static func modelOnDetail() -> ShellModel {
        var model = UpdateFixture.model()
        var navigation = model.view.navigation
        navigation.push("detail")
        model.view.navigation = navigation
        return model
    }

    @Test("r asks the runtime to read the app again, once at a time")
    func reloadKey() {
        var model = UpdateFixture.model()
        #expect(ShellUpdate.update(&model, .terminal(.key(.character("r")))) == [.reloadApp(generation: 0)])
        #expect(model.isReloading)
        #expect(ShellUpdate.update(&model, .terminal(.key(.character("r")))).isEmpty, "one reload at a time")
    }

    @Test("a reloaded app keeps the open screens that still exist and shows the new content")
    func keepsStacks() {
        var model = Self.modelOnDetail()
        _ = ShellUpdate.update(&model, .terminal(.key(.character("r"))))
        _ = ShellUpdate.update(&model, .appReloaded(Self.revision(Self.app(renamingDetailTo: "Details v2")), generation: 0))
        #expect(model.view.navigation.currentStack == ["home", "detail"])
        #expect(model.view.app.screen(id: "detail")?.name == "Details v2")
        #expect(!model.isReloading)
        #expect(model.view.toast?.text == "Reloaded Fixture (4 screens)")
    }

    @Test("a stack is cut at the first screen the reloaded app no longer has")
    func cutsMissingScreens() {
        var model = Self.modelOnDetail()
        _ = ShellUpdate.update(&model, .appReloaded(Self.revision(Self.app(removingDetail: true)), generation: 0))
        #expect(model.view.app.screen(id: "detail") == nil)
        #expect(model.view.navigation.currentStack == ["home"])
    }

    @Test("a reload that fails keeps the running app and says why until the next message")
    func failedReloadKeepsTheApp() {
        var model = Self.modelOnDetail()
        _ = ShellUpdate.update(&model, .terminal(.key(.character("r"))))
        _ = ShellUpdate.update(&model, .reloadFailed("river.json:1:9: error: missing value"))
        #expect(model.view.navigation.currentStack == ["home", "detail"])
        #expect(model.view.app == UpdateFixture.app)
        #expect(model.view.toast?.kind == .error)
        #expect(model.view.toast?.text.contains("river.json:1:9") == true)
        #expect(model.toastExpiry == nil, "the reason stays")
        #expect(!model.isReloading)
    }

    @Test("a theme file read again replaces its theme on screen and in the list t cycles through")
    func themeReloaded() {
        var mine = Theme.defaultDark
        mine.name = "mine"
        var model = UpdateFixture.model(themes: [Theme.defaultDark, mine])
        model.view.theme = mine
        model.fileThemeName = "mine"
        var edited = mine
        edited.border = .double
        _ = ShellUpdate.update(&model, .themeReloaded(edited))
        #expect(model.view.theme.border == .double)
        #expect(model.themes.map(\.name) == [Theme.defaultDark.name, "mine"])
        #expect(model.themes[1].border == .double)

        var renamed = edited
        renamed.name = "mine v2"
        model.view.theme = Theme.defaultDark
        _ = ShellUpdate.update(&model, .themeReloaded(renamed))
        #expect(model.view.theme == Theme.defaultDark, "another theme on screen stays")
        #expect(model.themes.map(\.name) == [Theme.defaultDark.name, "mine v2"])
    }

    @Test("watched changes settle before one reload starts")
    func changesSettle() {
        var model = UpdateFixture.model()
        model.now = 1_000
        _ = ShellUpdate.update(&model, .filesChanged)
        model.now = 1_100
        _ = ShellUpdate.update(&model, .filesChanged)
        #expect(ShellUpdate.nextTickDue(model) == 1_100 + ShellModel.reloadSettle)
        #expect(ShellUpdate.update(&model, .tick, now: 1_200).isEmpty, "not yet: the second change restarted the wait")
        #expect(ShellUpdate.update(&model, .tick, now: 1_100 + ShellModel.reloadSettle) == [.reloadApp(generation: 0)])
        #expect(model.reloadDue == nil)
    }

    /// The fields of `ShellViewState` that belong to the app, which a reload replaces (or
    /// filters to the screens the new app still has, or clamps to what its screens offer);
    /// every other field must come through a reload unchanged. A field added to the state is
    /// kept unless it is named here.
    static let appFields: Set<String> = [
        "app", "rootMenu", "navigation", "assets", "loadWarnings", "reloadFailure", "feeds", "feedPages",
        "loadedPages", "screenSelection", "barOverrides", "screenEntries", "connectedSources", "expandedMenuItems",
        "menuSelection", "navBarSelection", "toast", "gatedScreens", "images", "imageParts", "imageFailures", "imageWarnings",
    ]

    /// Every field of the state, by name, as text (for comparing two states field by field).
    static func fields(_ view: ShellViewState) -> [String: String] {
        var fields: [String: String] = [:]
        for child in Mirror(reflecting: view).children {
            if let label = child.label { fields[label] = String(describing: child.value) }
        }
        return fields
    }

    @Test("a reload keeps everything that is not the app: browser, panes, user, theme, trace, selections")
    func keepsEverythingButTheApp() throws {
        var mine = Theme.defaultDark
        mine.name = "mine"
        var model = Self.modelOnDetail()
        model.themes = [Theme.defaultDark, mine]
        model.view.theme = mine
        model.view.themeNames = ["dark", "mine"]
        model.view.browser = "firefox"
        model.view.signedInUser = "ada"
        model.view.traceLines = ["login: presented", "after: done"]
        model.view.isTracePanelVisible = true
        model.view.forceASCII = true
        model.view.colorSupport = .ansi256
        model.view.focus = .navBar
        model.view.navBarSelection = 1
        model.view.isSideMenuOpen = true
        model.view.isOverflowOpen = true
        model.view.pickerTabs = ["tabs": 1]
        model.view.overlay = .help(scroll: 0)
        model.view.spinnerFrame = 5
        model.view.screenSelection = ["detail": 0, "gone": 3]
        model.view.barOverrides = ["detail": BarOverride(style: .center), "gone": BarOverride(style: .left)]
        model.view.loadWarnings = ["river.json: warning: old"]
        model.view.reloadFailure = "river.json:1:1: error: earlier"
        model.view.panes = [
            PaneState(id: 7, pane: Pane(hookIdentifier: "login", title: "Sign in", fields: [PaneField(key: "user", label: "User")])),
            PaneState(id: 8, pane: Pane(hookIdentifier: "removed", title: "Gone hook")),
        ]
        model.view.panes[0].values = ["ada"]
        model.activity = ShellModel.Activity(id: 9, title: "Opening Premium", startedAt: 0)
        _ = ShellUpdate.update(&model, .paneAwaitingAnswer(id: 8))
        let before = model

        _ = ShellUpdate.update(&model, .terminal(.key(.character("r"))))
        let effects = ShellUpdate.update(
            &model, .appReloaded(Self.revision(Self.app(renamingDetailTo: "Details v2"), warnings: ["river.json: warning: new"]), generation: 0))

        let old = Self.fields(before.view)
        let new = Self.fields(model.view)
        for (name, value) in old where !Self.appFields.contains(name) && name != "panes" {
            #expect(new[name] == value, "\(name) is kept")
        }
        // Panes: the one whose hook the app still has stays open, with what was typed; the other is answered.
        #expect(model.view.panes.map(\.id) == [7])
        #expect(model.view.panes.first?.values == ["ada"])
        #expect(effects.contains(.answerPane(id: 8, answer: .dismissed)))
        #expect(model.view.toast?.text.contains("removed") == true)
        // The navigation in flight goes on (its sign-in pane is open): nothing is cancelled.
        #expect(model.activity == before.activity)
        #expect(!effects.contains { if case .cancelActivity = $0 { true } else { false } })
        // What belongs to the app: the new one, its warnings, the selections of screens it has.
        #expect(model.view.app.screen(id: "detail")?.name == "Details v2")
        #expect(model.view.loadWarnings == ["river.json: warning: new"])
        #expect(model.view.reloadFailure == nil)
        #expect(model.view.navigation.currentStack == ["home", "detail"])
        #expect(model.view.screenSelection == ["detail": 0])
        #expect(model.view.barOverrides == ["detail": BarOverride(style: .center)])
        #expect(model.themes == before.themes)
        #expect(model.appGeneration == 1)
    }

    @Test("results for an app that was replaced meanwhile are dropped")
    func staleResultsAreDropped() {
        var model = Self.modelOnDetail()
        _ = ShellUpdate.update(&model, .appReloaded(Self.revision(Self.app(renamingDetailTo: "v2")), generation: 0))
        #expect(model.appGeneration == 1)
        _ = ShellUpdate.update(&model, .appReloaded(Self.revision(Self.app(renamingDetailTo: "v1")), generation: 0))
        #expect(model.view.app.screen(id: "detail")?.name == "v2", "a reload asked for by the replaced app is dropped")
        _ = ShellUpdate.update(&model, .loadWarningsChecked(["stale"], assets: AssetStore(), generation: 0))
        #expect(model.view.loadWarnings.isEmpty, "the first app's deferred checks do not describe this one")
        model.view.feeds["feeds/new.json"] = .loading
        _ = ShellUpdate.update(&model, .feedLoaded(source: "feeds/new.json", result: .failure(FeedLoadError("old app")), generation: 0))
        #expect(model.view.feeds["feeds/new.json"] == .loading, "a feed the replaced app asked for is asked for again")
    }

    @Test("a failed reload is listed by w, and the next good reload clears it")
    func failedReloadInWarnings() {
        var model = UpdateFixture.model()
        _ = ShellUpdate.update(&model, .terminal(.key(.character("r"))))
        _ = ShellUpdate.update(&model, .reloadFailed("river.json:3:1: error: unexpected end of file"))
        _ = ShellUpdate.update(&model, .terminal(.key(.character("w"))))
        #expect(model.view.overlay == .warnings(scroll: 0))
        #expect(model.view.warnings.first?.contains("river.json:3:1: error: unexpected end of file") == true)
        _ = ShellUpdate.update(&model, .terminal(.key(.escape)))
        _ = ShellUpdate.update(&model, .terminal(.key(.character("r"))))
        _ = ShellUpdate.update(&model, .appReloaded(Self.revision(UpdateFixture.app), generation: 0))
        #expect(model.view.warnings.isEmpty)
    }
}
