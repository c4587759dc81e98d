import Foundation
import Testing
import ZappCore
import ZappModel

@testable import ShellCore
@testable import ShellUI

/// `run` loads an app lazily (screens decoded when read): the first frame must read only the
/// screens it shows, navigation must reach any screen, and the bars' assets of every screen
/// are read once the deferred checks have decoded them all.
@Suite struct LazyAppTests {
    static let screenCount = 400

    /// A folder with a river of `screenCount` screens, over `AppLoader.lazyRiverMinimumSize` (each
    /// screen carries 3 KB of configuration): home with a root menu whose items name no feed, and
    /// screen 300 (named by no menu item) whose bar shows a logo read from a file.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lazy-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("assets"), withIntermediateDirectories: true)
        let padding = String(repeating: "configuration ", count: 220)
        var screens: [String] = []
        for index in 0..<screenCount {
            let menu = index == 0
                ? #"{"category": "menu", "navigation_type": "menu", "nav_items": [{"id": "m1", "title": "One", "type": "label", "data": {"target": "screen-1"}}, {"id": "m2", "title": "Far", "type": "label", "data": {"target": "screen-350"}}]},"#
                : ""
            let assets = index == 300 ? #""assets": {"app_logo": "assets/far.txt"}, "styles": {"presentation_style": "logo"},"# : ""
            screens.append(
                #"{"id": "screen-\#(index)", "name": "Screen \#(index)", "home": \#(index == 0), "navigations": [\#(menu) {"category": "nav_bar", "navigation_type": "bar", \#(assets) "nav_items": [{"id": "n-\#(index)", "title": "Next", "type": "button", "data": {"target": "screen-\#((index + 1) % screenCount)"}}]}], "ui_components": [{"component_type": "list", "data": {"title": "Items of \#(index)", "items": [{"title": "Only item"}]}}], "general": {"notes": "\#(padding)"}}"#)
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

    @Test func theFirstFrameReadsOnlyWhatItShows() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = AppLoader.load(path: folder.path, deferringChecks: true)
        let app = try #require(result.app)
        var model = ShellModel(view: ShellViewState(app: app), columns: 100, rows: 30)
        // What the root's presentation does (connecting the root item's feed, if any), then a frame.
        let home = try #require(app.homeScreen)
        _ = ShellUpdate.update(
            &model, .startupStepEnded(.presentRoot, .rootPresented(.shown(step: .selectRoot(itemID: model.view.navigation.rootItemID, rootScreenID: home.id, resetting: true), screen: home, dataDict: nil))))
        var canvas = Canvas(columns: 100, rows: 30)
        ShellView.render(model.view, into: &canvas)
        #expect(canvas.plainText.contains("Items of 0"))
        // Home only: the root menu's targets are checked by id (`ZappApp.hasScreen`), not decoded.
        #expect(app.screens.decoded.map(\.id) == ["screen-0"])

        // A screen far down the river is decoded when it is opened.
        model.view.navigation = .showing("screen-300", as: .pushed, rootItemID: "m1", rootScreenID: "screen-0")
        canvas = Canvas(columns: 100, rows: 30)
        ShellView.render(model.view, into: &canvas)
        #expect(canvas.plainText.contains("Items of 300"))
        // Not the screen its bar's button names: that target too is checked by id.
        #expect(app.screens.decoded.map(\.id) == ["screen-0", "screen-300"])
        // Its logo file is not read yet: the title stands in for it.
        #expect(!canvas.plainText.contains("FAR LOGO"))

        // The deferred work decodes the rest and reads every bar's assets; the update shows them.
        let warnings = result.completingChecks().runWarnings.map(\.description)
        #expect(app.screens.decoded.count == Self.screenCount)
        _ = ShellUpdate.update(&model, .loadWarningsChecked(warnings, assets: AssetStore(app: app), generation: model.appGeneration))
        canvas = Canvas(columns: 100, rows: 30)
        ShellView.render(model.view, into: &canvas)
        #expect(canvas.plainText.contains("FAR LOGO"))
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
            for app in [lazy, eager] {
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
