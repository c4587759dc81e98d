import Foundation
import Testing
import ZappModel

@testable import zapp_shell

/// `zapp-shell init`: the bundled demo app is found and written out faithfully, and existing
/// files are never overwritten by accident.
@Suite("init writes the demo app")
struct InitCommandTests {
    /// A fresh folder under the temporary directory, removed by the caller.
    private static func makeScratchFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("zapp-shell-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static func mode(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func bundledDemoAppIsFound() throws {
        let folder = try BundledDemoApp.folder()
        #expect(BundledDemoApp.isDemoApp(folder))
        let files = try DemoAppWriter(source: folder).relativeFilePaths()
        #expect(files.contains("river.json"))
        #expect(files.contains("plugin_configurations.json"))
        #expect(files.contains("assets/logo.txt"))
        #expect(files.contains("hooks/age-check.sh"))
    }

    @Test("the demo parsed from the binary is the demo read from its folder: the same app, files and diagnostics")
    func demoFromTheBinaryIsTheDemoOnDisk() throws {
        let loaded = try BundledDemoApp.load(pluginsFile: nil, pluginsDisplayName: nil, deferringChecks: true)
        let folder = try BundledDemoApp.folder()
        let fromDisk = AppLoader.load(folder: folder, displayName: "demo", deferringChecks: true)
        let fromBinary = AppLoader.load(
            folder: folder, displayName: "demo", deferringChecks: true, given: BundledDemoApp.configurationFiles)
        #expect(BundledDemoApp.configurationFiles.keys.sorted() == ["content_types.json", "plugin_configurations.json", "river.json"])
        for result in [loaded, fromBinary] {
            let app = try #require(result.app)
            #expect(app == fromDisk.app)
            #expect(result.files == fromDisk.files)
            #expect(result.diagnostics.map(\.description) == fromDisk.diagnostics.map(\.description))
            #expect(result.completingChecks().diagnostics.map(\.description) == fromDisk.completingChecks().diagnostics.map(\.description))
        }
    }

    @Test func demoLogoFitsANavigationBar() throws {
        let logo = try String(
            contentsOf: BundledDemoApp.folder().appendingPathComponent("assets/logo.txt"), encoding: .utf8)
        let rows = logo.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect((1...3).contains(rows.count))
        #expect(rows.allSatisfy { $0.count <= 30 })
    }

    @Test func writesEveryFileWithItsLayoutAndExecBits() throws {
        let scratch = try Self.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let source = try BundledDemoApp.folder()
        let destination = scratch.appendingPathComponent("new/nested/app")

        let written = try DemoAppWriter(source: source).write(to: destination, force: false)

        #expect(written == (try DemoAppWriter(source: source).relativeFilePaths()))
        for path in written {
            let copy = try Data(contentsOf: destination.appendingPathComponent(path))
            let original = try Data(contentsOf: source.appendingPathComponent(path))
            #expect(copy == original, "\(path) differs from the bundled file")
        }
        let hook = destination.appendingPathComponent("hooks/age-check.sh")
        #expect(try Self.mode(hook) == 0o755)
        #expect(FileManager.default.isExecutableFile(atPath: hook.path))
        #expect(try Self.mode(destination.appendingPathComponent("river.json")) == 0o644)
    }

    @Test func writtenAppLoadsWithNoErrorsAndNoWarnings() throws {
        let scratch = try Self.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try DemoAppWriter(source: BundledDemoApp.folder()).write(to: scratch, force: false)

        let result = AppLoader.load(folder: scratch)

        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let app = try #require(result.app)
        #expect(app.screens.count >= 10)
        #expect(app.homeScreen?.id == "home")
    }

