import Foundation
import Testing
import ZappModel

@testable import zapp_shell

/// `zapp-shell validate`: apps, single files recognised by content, exit codes.
@Suite("validate")
struct ValidateCommandTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A temporary folder holding the given files.
    static func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-validate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
        return url
    }

    static let river = #"[{"id": "home", "home": true, "navigations": [{"category": "menu", "navigation_type": "menu"}]}]"#
    static let plugins = #"[{"plugin": {"identifier": "menu", "type": "menu", "api": {"class_name": "ZappShell.SideMenu"}}}]"#

    @Test func theDemoAppInTheSourceTreeValidatesClean() {
        let result = AppLoader.load(folder: Self.packageRoot.appendingPathComponent("Sources/zapp-shell/DemoApp"))
        #expect(result.diagnostics.map(\.description) == [])
        #expect((result.app?.screens.count ?? 0) >= 10)
    }

    @Test func noArgumentValidatesTheBundledDemo() async {
        let report = await ValidateCommand.report(for: [])
        #expect(report.text == "demo/river.json: ok\ndemo/plugin_configurations.json: ok\ndemo/content_types.json: ok\n0 errors, 0 warnings in 3 files")
        #expect(report.exitCode == 0)
    }

    @Test func validAppFolderAndRiverPath() async throws {
        let folder = try Self.folder(["river.json": Self.river, "plugin_configurations.json": Self.plugins])
        defer { try? FileManager.default.removeItem(at: folder) }
        let byFolder = await ValidateCommand.report(for: [folder.path])
        #expect(byFolder.exitCode == 0)
        #expect(byFolder.summary == "0 errors, 0 warnings in 2 files")
        let byRiver = await ValidateCommand.report(for: [folder.path + "/river.json"])
        #expect(byRiver.text == "\(folder.path)/river.json: ok\n\(folder.path)/plugin_configurations.json: ok\n0 errors, 0 warnings in 2 files")
    }

    @Test("a river with no home key opens with its first screen, as run opens it: a warning, exit 0; all home false: exit 1")
    func homeAsRunPicksIt() async throws {
        let unkeyed = try Self.folder(["river.json": #"[{"id": "only", "name": "Only"}]"#, "plugin_configurations.json": Self.plugins])
        let allFalse = try Self.folder(["river.json": #"[{"id": "a", "home": false}, {"id": "b", "home": false}]"#, "plugin_configurations.json": Self.plugins])
        defer { for folder in [unkeyed, allFalse] { try? FileManager.default.removeItem(at: folder) } }
        let warned = await ValidateCommand.report(for: [unkeyed.path])
        #expect(warned.exitCode == 0)
        #expect(warned.text.contains(#"warning: no screen has a "home" key: the first screen, "only", opens as home"#))
        let opened = try await AppLocation.loadOrExit(unkeyed.path)
        #expect(opened.app.homeScreen?.id == "only")
        let refused = await ValidateCommand.report(for: [allFalse.path])
        #expect(refused.exitCode == 1)
        #expect(refused.text.contains("error: no home screen"))
    }

    @Test func errorsExitWithOne() async throws {
        let folder = try Self.folder([
            "river.json": "[\n  {\"id\": \"home\", \"home\": true},\n]", "plugin_configurations.json": Self.plugins,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = await ValidateCommand.report(for: [folder.path])
        #expect(report.text == """
            \(folder.path)/river.json:2:31: error: trailing comma before ']' (hint: remove the comma after the last element)
            \(folder.path)/plugin_configurations.json: ok
            1 error, 0 warnings in 2 files
            """)
        #expect(report.exitCode == 1)
    }

    @Test func aPublishedLayoutWithPluginsElsewhere() async throws {
        let layout = try Self.folder(["rivers.json": Self.river])
        let elsewhere = try Self.folder(["list.json": Self.plugins])
        defer {
            try? FileManager.default.removeItem(at: layout)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        let plugins = elsewhere.appendingPathComponent("list.json").path
        for input in [layout.path, layout.path + "/rivers.json"] {
            let report = await ValidateCommand.report(for: [input], plugins: plugins)
            #expect(report.text.contains("\(layout.path)/rivers.json: ok"))
            #expect(report.text.contains("\(plugins): ok"))
            #expect(report.exitCode == 0)
        }
        let withoutPlugins = await ValidateCommand.report(for: [layout.path])
        #expect(withoutPlugins.exitCode == 1)
    }

    @Test func unreadableExitsWithTwo() async throws {
        let empty = try Self.folder([:])
        defer { try? FileManager.default.removeItem(at: empty) }
        let noRiver = await ValidateCommand.report(for: [empty.path])
        #expect(noRiver.text.hasPrefix("\(empty.path): error: folder has no river.json"))
        #expect(noRiver.exitCode == 2)
        let missing = await ValidateCommand.report(for: [empty.path + "/missing.json"])
        #expect(missing.text.hasPrefix("\(empty.path)/missing.json: error: no such file"))
        #expect(missing.exitCode == 2)
    }

    @Test func singleFilesByContent() async throws {
        let folder = try Self.folder([
            "screens.json": Self.river,
            "plugins.json": Self.plugins,
            "manifest.json": #"{"identifier": "x", "type": "login", "api": {"class_name": "SomeSDK.Login"}}"#,
            "other.json": #"{"hello": 1}"#,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        let report = await ValidateCommand.report(for: [path("screens.json"), path("plugins.json"), path("manifest.json"), path("other.json")])
        #expect(report.files.map(\.file) == [path("screens.json"), path("plugins.json"), path("manifest.json"), path("other.json")])
        #expect(report.files.map(\.kind) == [.river, .pluginConfigurations, .manifest, nil])
        #expect(report.diagnostics.map(\.description) == [
            "\(path("manifest.json")): $.api.class_name: warning: plugin \"x\": class \"SomeSDK.Login\" is not a ZappShell plugin; ZappShell.LocalLogin serves it",
            "\(path("other.json")): error: is not a river, a plugin configurations file, a plugin manifest or content types (hint: a river is an array of screens ({\"id\", \"navigations\", ...}); plugin configurations an array of {\"plugin\", \"configuration_json\"}; a manifest an object with \"identifier\" and \"type\"; content types an object of {\"screen_id\"} by entry type)",
        ])
        #expect(report.exitCode == 1)
    }

    @Test("content_types.json alone is checked on its own; beside a river given too, once, with the app")
    func contentTypesAloneOrWithTheirRiver() async throws {
        let folder = try Self.folder([
            "river.json": Self.river, "plugin_configurations.json": Self.plugins,
            "content_types.json": #"{"video": {"screen_id": 5}}"#,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let types = folder.appendingPathComponent("content_types.json").path
        let alone = await ValidateCommand.report(for: [types])
        #expect(alone.files.map(\.kind) == [.contentTypes])
        #expect(alone.diagnostics.map(\.description) == ["\(types): $.video.screen_id: error: expected a screen id, got a number"])
        #expect(alone.exitCode == 1)
        let both = await ValidateCommand.report(for: [folder.appendingPathComponent("river.json").path, types])
        #expect(both.diagnostics.filter { $0.file == types }.count == 1)
    }

    @Test func aRiverAloneIsCheckedAgainstThePluginsBesideIt() async throws {
        let folder = try Self.folder(["river.json": Self.river])
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = await ValidateCommand.report(for: [folder.path + "/river.json"])
        #expect(report.diagnostics.map(\.code) == [.menuPlugin, .missingPluginConfigurations])
        #expect(report.exitCode == 1)
    }

    @Test func hostileFilesGiveMessagesNotCrashes() async throws {
        let folder = try Self.folder([
            "empty.json": "",
            "deep.json": String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([0x89, 0x50, 0x4E, 0x47, 0xFF, 0x00, 0x01]).write(to: folder.appendingPathComponent("binary.json"))
        let report = await ValidateCommand.report(for: ["empty.json", "deep.json", "binary.json"].map { folder.appendingPathComponent($0).path })
        #expect(report.diagnostics.map(\.message) == [
            "the file is empty", "nesting is deeper than 512 levels", "invalid UTF-8 byte 0x89",
        ])
        #expect(report.exitCode == 1)
    }

    @Test func appLocationArguments() {
        #expect(AppLocation(argument: nil) == .demo)
        #expect(AppLocation(argument: "apps/tv") == .path("apps/tv"))
        #expect(AppLocation(argument: "file:///srv/app") == .path("/srv/app"))
        #expect(AppLocation(argument: "https://example.com/app/") == URL(string: "https://example.com/app/").map(AppLocation.remote))
    }
}
