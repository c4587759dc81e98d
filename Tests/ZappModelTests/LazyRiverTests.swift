import Foundation
import Testing
@testable import ZappModel
import ModelTestFixtures

/// `run` loads a river lazily (`AppLoader`'s `deferringChecks`: scanned before the first frame,
/// home decoded, the screens the update asks for when it asks, the rest with the deferred checks). Completed, a lazy load must be
/// the eager load: the same app and the same diagnostics in the same order.
@Suite("Lazy river loading")
struct LazyRiverTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let demoFolder = packageRoot.appendingPathComponent("Sources/zapp-shell/DemoApp")

    /// Loads both ways and checks what a lazy load knows before decoding, then its completion.
    static func expectLazyIsEager(
        river: Data, plugins: AppLoader.PluginsSource, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let eager = AppLoader.load(
            river: river, plugins: plugins, name: "app", folder: nil, riverFile: "river.json",
            pluginsFile: "plugin_configurations.json")
        let lazy = AppLoader.load(
            river: river, plugins: plugins, name: "app", folder: nil, riverFile: "river.json",
            pluginsFile: "plugin_configurations.json", deferringChecks: true, lazyMinimumSize: 0)
        if let app = lazy.app, let eagerApp = eager.app {
            // Before anything is decoded: the ids, the home screen, every lookup by id.
            #expect(app.screens.count == eagerApp.screens.count, sourceLocation: sourceLocation)
            #expect(app.homeScreen == eagerApp.homeScreen, sourceLocation: sourceLocation)
            for screen in Array(eagerApp.screens).prefix(200) {
                #expect(app.screen(id: screen.id) == eagerApp.screen(id: screen.id), sourceLocation: sourceLocation)
            }
        }
        #expect((lazy.app == nil) == (eager.app == nil), sourceLocation: sourceLocation)
        let completed = lazy.completingChecks()
        #expect(completed.diagnostics == eager.diagnostics, sourceLocation: sourceLocation)
        #expect(completed.runWarnings == eager.runWarnings, sourceLocation: sourceLocation)
        #expect(completed.app == eager.app, sourceLocation: sourceLocation)
        #expect(completed.app.map { Array($0.screens) } == eager.app.map { Array($0.screens) }, sourceLocation: sourceLocation)
    }

    @Test func theDemoApp() throws {
        let river = try Data(contentsOf: Self.demoFolder.appendingPathComponent("river.json"))
        let plugins = try Data(contentsOf: Self.demoFolder.appendingPathComponent("plugin_configurations.json"))
        try Self.expectLazyIsEager(river: river, plugins: .data(plugins))
        let eager = AppLoader.load(path: Self.demoFolder.path)
        let lazy = AppLoader.load(path: Self.demoFolder.path, deferringChecks: true)
        #expect(lazy.deferredChecks != nil)
        #expect(lazy.completingChecks().diagnostics == eager.diagnostics)
        #expect(lazy.app?.contentTypes == eager.app?.contentTypes)
    }

    @Test func theExampleAndTheFixtures() throws {
        let example = Self.packageRoot.appendingPathComponent("examples/tabbar")
        try Self.expectLazyIsEager(
            river: try Data(contentsOf: example.appendingPathComponent("river.json")),
            plugins: .data(try Data(contentsOf: example.appendingPathComponent("plugin_configurations.json"))))
        try Self.expectLazyIsEager(river: Fixtures.data(Fixtures.fullRiver), plugins: .data(Fixtures.data(Fixtures.fullPlugins)))
        try Self.expectLazyIsEager(river: Fixtures.data(DeferredChecksTests.flawedRiver), plugins: .absent)
    }

    /// The real plugin configurations (one has a trailing comma: that app is refused, and
    /// reported whole), each beside the demo river.
    @Test(.enabled(if: Corpus.isAvailable, "../shared/corpus is absent"))
    func theCorpusPluginFiles() throws {
        let river = try Data(contentsOf: Self.demoFolder.appendingPathComponent("river.json"))
        let names = Corpus.files(matching: ".plugin_configurations.json")
        #expect(names.count >= 5)
        for name in names {
            let plugins = try Data(contentsOf: Corpus.folder.appendingPathComponent(name))
            try Self.expectLazyIsEager(river: river, plugins: .data(plugins))
        }
    }

    /// A generated large app with flaws of every kind of decoding: duplicate keys (located in
    /// the whole file), type errors, dropped hook entries (source map), escapes in ids.
    @Test func aGeneratedLargeAppWithFlaws() throws {
        var text = String(decoding: RiverGenerator.river(screens: 3_000), as: UTF8.self)
        text = text.replacingOccurrences(of: #""id": "screen-17""#, with: #""id": "screen-17", "id": "screen\u002D17""#)
        text = text.replacingOccurrences(
            of: #""id": "screen-2900", "name": "Screen number 2900", "type": "general_content", "home": false"#,
            with: #""id": 2900, "name": "Screen number 2900", "type": "general_content", "home": "yes""#)
        text = text.replacingOccurrences(of: #""target": "screen-7""#, with: #""target": "Screen_7x""#)
        text = text.replacingOccurrences(of: #""name": "Screen number 1234""#, with: #""name": 5"#)
        text = text.replacingOccurrences(
            of: #""preload_plugins": [{"identifier": "analytics""#, with: #""preload_plugins": [{"type": 1}, {"identifier": "analytics""#)
        let river = Data(text.utf8)
        try Self.expectLazyIsEager(river: river, plugins: .data(RiverGenerator.plugins))
        let eager = AppLoader.load(river: river, plugins: RiverGenerator.plugins)
        let codes = Set(eager.diagnostics.map(\.code))
        #expect(codes.isSuperset(of: [.duplicateKey, .type, .ignoredEntry, .unknownTarget, .homeScreen]))
    }

    /// Read from a file, the river's bytes are its own: decoding them all gives their memory back
    /// as it goes (every 512 screens), and the result is still the eager one.
    @Test func aLargeAppFolderCompletesToTheEagerLoad() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var text = String(decoding: RiverGenerator.river(screens: 2_000), as: UTF8.self)
        text = text.replacingOccurrences(of: #""name": "Screen number 1999""#, with: #""name": 1999, "name": "x""#)
        try Data(text.utf8).write(to: folder.appendingPathComponent("river.json"))
        try RiverGenerator.plugins.write(to: folder.appendingPathComponent("plugin_configurations.json"))
        let eager = AppLoader.load(path: folder.path)
        let lazy = AppLoader.load(path: folder.path, deferringChecks: true)
        let app = try #require(lazy.app)
        #expect(app.screen(id: "screen-1999")?.name == "x")
        let completed = lazy.completingChecks()
        #expect(completed.diagnostics == eager.diagnostics)
        #expect(completed.diagnostics.contains { $0.code == .duplicateKey && $0.description.contains("river.json:") })
        #expect(Array(app.screens) == eager.app.map { Array($0.screens) })
        #expect(app.screens.first(holding: "hero-1500") { $0.uiComponents.first { $0.id == "hero-1500" }?.id } == "hero-1500")
        // Completed, no screen is kept decoded but home (issue 34); an eager load of this large
        // river keeps it scanned too.
        #expect(completed.app?.screens.decoded.map(\.id) == ["screen-0"])
        #expect(eager.app?.screens.hasUndecoded == true)
    }

    /// A syntax error refuses the app at once, with the eager load's line:column message.
    @Test func aSyntaxErrorIsReportedAsWhenEager() {
        let text = "[\n {\"id\": \"home\", \"home\": true},\n {\"id\": \"b\" \"name\": \"x\"}\n]"
        let lazy = AppLoader.load(
            river: Fixtures.data(text), plugins: .absent, name: "app", folder: nil, riverFile: "river.json",
            pluginsFile: "plugin_configurations.json", deferringChecks: true, lazyMinimumSize: 0)
        let eager = AppLoader.load(river: Fixtures.data(text), plugins: nil)
        #expect(lazy.app == nil)
        #expect(lazy.deferredChecks == nil)
        #expect(lazy.diagnostics == eager.diagnostics)
        #expect(lazy.diagnostics.first?.description.contains("river.json:3:13") == true)
    }

    /// Only home is decoded at load: ids, names and the home screen come from the scan; a read of
    /// another screen decodes it for that read only; a search says which screens it would read.
    @Test func onlyHomeIsDecodedAtLoad() throws {
        let river = RiverGenerator.river(screens: 500)
        var app = try #require(
            AppLoader.load(
                river: river, plugins: .data(RiverGenerator.plugins), name: "app", folder: nil, riverFile: "river.json",
                pluginsFile: "plugin_configurations.json", deferringChecks: true, lazyMinimumSize: 0
            ).app)
        let home = try #require(app.homeScreen)
        #expect(app.screens.decoded == [home])
        #expect(app.screens.name(at: 450) == "Screen number 450")
        #expect(app.position(idOrName: "screen number 450") == 450)
        #expect(app.screen(id: "screen-450")?.id == "screen-450")
        #expect(app.decodedScreen(id: "screen-450") == nil)
        #expect(app.screens.decoded.count == 1)
        guard case .undecoded(let positions) = app.screens.search(holding: "screen-300", where: { $0.id == "screen-300" ? $0.id : nil })
        else { return #expect(Bool(false), "the search reads no screen not decoded") }
        #expect(positions.contains(300) && positions.count < 10)
        app.store(app.screens.decoding(positions))
        guard case .found(let id) = app.screens.search(holding: "screen-300", where: { $0.id == "screen-300" ? $0.id : nil })
        else { return #expect(Bool(false), "found once decoded") }
        #expect(id == "screen-300")
        #expect(app.decodedScreen(id: "screen-300") == app.screen(id: "screen-300"))
    }
}
