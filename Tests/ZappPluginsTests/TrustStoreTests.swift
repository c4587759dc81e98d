import Foundation
import Testing
import ZappCore
import ZappModel
@testable import ZappPlugins
import PluginTestSupport

/// What `zapp-shell trust` records and how the record is checked: the digest follows exactly the
/// commands and the files they name, the file is private, and a corrupt file trusts nothing.
@Suite("Trust store")
struct TrustStoreTests {
    /// An app folder with one script and a plugin list running `command`.
    private final class Folder {
        let bed: TestBed
        var folder: URL { bed.directory.appendingPathComponent("app") }

        init() throws {
            bed = try TestBed()
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("hooks"), withIntermediateDirectories: true)
            try write("hooks/check.sh", "#!/bin/sh\necho '{\"success\": true}'\n")
        }

        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }

        func app(_ commands: [String: [String]]) -> ZappApp {
            let plugins = commands.sorted { $0.key < $1.key }.map { identifier, command in
                PluginConfiguration(
                    manifest: PluginManifest(
                        identifier: identifier, name: identifier, type: "general", preload: true,
                        api: PluginAPI(className: BuiltInPluginClass.externalHook.rawValue)),
                    configuration: ["command": .array(command.map { .string($0) })])
            }
            return ZappApp(screens: [.plain], plugins: plugins, folder: folder, name: "app")
        }

        var store: TrustStore { TrustStore(stateDirectory: bed.stateDirectory) }
    }

    @Test("the commands list identifier, argv, the resolved program and the files they name inside the folder")
    func commandsAreListed() throws {
        let app = try Folder()
        let commands = AppCommands(app: app.app(["check": ["hooks/check.sh", "--strict"], "other": ["sh", "-c", "touch x"]]), path: "/bin:/usr/bin")
        let real = try #require(FileSystem.resolvedPath(app.folder.path))
        #expect(commands.commands.map(\.identifier) == ["check", "other"])
        #expect(commands.commands[0].argv == ["hooks/check.sh", "--strict"])
        #expect(commands.commands[0].program == real + "/hooks/check.sh")
        #expect(commands.commands[0].files.map(\.path) == ["hooks/check.sh"])
        #expect(commands.commands[0].files[0].digest == SHA256.hex(Array("#!/bin/sh\necho '{\"success\": true}'\n".utf8)))
        #expect(commands.commands[1].program.hasSuffix("/sh"))
        #expect(commands.commands[1].files.isEmpty, "a program outside the folder is named by its path only")
    }

    @Test("the digest changes when an argument, the program, a named script or the plugin changes")
    func digestFollowsTheCommands() throws {
        let app = try Folder()
        let base = AppCommands(app: app.app(["check": ["hooks/check.sh"]])).digest
        #expect(AppCommands(app: app.app(["check": ["hooks/check.sh"]])).digest == base, "the same commands, the same digest")
        #expect(AppCommands(app: app.app(["check": ["hooks/check.sh", "-v"]])).digest != base)
        #expect(AppCommands(app: app.app(["renamed": ["hooks/check.sh"]])).digest != base)
        #expect(AppCommands(app: app.app(["check": ["sh", "hooks/check.sh"]])).digest != base)
        try app.write("hooks/check.sh", "#!/bin/sh\ntouch /tmp/owned\n")
        #expect(AppCommands(app: app.app(["check": ["hooks/check.sh"]])).digest != base, "a changed script voids the trust")
        // Fields are length-prefixed: moving a character between two words is another digest.
        let split = AppCommands(app: app.app(["check": ["sh", "-c", "ab"]])).digest
        #expect(AppCommands(app: app.app(["check": ["sh", "-ca", "b"]])).digest != split)
    }

    @Test("trusted with its digest; changed, revoked and never trusted are not")
    func decide() throws {
        let app = try Folder()
        let commands = AppCommands(app: app.app(["check": ["hooks/check.sh"]]))
        #expect(app.store.decide(folder: app.folder, commands: commands, shownAs: "app") == .untrusted(app: "app", reason: .notTrusted))
        try app.store.trust(folder: app.folder, commands: commands)
        #expect(app.store.decide(folder: app.folder, commands: commands, shownAs: "app") == .trusted)
        try app.write("hooks/check.sh", "#!/bin/sh\nexit 1\n")
        let changed = AppCommands(app: app.app(["check": ["hooks/check.sh"]]))
        #expect(app.store.decide(folder: app.folder, commands: changed, shownAs: "app") == .untrusted(app: "app", reason: .changed))
        #expect(try app.store.revoke(folder: app.folder))
        #expect(app.store.decide(folder: app.folder, commands: commands, shownAs: "app") == .untrusted(app: "app", reason: .notTrusted))
        #expect(try !app.store.revoke(folder: app.folder), "a second revoke finds nothing")
        #expect(app.store.decide(folder: app.folder, commands: AppCommands(commands: []), shownAs: "app") == .trusted,
                "an app without commands has nothing to run")
    }

    @Test("the file is 0600 in a 0700 folder under a permissive umask, written whole, no temporary file left")
    func filePermissions() throws {
        let app = try Folder()
        let previous = umask(0)
        defer { umask(previous) }
        try app.store.trust(folder: app.folder, commands: AppCommands(app: app.app(["check": ["hooks/check.sh"]])))
        let file = try FileManager.default.attributesOfItem(atPath: app.store.fileURL.path)
        #expect((file[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: app.bed.stateDirectory.path)
        #expect((folder[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: app.bed.stateDirectory.path) == [TrustStore.fileName])
        #expect(try app.store.records().count == 1)
    }

    @Test("a corrupt trust file is reported and trusts nothing, even an app it seems to name", arguments: [
        "{\"trusted\": [", "[]", "{\"trusted\": [{\"path\": \"relative\", \"digest\": \"00\"}]}", "\u{0}\u{1}garbage",
        "{\"trusted\": [{\"path\": \"/x\", \"digest\": \"ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ\"}]}",
    ])
    func corruptFile(_ text: String) throws {
        let app = try Folder()
        let commands = AppCommands(app: app.app(["check": ["hooks/check.sh"]]))
        try FileManager.default.createDirectory(at: app.bed.stateDirectory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: app.store.fileURL)
        guard case .untrusted(_, .unreadableTrustFile(let message)) = app.store.decide(folder: app.folder, commands: commands, shownAs: "app") else {
            Issue.record("a corrupt file must be reported as such")
            return
        }
        #expect(message.contains(app.store.fileURL.path), "the message names the file: \(message)")
        #expect(throws: TrustStoreError.self) { try app.store.records() }
        // trust writes it again, with only the new record.
        try app.store.trust(folder: app.folder, commands: commands)
        #expect(app.store.decide(folder: app.folder, commands: commands, shownAs: "app") == .trusted)
    }

    @Test("a record's path and digest survive the file's text (quotes, newlines, non-ASCII)")
    func roundTrip() throws {
        let records = [TrustStore.Record(path: "/a \"b\"\n/ü", digest: String(repeating: "ab", count: 32), commandCount: 2)]
        #expect(try TrustStore.parse(Data(TrustStore.text(records).utf8), file: "f") == records)
    }

    @Test("the not-run line names the app and the command that trusts it; a remote app gets no such advice")
    func notRunLines() {
        #expect(CommandTrust.trusted.notRunLine == nil)
        #expect(CommandTrust.untrusted(app: "./app", reason: .notTrusted).notRunLine
            == "not run: ./app is not trusted (zapp-shell trust ./app)")
        #expect(CommandTrust.untrusted(app: "./app", reason: .changed).notRunLine
            == "not run: ./app changed since it was trusted (zapp-shell trust ./app)")
        let remote = CommandTrust.untrusted(app: "http://h/app/", reason: .remote).notRunLine ?? ""
        #expect(remote == "not run: http://h/app/ is an http(s) app; its commands never run")
    }
}