    @Test func tabBarExampleLoadsWithNoErrorsAndNoWarnings() throws {
        let example = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/tabbar")
        let result = AppLoader.load(folder: example)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.app?.plugin(identifier: "tabbar_tabs")?.manifest.api.className == "ZappShell.TabBar")
    }

    @Test func refusesToOverwriteWithoutForceAndWritesNothing() throws {
        let scratch = try Self.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let mine = Data("my own river\n".utf8)
        try mine.write(to: scratch.appendingPathComponent("river.json"))
        let writer = DemoAppWriter(source: try BundledDemoApp.folder())

        #expect(throws: DemoAppWriterError.existingFiles(destination: scratch.path, paths: ["river.json"])) {
            try writer.write(to: scratch, force: false)
        }
        #expect(try Data(contentsOf: scratch.appendingPathComponent("river.json")) == mine)
        #expect(!FileManager.default.fileExists(atPath: scratch.appendingPathComponent("plugin_configurations.json").path))
        #expect(!FileManager.default.fileExists(atPath: scratch.appendingPathComponent("assets").path))
    }

    @Test func refusalMessageNamesTheFilesAndTheWayOut() {
        let error = DemoAppWriterError.existingFiles(destination: "my-app", paths: ["river.json", "assets/logo.txt"])
        #expect(error.description == "my-app already has 2 files that the demo app would overwrite: "
            + "river.json, assets/logo.txt; choose an empty folder or pass --force to overwrite them")
        let many = DemoAppWriterError.existingFiles(destination: "d", paths: (1...7).map { "f\($0)" })
        #expect(many.description.contains("7 files that the demo app would overwrite: f1, f2, f3, f4, f5 and 2 more;"))
    }

    @Test func forceOverwritesExistingFiles() throws {
        let scratch = try Self.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let source = try BundledDemoApp.folder()
        try Data("stale\n".utf8).write(to: scratch.appendingPathComponent("river.json"))

        try DemoAppWriter(source: source).write(to: scratch, force: true)

        #expect(try Data(contentsOf: scratch.appendingPathComponent("river.json"))
            == Data(contentsOf: source.appendingPathComponent("river.json")))
    }

    @Test func refusesADestinationThatIsAFile() throws {
        let scratch = try Self.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = scratch.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: file)

        #expect(throws: DemoAppWriterError.destinationIsNotAFolder(file.path)) {
            try DemoAppWriter(source: BundledDemoApp.folder()).write(to: file, force: true)
        }
    }

    @Test func refusesAFolderWhereTheAppHasAFile() throws {
        let scratch = try Self.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inTheWay = scratch.appendingPathComponent("river.json")
        try FileManager.default.createDirectory(at: inTheWay, withIntermediateDirectories: true)

        #expect(throws: DemoAppWriterError.folderInTheWay(inTheWay.path)) {
            try DemoAppWriter(source: BundledDemoApp.folder()).write(to: scratch, force: true)
        }
    }

    @Test func commandParsesAndWritesTheApp() throws {
        let scratch = try Self.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let destination = scratch.appendingPathComponent("zapptv")

        let command = try InitCommand.parse([destination.path])
        try command.run()

        #expect(BundledDemoApp.isDemoApp(destination))
        #expect(FileManager.default.isExecutableFile(atPath: destination.appendingPathComponent("hooks/age-check.sh").path))
        #expect(throws: DemoAppWriterError.self) { try InitCommand.parse([destination.path]).run() }
        #expect(throws: Never.self) { try InitCommand.parse([destination.path, "--force"]).run() }
    }

    @Test func summaryListsFilesAndQuotesTheFolder() {
        let summary = InitCommand.summary(directory: "my app", written: ["river.json"])
        #expect(summary.hasPrefix("Wrote the ZappTV demo app to my app (1 file):\n  river.json\n"))
        #expect(summary.contains("zapp-shell validate 'my app'"))
        #expect(summary.contains("zapp-shell run 'my app'"))
        #expect(InitCommand.shellQuoted("plain/path-1") == "plain/path-1")
        #expect(InitCommand.shellQuoted("it's") == "'it'\\''s'")
    }
}
