import Foundation
import Testing
import ZappModel
import ModelTestFixtures

/// `run` loads with `deferringChecks` and adds the cross-reference checks' warnings after the
/// first frame; completed, the result must be the eager one: the same diagnostics in the same order.
@Suite("Deferred cross-reference checks")
struct DeferredChecksTests {
    /// Decoding warnings, every cross-reference problem, plugin problems and a hook-screen cycle.
    static let flawedRiver = #"""
        [{"id": "home", "home": true,
          "navigations": [
            {"category": "nav_bar", "navigation_type": "no-bar", "styles": {"state": "floating"},
             "nav_items": [{"id": "x", "type": "button", "data": {"target": "Other_Screen"}}]},
            {"category": "menu", "navigation_type": "no-such-menu", "nav_items": [{"id": "m", "type": "label", "data": {"target": "gone"}}]}],
          "ui_components": [{"component_type": "list", "data": {"items": [{"title": "T", "target": "nowhere"}]}}],
          "hooks": {"preload_plugins": [{"identifier": "ghost", "type": "general", "screen_id": "nowhere"}, {"type": 3}]}},
         {"id": 17, "name": "Numbered"},
         {"id": "other-screen", "home": true},
         {"id": "other-screen"},
         {"id": "a", "hooks": {"preload_plugins": [{"identifier": "gate", "type": "general", "screen_id": "b"}]}},
         {"id": "b", "hooks": {"preload_plugins": [{"identifier": "gate", "type": "general", "screen_id": "a"}]}}]
        """#
    static let flawedPlugins = #"""
        [{"plugin": {"identifier": "gate", "type": "general", "api": {"class_name": "Somebody.Else"}}},
         {"plugin": {"identifier": "gate", "type": "general", "api": {"class_name": "Somebody.Else"}}},
         {"plugin": {"identifier": "menu", "type": "general", "api": {}}}]
        """#

    static func bothWays(river: Data, plugins: Data?) -> (eager: AppLoadResult, deferred: AppLoadResult) {
        (
            AppLoader.load(river: river, plugins: plugins),
            AppLoader.load(
                river: river, plugins: plugins.map(AppLoader.PluginsSource.data) ?? .absent, name: "app", folder: nil,
                riverFile: AppLoader.riverFileName, pluginsFile: AppLoader.pluginsFileName, deferringChecks: true,
                lazyMinimumSize: 0)
        )
    }

    @Test(arguments: [
        (flawedRiver, Optional(flawedPlugins)), (flawedRiver, nil), (flawedRiver, "[{]"), (Fixtures.fullRiver, Fixtures.fullPlugins),
    ])
    func completedIsTheEagerResult(river: String, plugins: String?) throws {
        let (eager, deferred) = Self.bothWays(river: Fixtures.data(river), plugins: plugins.map(Fixtures.data))
        let completed = deferred.completingChecks()
        #expect(completed.diagnostics == eager.diagnostics)
        #expect(completed.runWarnings == eager.runWarnings)
        #expect(completed.deferredChecks == nil)
        #expect(deferred.app == eager.app)
        guard eager.app != nil else {
            // An app that is refused (here: plugin_configurations.json does not parse) is reported whole.
            #expect(deferred.deferredChecks == nil)
            #expect(deferred.diagnostics == eager.diagnostics)
            return
        }
        // The deferred load left out exactly the river's cross-reference checks.
        let checks = try #require(deferred.deferredChecks)
        #expect(deferred.diagnostics.count + checks.run().count == eager.diagnostics.count)
    }

    @Test func theFlawedRiverHasSomethingToDefer() throws {
        let (eager, deferred) = Self.bothWays(river: Fixtures.data(Self.flawedRiver), plugins: Fixtures.data(Self.flawedPlugins))
        let codes = Set(try #require(deferred.deferredChecks).run().map(\.code))
        // The river is decoded lazily: its decoding diagnostics are deferred with the checks.
        #expect(codes == [
            .type, .invalidValue, .ignoredEntry,
            .unknownTarget, .unknownHookPlugin, .unknownHookScreen, .homeScreen, .duplicateID, .menuPlugin, .navigationBarPlugin,
            .hookCycle,
        ])
        #expect(eager.diagnostics.count > deferred.diagnostics.count)
    }

    /// A large river is decoded and checked on several threads; completed, it still matches.
    @Test func aLargeRiverCompletesToTheEagerResult() throws {
        var text = String(decoding: RiverGenerator.river(screens: 2_500), as: UTF8.self)
        text = text.replacingOccurrences(of: #""target": "screen-7""#, with: #""target": "Screen_7x""#)
        let (eager, deferred) = Self.bothWays(river: Fixtures.data(text), plugins: RiverGenerator.plugins)
        #expect(eager.diagnostics.count > 3)
        #expect(deferred.completingChecks().diagnostics == eager.diagnostics)
    }

    /// What stops an app is never deferred: a river with no screens is refused at once.
    @Test func noScreensIsCheckedAtOnce() {
        let (eager, deferred) = Self.bothWays(river: Fixtures.data("[]"), plugins: Fixtures.data("[]"))
        #expect(deferred.app == nil)
        #expect(deferred.deferredChecks == nil)
        #expect(deferred.diagnostics == eager.diagnostics)
        #expect(deferred.diagnostics.contains { $0.code == .noScreens })
    }

    /// Folders: content_types.json's diagnostics come after the deferred ones, as when eager.
    @Test func aFolderWithContentTypes() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Fixtures.data(Self.flawedRiver).write(to: folder.appendingPathComponent("river.json"))
        try Fixtures.data(Self.flawedPlugins).write(to: folder.appendingPathComponent("plugin_configurations.json"))
        try Fixtures.data(#"{"video": {"screen_id": "nope"}}"#).write(to: folder.appendingPathComponent("content_types.json"))
        let eager = AppLoader.load(path: folder.path)
        let deferred = AppLoader.load(path: folder.path, deferringChecks: true)
        #expect(deferred.deferredChecks != nil)
        #expect(deferred.completingChecks().diagnostics == eager.diagnostics)
        #expect(eager.diagnostics.last?.file.hasSuffix("content_types.json") == true)
    }
}
