import Foundation
import Testing
import ZappModel
import ModelTestFixtures

@Suite("App loading")
struct AppLoaderTests {
    @Test func loadsAFolder() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Fixtures.data(Fixtures.fullRiver).write(to: folder.appendingPathComponent("river.json"))
        try Fixtures.data(Fixtures.fullPlugins).write(to: folder.appendingPathComponent("plugin_configurations.json"))
        let result = AppLoader.load(folder: folder, displayName: "app")
        #expect(result.files == ["app/river.json", "app/plugin_configurations.json"])
        let app = try #require(result.app)
        #expect(app.folder?.standardizedFileURL.path == folder.standardizedFileURL.path)
        #expect(app.name == folder.lastPathComponent)
        #expect(app.screens.count == 3)
        #expect(result.warnings.count == 1)

        let byRiverPath = AppLoader.load(riverFile: folder.appendingPathComponent("river.json"), displayName: "app/river.json")
        #expect(byRiverPath.app?.plugins.count == 4)
        #expect(byRiverPath.files == ["app/river.json", "app/plugin_configurations.json"])
    }

    @Test("a folder's files given as bytes are used as they are, not read from the folder, and named as the folder's")
    func givenFilesAreNotRead() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Fixtures.data("[{\"id\": \"disk\", \"name\": \"Disk\", \"home\": true}]").write(to: folder.appendingPathComponent("river.json"))
        try Fixtures.data("not JSON").write(to: folder.appendingPathComponent("content_types.json"))
        let given = [
            "river.json": Fixtures.data(Fixtures.fullRiver),
            "plugin_configurations.json": Fixtures.data(Fixtures.fullPlugins),
            "content_types.json": Fixtures.data("{}"),
        ]
        let result = AppLoader.load(folder: folder, displayName: "app", given: given)
        let app = try #require(result.app)
        #expect(app.screens.count == 3)
        #expect(app.plugins.count == 4)
        #expect(result.files == ["app/river.json", "app/plugin_configurations.json", "app/content_types.json"])
        #expect(app.folder?.standardizedFileURL.path == folder.standardizedFileURL.path)

        // Without them the folder's own files are read: its river, no plugin list, its unparsable types.
        let fromDisk = AppLoader.load(folder: folder, displayName: "app")
        #expect(fromDisk.app == nil)
        #expect(fromDisk.diagnostics.contains { $0.description.hasPrefix("app/content_types.json") })
    }

    @Test func pathsAsTyped() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Fixtures.data("[{\"id\": \"a\", \"home\": true,}]").write(to: folder.appendingPathComponent("river.json"))
        let result = AppLoader.load(path: folder.path + "/")
        #expect(lines(result).first == "\(folder.path)/river.json:1:26: error: trailing comma before '}' (hint: remove the comma after the last member)")
        #expect(result.app == nil)
        #expect(!result.isUnreadable)
    }

    @Test func missingPluginConfigurationsIsAWarning() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Fixtures.data(#"[{"id": "a", "home": true}]"#).write(to: folder.appendingPathComponent("river.json"))
        let result = AppLoader.load(path: folder.path + "/river.json")
        #expect(lines(result) == [
            "\(folder.path)/plugin_configurations.json: warning: not found; the app has no plugins (hint: an app folder holds river.json and plugin_configurations.json)"
        ])
        #expect(result.app?.plugins.isEmpty == true)
    }

    @Test func unreadableInputs() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = AppLoader.load(path: folder.path + "/nope")
        #expect(lines(missing) == ["\(folder.path)/nope: error: no such file or folder (hint: pass an app folder holding river.json, or a river.json file)"])
        #expect(missing.isUnreadable)
        let empty = AppLoader.load(folder: folder, displayName: "empty")
        #expect(lines(empty) == ["empty: error: folder has no river.json (nor rivers.json) (hint: an app folder holds river.json and plugin_configurations.json)"])
        #expect(empty.isUnreadable)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("river.json"), withIntermediateDirectories: true)
        let riverIsAFolder = AppLoader.load(riverFile: folder.appendingPathComponent("river.json"), displayName: "x/river.json")
        #expect(lines(riverIsAFolder) == ["x/river.json: error: is a folder, not a file"])
        #expect(riverIsAFolder.diagnostics.first?.code == .unreadable)
    }

    /// A file over the limit is refused by its size, before a byte is read (the file is sparse:
    /// it takes no disk space), with a message naming the file and the limit; the river of the
    /// 50,000-screen benchmark app (171.6 MB) is below it.
    @Test func oversizedFileIsRefusedNamingTheLimit() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let river = folder.appendingPathComponent("river.json")
        #expect(FileManager.default.createFile(atPath: river.path, contents: Data("[]".utf8)))
        let handle = try FileHandle(forWritingTo: river)
        try handle.truncate(atOffset: UInt64(ConfigurationFileReader.maximumSize) + 1024 * 1024)
        try handle.close()
        let result = AppLoader.load(folder: folder, displayName: "big")
        #expect(lines(result) == [
            "big/river.json: error: is too large (177 MB; the limit is 176 MB) (hint: a river of 50,000 screens is about 160 MB; check that this is the file you meant)"
        ])
        #expect(result.isUnreadable)
        #expect(ConfigurationFileReader.maximumSize >= 171_597_651)
    }

    @Test(.enabled(if: getuid() != 0, "running as root, which can read a file without read permission"))
    func unreadablePermissions() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let river = folder.appendingPathComponent("river.json")
        try Fixtures.data("[]").write(to: river)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: river.path)
        let result = AppLoader.load(riverFile: river, displayName: "river.json")
        #expect(lines(result) == ["river.json: error: permission denied (hint: check the file's permissions)"])
    }

    @Test func inMemoryApps() {
        let result = AppLoader.load(
            river: Fixtures.data(Fixtures.fullRiver), plugins: Fixtures.data(Fixtures.fullPlugins), name: "demo",
            riverFile: "demo/river.json", pluginsFile: "demo/plugin_configurations.json")
        #expect(result.app?.name == "demo")
        #expect(result.app?.folder == nil)
        #expect(result.diagnostics.map(\.file) == ["demo/plugin_configurations.json"])
    }

    @Test func brokenPluginsSkipChecksThatNeedThem() {
        let result = AppLoader.load(
            river: Fixtures.data(#"[{"id": "a", "home": true, "hooks": {"preload_plugins": [{"identifier": "x", "type": "general"}]}}]"#),
            plugins: Fixtures.data("[{]"))
        #expect(lines(result) == [
            "plugin_configurations.json:1:3: error: expected a key in double quotes, found ']'"
        ])
    }

    @Test func duplicateKeysAreWarnings() {
        let result = AppLoader.load(river: Fixtures.data("[{\"id\": \"a\", \"home\": true, \"id\": \"b\"}]"), plugins: Fixtures.data("[]"))
        #expect(lines(result) == [#"river.json:1:28: warning: duplicate key "id"; the later value is used (hint: remove one of the two)"#])
        #expect(result.app?.screens.first?.id == "b")
    }

    @Test func fiveThousandScreenRiver() throws {
        let river = RiverGenerator.river(screens: 5_000)
        #expect(river.count > 2_000_000)
        let result = AppLoader.load(river: river, plugins: RiverGenerator.plugins)
        #expect(lines(result).isEmpty)
        #expect(result.app?.screens.count == 5_000)
    }
}

