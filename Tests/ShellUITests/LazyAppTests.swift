import Foundation
import Testing
import ZappCore
import ZappModel

@testable import ShellCore
@testable import ShellUI

/// `run` loads a large app scanned, home decoded: the update reads decoded screens only and asks
/// for the others (`.decodeScreens`), navigation reaches any screen once its screen is decoded,
/// the bars' assets of every screen are read with the deferred checks, which keep no screen
/// decoded (issue 34), and "go to" lists every screen without decoding it.
@Suite struct LazyAppTests {
    static let screenCount = 400

    /// A folder with a river of `screenCount` screens, over `AppLoader.lazyRiverMinimumSize` (each
    /// screen carries 3 KB of configuration): home with a root menu whose items name no feed, and
    /// screen 300 (named by no menu item) whose bar shows a logo read from a file, and screen 5
    /// whose preload hook opens screen 7 (a hook screen).
    static func folder(screens screenCount: Int = screenCount) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lazy-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("assets"), withIntermediateDirectories: true)
        let padding = String(repeating: "configuration ", count: 220)
        var screens: [String] = []
        for index in 0..<screenCount {
            let menu = index == 0
                ? #"{"category": "menu", "navigation_type": "menu", "nav_items": [{"id": "m1", "title": "One", "type": "label", "data": {"target": "screen-1"}}, {"id": "m2", "title": "Far", "type": "label", "data": {"target": "screen-350"}}]},"#
                : ""
            let assets = index == 300 ? #""assets": {"app_logo": "assets/far.txt"}, "styles": {"presentation_style": "logo"},"# : ""
            let hooks = index == 5 ? #""hooks": {"preload_plugins": [{"identifier": "gate", "type": "general", "screen_id": "screen-7"}]},"# : ""
            screens.append(
                #"{"id": "screen-\#(index)", "name": "Screen \#(index)", "home": \#(index == 0), \#(hooks) "navigations": [\#(menu) {"category": "nav_bar", "navigation_type": "bar", \#(assets) "nav_items": [{"id": "n-\#(index)", "title": "Next", "type": "button", "data": {"target": "screen-\#((index + 1) % screenCount)"}}]}], "ui_components": [{"component_type": "list", "data": {"title": "Items of \#(index)", "items": [{"title": "Only item"}]}}], "general": {"notes": "\#(padding)"}}"#)
        }
        try Data(("[\n" + screens.joined(separator: ",\n") + "\n]").utf8).write(to: folder.appendingPathComponent("river.json"))
        try Data(
            #"[{"plugin": {"identifier": "menu", "type": "menu", "api": {"class_name": "ZappShell.SideMenu"}}}, {"plugin": {"identifier": "bar", "type": "nav_bar", "api": {"class_name": "ZappShell.NavigationBar"}}}]"#
                .utf8
        ).write(to: folder.appendingPathComponent("plugin_configurations.json"))
        try Data("FAR LOGO\n".utf8).write(to: folder.appendingPathComponent("assets/far.txt"))
        let size = try Data(contentsOf: folder.appendingPathComponent("river.json")).count
        #expect(size >= AppLoader.lazyRiverMinimumSize)
        return folder
    }

    /// Home as the startup presents it, in a model of `app`.
    static func modelShowingHome(_ app: ZappApp) throws -> ShellModel {
        var model = ShellModel(view: ShellViewState(app: app), columns: 100, rows: 30)
        let home = try #require(app.homeScreen)
        let step = NavigationStep.selectRoot(itemID: model.view.navigation.rootItemID, rootScreenID: home.id, resetting: true)
        _ = ShellUpdate.update(&model, .startupStepEnded(.presentRoot, .rootPresented(.shown(step: step, screen: home, dataDict: nil))))
        return model
    }

    /// What the runtime does with `.decodeScreens`: the screens decoded, sent back as an event.
    static func decodeAsTheRuntime(_ effects: [ShellEffect], _ model: inout ShellModel) -> [ShellEffect] {
        effects.flatMap { effect -> [ShellEffect] in
            guard case .decodeScreens(let positions, let screens, let generation) = effect else { return [effect] }
            return ShellUpdate.update(&model, .screensDecoded(screens.decoding(positions), generation: generation))
        }
    }

    static func decodes(_ effects: [ShellEffect]) -> [Int]? {
        guard effects.count == 1, case .decodeScreens(let positions, _, _) = effects[0] else { return nil }
        return positions
    }

    @Test func theFirstFrameReadsOnlyWhatItShows() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = AppLoader.load(path: folder.path, deferringChecks: true)
        let app = try #require(result.app)
        // Home only, decoded at load: the root menu's targets are checked by id (`ZappApp.hasScreen`).
        #expect(app.screens.decoded.map(\.id) == ["screen-0"])
        var model = try Self.modelShowingHome(app)
        #expect(Fixtures.frame(model.view, 100, 30).contains("Items of 0"))
        #expect(model.view.app.screens.decoded.map(\.id) == ["screen-0"])

        // The deferred work reads every screen for its checks and its bars' assets, and keeps
        // none decoded: the update keeps the assets, and the screens as they were.
        let completed = result.completingChecks()
        #expect(completed.app?.screens.decoded.map(\.id) == ["screen-0"])
        #expect(completed.diagnostics.contains { $0.code == .unknownHookPlugin }, "screen 5's hook was checked")
        _ = ShellUpdate.update(
            &model,
            .loadWarningsChecked(
                completed.runWarnings.map(\.description), assets: AssetStore(app: app, readingUndecoded: true),
                generation: model.appGeneration))
        #expect(model.view.app.screens.decoded.map(\.id) == ["screen-0"])
        #expect(AssetStore(app: app).lines("assets/far.txt") == nil, "at start, only the decoded screens' assets are read")
        model.view.app.store(model.view.app.screens.decoding([300]))
        model.view.navigation = .showing("screen-300", as: .pushed, rootItemID: "m1", rootScreenID: "screen-0")
        let frame = Fixtures.frame(model.view, 100, 30)
        #expect(frame.contains("Items of 300"))
        #expect(frame.contains("FAR LOGO"))
    }

    /// The update never decodes: a navigation to a screen not decoded yet leaves the model as it
    /// was and asks for the screen (`.decodeScreens`); only `.screensDecoded` completes it.
    @Test func aNavigationWaitsForItsScreen() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try #require(AppLoader.load(path: folder.path, deferringChecks: true).app)
        var model = try Self.modelShowingHome(app)
        model.view.focus = .navBar
        model.view.navBarSelection = 1
        // Next (to screen-1): finding whether the item connects a feed may read screen 399
        // (its bytes name "screen-0", which holds "n-0"): the key waits for it.
        var effects = ShellUpdate.update(&model, .terminal(.key(.enter)))
        #expect(Self.decodes(effects) == [399])
        #expect(model.activity == nil)
        effects = Self.decodeAsTheRuntime(effects, &model)
        let activity = try #require(model.activity)
        #expect(effects.contains { if case .navigate(.present("screen-1", _), _, _, _) = $0 { true } else { false } })

        // The navigator (in the runtime) opened screen-1; the model has it not decoded yet.
        let one = try #require(app.screen(id: "screen-1"))
        let finished = ShellEvent.navigationFinished(
            activityID: activity.id, request: .present("screen-1", source: .navBar),
            outcome: .navigation(.shown(step: .present("screen-1"), screen: one, dataDict: nil)))
        effects = ShellUpdate.update(&model, finished)
        #expect(Self.decodes(effects) == [1])
        #expect(model.view.navigation.currentScreenID == "screen-0")
        #expect(model.activity?.id == activity.id)
        #expect(!model.view.app.screens.isDecoded(1))
        // A key pressed meanwhile waits behind it.
        #expect(ShellUpdate.update(&model, .terminal(.key(.down))).isEmpty)
        #expect(model.heldEvents.count == 2)

        effects = Self.decodeAsTheRuntime(effects, &model)
        #expect(model.view.navigation.currentScreenID == "screen-1")
        #expect(model.activity == nil)
        #expect(model.heldEvents.isEmpty)
        #expect(model.view.app.screens.decoded.map(\.id) == ["screen-0", "screen-1", "screen-399"])
        #expect(Fixtures.frame(model.view, 100, 30).contains("Items of 1"))
    }

    /// "Go to" lists every screen by id and name, which need no decoding; it waits only for the
    /// screens whose JSON may name a hook screen (`screen_id`), and leaves those hook screens out.
    @Test func goToDecodesOnlyWhatMayNameAHookScreen() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try #require(AppLoader.load(path: folder.path, deferringChecks: true).app)
        var model = try Self.modelShowingHome(app)
        let effects = ShellUpdate.update(&model, .terminal(.key(.character("g"))))
        #expect(Self.decodes(effects) == [5])
        #expect(model.view.overlay == nil)
        var quitting = model
        #expect(ShellUpdate.update(&quitting, .terminal(.key(.control("c")))).contains(.quit(status: 130)), "Ctrl-C never waits")
        _ = Self.decodeAsTheRuntime(effects, &model)
        #expect(model.view.overlay == .goTo(filter: "", selection: 0))
        #expect(model.view.app.screens.decoded.map(\.id) == ["screen-0", "screen-5"])
        let candidates = model.view.goToCandidates.map(\.id)
        #expect(candidates.contains("screen-350"))
        #expect(candidates.contains("screen-5"))
        #expect(!candidates.contains("screen-7"), "a hook screen is not offered")
        #expect(candidates.count == Self.screenCount - 1 + SyntheticScreen.allCases.count)
        // What is typed next filters at once: nothing more to decode.
        for key in ["3", "5"] {
            let effects = ShellUpdate.update(&model, .terminal(.key(.character(Character(key)))))
            #expect(Self.decodes(effects) == nil, "typing \(key) decodes nothing")
        }
        #expect(model.view.overlay == .goTo(filter: "35", selection: 0))
        #expect(model.heldEvents.isEmpty)
        let searched = try #require(model.view.hookNamingPositions, "the river is searched for screen_id once, not on every key")
        #expect(searched == model.view.app.screens.positions(mayHolding: "screen_id"))
        #expect(searched.contains(5))
    }

    /// A small river (the demo's) is decoded at once even by `run`'s load.
    @Test func aSmallAppIsDecodedAtOnce() throws {
        let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/zapp-shell/DemoApp")
        let result = AppLoader.load(path: demo.path, deferringChecks: true)
        let app = try #require(result.app)
        #expect(app.screens.decoded.count == app.screens.count)
        #expect(result.deferredChecks != nil)
    }

    /// The same frames as an app loaded eagerly.
    @Test func framesAreTheEagerOnes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lazy = try #require(AppLoader.load(path: folder.path, deferringChecks: true).app)
        let eager = try #require(AppLoader.load(path: folder.path).app)
        for id in ["screen-0", "screen-1", "screen-399", "screen-350"] {
            var frames: [String] = []
            for var app in [lazy, eager] {
                app.store(app.screens.decoding([try #require(app.position(ofID: id))]))
                var state = ShellViewState(app: app)
                state.navigation = .showing(id, as: .pushed, rootItemID: state.rootMenu.homeItemID, rootScreenID: "screen-0")
                var canvas = Canvas(columns: 100, rows: 30)
                ShellView.render(state, into: &canvas)
                frames.append(canvas.plainText)
            }
            #expect(frames[0] == frames[1], "\(id)")
        }
    }
}
