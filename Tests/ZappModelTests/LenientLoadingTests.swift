import Foundation
import Testing
import ZappModel
import ModelTestFixtures

/// `run`, `render` and `trace` open what a device opens: only what cannot be shown stops them.
@Suite("Lenient loading")
struct LenientLoadingTests {
    /// A river with every flaw a device rides out.
    static let flawedRiver = Fixtures.flawedRiver

    @Test func onlyUnreadableUnparsableUnknownOrEmptyStopsRunning() {
        let stopping = DiagnosticCode.allCases.filter(\.stopsRunning)
        #expect(Set(stopping) == [.unreadable, .syntax, .unrecognizedFile, .noScreens])
    }

    @Test func aFlawedAppLoadsWithItsProblemsAsRunWarnings() throws {
        let result = AppLoader.load(river: Fixtures.data(Self.flawedRiver), plugins: Fixtures.data("[]"))
        let app = try #require(result.app)
        #expect(app.screens.count == 3)
        #expect(!result.hasBlockingErrors)
        // validate still reports the errors (exit 1)...
        let codes = Set(result.diagnostics.filter(\.isError).map(\.code))
        #expect(codes.isSuperset(of: [.invalidValue, .unknownTarget, .unknownHookPlugin, .unknownHookScreen, .homeScreen, .menuPlugin]))
        // ...and run/render/trace see every one of them as a warning.
        #expect(result.runWarnings.count == result.diagnostics.count)
        #expect(result.runWarnings.allSatisfy { $0.severity == .warning })
    }

    @Test func unknownEnumValuesAreLeftUnsetSoTheBarDefaultsApply() throws {
        let app = try #require(AppLoader.load(river: Fixtures.data(Self.flawedRiver), plugins: nil).app)
        let styles = try #require(app.screens.first?.navigations.first?.styles)
        #expect(styles.style == nil)
        #expect(styles.presentationStyle == nil)
        #expect(styles.state == nil)
    }

    @Test func aNumberForAStringIsUsedWithAWarningNamingItsPath() throws {
        let result = AppLoader.load(river: Fixtures.data(Self.flawedRiver), plugins: nil)
        #expect(result.app?.screens[1].id == "17")
        let warning = try #require(result.diagnostics.first { $0.code == .type })
        #expect(warning.severity == .warning)
        #expect(warning.description == #"river.json: $[1].id: warning: expected a string, got 17; read as "17""#)
    }

    @Test func syntaxErrorsAndNoScreensStillStop() {
        #expect(AppLoader.load(river: Fixtures.data("[{,]"), plugins: nil).app == nil)
        #expect(AppLoader.load(river: Fixtures.data("[]"), plugins: nil).app == nil)
    }

    @Test func aPublishedLayoutFolderHoldsRiversJSON() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Fixtures.data(#"[{"id": "a", "home": true}]"#).write(to: folder.appendingPathComponent("rivers.json"))
        let result = AppLoader.load(path: folder.path)
        #expect(result.files.first == "\(folder.path)/rivers.json")
        #expect(result.app?.screens.map(\.id) == ["a"])
    }

    @Test func pluginsFromAnotherFile() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Fixtures.data(#"[{"id": "a", "home": true}]"#).write(to: folder.appendingPathComponent("rivers.json"))
        let plugins = folder.appendingPathComponent("elsewhere.json")
        try Fixtures.data(Fixtures.plugins([("menu", "menu", "ZappShell.SideMenu")])).write(to: plugins)
        let result = AppLoader.load(path: folder.path, pluginsPath: plugins.path)
        #expect(result.files == ["\(folder.path)/rivers.json", plugins.path])
        #expect(result.app?.plugins.map(\.identifier) == ["menu"])
    }

    @Test func tabBarNames() {
        func manifest(_ identifier: String, _ className: String?) -> PluginManifest {
            PluginManifest(identifier: identifier, type: "menu", api: PluginAPI(className: className))
        }
        #expect(manifest("root", "ZappRoot.ZPNativeTabBarController").namesTabBar)
        #expect(manifest("ZappRoot/TabBar", "MATabBarAdapter").namesTabBar)
        #expect(manifest("quick-brick-bottom-tabs", nil).namesTabBar)
        #expect(manifest("root", "ZappShell.TabBar").namesTabBar)
        #expect(!manifest("side", "ZappShell.SideMenu").namesTabBar)
        #expect(!manifest("zapptv_side_menu", "ZappRoot.SideMenuController").namesTabBar)
    }
}