@Suite("Single files recognised by content")
struct FileRecognitionTests {
    @Test func recognisesKinds() throws {
        #expect(ConfigurationFileKind.recognize(try JSONParser.parse(Fixtures.fullRiver), fileName: "a.json") == .river)
        #expect(ConfigurationFileKind.recognize(try JSONParser.parse(Fixtures.fullPlugins), fileName: "river.json") == .pluginConfigurations)
        #expect(ConfigurationFileKind.recognize(try JSONParser.parse(#"{"identifier": "x", "api": {}}"#), fileName: "a.json") == .manifest)
        #expect(ConfigurationFileKind.recognize(try JSONParser.parse("[]"), fileName: "dir/my_plugin_configurations.json") == .pluginConfigurations)
        #expect(ConfigurationFileKind.recognize(try JSONParser.parse("{}"), fileName: "river.json") == .river)
        #expect(ConfigurationFileKind.recognize(try JSONParser.parse(#"[{"a": 1}]"#), fileName: "data.json") == nil)
    }

    /// A river file over `lazyRiverMinimumSize` is scanned and checked screen by screen, never
    /// parsed whole (which would stop at `JSONParser.valueLimit`), with the checks a small one gets.
    @Test func aLargeRiverFileIsScanned() throws {
        var text = String(decoding: RiverGenerator.river(screens: 2_000), as: UTF8.self)
        text = text.replacingOccurrences(of: #""target": "screen-1500""#, with: #""target": "screen-gone""#)
        let data = Data(text.utf8)
        #expect(data.count >= AppLoader.lazyRiverMinimumSize)
        let river = AppLoader.loadFile(data: data, file: "big.json")
        #expect(river.kind == .river)
        let unknown = river.diagnostics.filter { $0.code == .unknownTarget }
        #expect(!unknown.isEmpty && unknown.allSatisfy { $0.description.contains("screen-gone") })
        #expect(!river.diagnostics.contains { $0.code == .syntax })
    }

    @Test func loadsEachKind() {
        let river = AppLoader.loadFile(data: Fixtures.data(#"[{"id": "a", "home": true, "hooks": {"preload_plugins": [{"identifier": "x", "type": "general"}]}}]"#), file: "r.json")
        #expect(river.kind == .river)
        #expect(river.diagnostics.isEmpty)
        let plugins = AppLoader.loadFile(data: Fixtures.data(Fixtures.fullPlugins), file: "p.json")
        #expect(plugins.kind == .pluginConfigurations)
        #expect(plugins.plugins.count == 4)
        let manifest = AppLoader.loadFile(data: Fixtures.data(#"{"identifier": "x", "type": "menu", "api": {"class_name": "ZappShell.TabBar"}}"#), file: "m.json")
        #expect(manifest.kind == .manifest)
        #expect(manifest.manifest?.api.className == "ZappShell.TabBar")
        #expect(manifest.diagnostics.isEmpty)
    }

    @Test func unrecognisedFile() {
        let result = AppLoader.loadFile(data: Fixtures.data(#"{"hello": "world"}"#), file: "x.json")
        #expect(result.kind == nil)
        #expect(result.diagnostics.map(\.description) == [
            #"x.json: error: is not a river, a plugin configurations file, a plugin manifest or content types (hint: a river is an array of screens ({"id", "navigations", ...}); plugin configurations an array of {"plugin", "configuration_json"}; a manifest an object with "identifier" and "type"; content types an object of {"screen_id"} by entry type)"#
        ])
    }

    @Test("content types are recognised by content, or by name when the content says nothing, and checked alone")
    func contentTypesAlone() {
        let good = AppLoader.loadFile(data: Fixtures.data(#"{"$schema": "x", "video": {"screen_id": "player"}}"#), file: "types.json")
        #expect(good.kind == .contentTypes)
        #expect(good.diagnostics.isEmpty)
        let flawed = AppLoader.loadFile(data: Fixtures.data(#"{"video": {"screen_id": 5}, "show": []}"#), file: "content_types.json")
        #expect(flawed.kind == .contentTypes)
        #expect(flawed.diagnostics.map(\.description) == [
            #"content_types.json: $.video.screen_id: error: expected a screen id, got a number"#,
            #"content_types.json: $.show: error: expected an object, got an array"#,
        ])
        #expect(AppLoader.loadFile(data: Fixtures.data("{}"), file: "app/content-types.json").kind == .contentTypes)
        #expect(AppLoader.loadFile(data: Fixtures.data("{}"), file: "app/other.json").kind == nil)
    }
}
