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

        func contents() throws -> AppFolderContents {
            try AppFolderContents.read(folder: FileSystem.resolvedPath(folder.path) ?? folder.path)
        }

        func trust(_ app: ZappApp) throws {
            try store.trust(folder: folder, commands: AppCommands(app: app), contents: contents())
        }

        func decide(_ app: ZappApp) -> CommandTrust {
            store.decide(folder: folder, commands: AppCommands(app: app), shownAs: "app", copy: false)
        }
    }

    @Test("the commands list identifier, argv and the resolved program, inside the folder or the system's")
    func commandsAreListed() throws {
        let app = try Folder()
        let commands = AppCommands(app: app.app(["check": ["hooks/check.sh", "--strict"], "other": ["sh", "-c", "touch x"]]), path: "/bin:/usr/bin")
        let real = try #require(FileSystem.resolvedPath(app.folder.path))
        #expect(commands.commands.map(\.identifier) == ["check", "other"])
        #expect(commands.commands[0].argv == ["hooks/check.sh", "--strict"])
        #expect(commands.commands[0].program == real + "/hooks/check.sh")
        #expect(commands.commands[0].programInFolder == "hooks/check.sh")
        #expect(commands.commands[1].program.hasPrefix("/"))
        #expect(commands.commands[1].programInFolder == nil, "a program outside the folder is named by its real path")
        #expect(commands.description.contains("outside the app folder: its content is the system's"))
    }

    @Test("the digest changes when an argument, the program or the plugin changes")
    func digestFollowsTheCommands() throws {
        let app = try Folder()
        let contents = try app.contents()
        func digest(_ commands: [String: [String]]) -> String { AppCommands(app: app.app(commands)).digest(folder: contents) }
        let base = digest(["check": ["hooks/check.sh"]])
        #expect(digest(["check": ["hooks/check.sh"]]) == base, "the same commands, the same digest")
        #expect(digest(["check": ["hooks/check.sh", "-v"]]) != base)
        #expect(digest(["renamed": ["hooks/check.sh"]]) != base)
        #expect(digest(["check": ["sh", "hooks/check.sh"]]) != base)
        // Fields are length-prefixed: moving a character between two words is another digest.
        #expect(digest(["check": ["sh", "-ca", "b"]]) != digest(["check": ["sh", "-c", "ab"]]))
    }

    @Test("any change anywhere in the folder voids the trust (issue 34: code the hook loads, not only what argv names)", arguments: [
        "a script it sources", "a Python module beside it", "a package folder", "a new file", "an executable bit", "a link",
    ])
    func anyChangeInTheFolder(_ change: String) throws {
        let app = try Folder()
        try app.write("hooks/lib.sh", "echo fine\n")
        try FileManager.default.createDirectory(at: app.folder.appendingPathComponent("hooks/pkg"), withIntermediateDirectories: true)
        try app.write("hooks/pkg/__main__.py", "print('{}')\n")
        let trusted = app.app(["check": ["sh", "hooks/check.sh"], "py": ["python3", "-m", "pkg"]])
        try app.trust(trusted)
        #expect(app.decide(trusted) == .trusted)
        switch change {
        case "a script it sources": try app.write("hooks/lib.sh", "touch /tmp/owned\n")
        case "a Python module beside it": try app.write("hooks/json.py", "import os\n")
        case "a package folder": try app.write("hooks/pkg/__main__.py", "import os\n")
        case "a new file": try app.write("notes.txt", "")
        case "an executable bit": chmod(app.folder.appendingPathComponent("hooks/lib.sh").path, 0o755)
        default: try FileManager.default.createSymbolicLink(atPath: app.folder.appendingPathComponent("hooks/x").path, withDestinationPath: "lib.sh")
        }
        #expect(app.decide(trusted) == .untrusted(app: "app", reason: .changed), "\(change) voids it")
    }

    @Test("a symbolic link leaving the folder (even to nothing), a FIFO or a device makes the app untrustable, named", arguments: [
        "outside", "dangling", "fifo", "device",
    ])
    func untrustableEntries(_ kind: String) throws {
        let app = try Folder()
        let entry = app.folder.appendingPathComponent("hooks/entry").path
        switch kind {
        case "outside": try FileManager.default.createSymbolicLink(atPath: entry, withDestinationPath: "/etc/hostname")
        case "dangling": try FileManager.default.createSymbolicLink(atPath: entry, withDestinationPath: app.bed.directory.path + "/later")
        case "fifo": #expect(mkfifo(entry, 0o600) == 0)
        default: #expect(mknod(entry, S_IFCHR | 0o600, 0x103) == 0, "a character device (running as root)")
        }
        #expect(throws: AppFolderRefusal.self) { try app.contents() }
        let trusted = app.app(["check": ["hooks/check.sh"]])
        try TrustStore(stateDirectory: app.bed.stateDirectory).write(records: [
            .init(path: try #require(FileSystem.resolvedPath(app.folder.path)), digest: String(repeating: "0", count: 64), commandCount: 1)
        ])
        guard case .untrusted(_, .untrustable(let message)) = app.decide(trusted) else {
            Issue.record("\(kind): must be untrustable")
            return
        }
        #expect(message.hasPrefix("hooks/entry "), "the message names the entry: \(message)")
    }

    @Test("a trusted app runs from a private copy made from the bytes digested; a swap afterwards does not reach it")
    func privateCopy() throws {
        let app = try Folder()
        try FileManager.default.createSymbolicLink(
            atPath: app.folder.appendingPathComponent("run.sh").path, withDestinationPath: "hooks/check.sh")
        let trusted = app.app(["check": ["hooks/check.sh"]])
        try app.trust(trusted)
        let decision = app.store.decide(folder: app.folder, commands: AppCommands(app: trusted), shownAs: "app")
        let snapshot = try #require(decision.snapshot)
        try app.write("hooks/check.sh", "#!/bin/sh\ntouch /tmp/owned\n")
        let copied = try String(contentsOf: snapshot.folder.appendingPathComponent("hooks/check.sh"), encoding: .utf8)
        #expect(copied == "#!/bin/sh\necho '{\"success\": true}'\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: snapshot.folder.appendingPathComponent("run.sh").path)
            == snapshot.folder.path + "/hooks/check.sh", "a link inside the folder leads inside the copy")
        let mode = try FileManager.default.attributesOfItem(atPath: snapshot.folder.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o700)
        let path = snapshot.folder.path
        _ = consume snapshot
        _ = consume decision
        #expect(!FileManager.default.fileExists(atPath: path), "the copy goes with its last holder")
    }

    @Test("trusted with its digest; changed, revoked and never trusted are not")
    func decide() throws {
        let app = try Folder()
        let trusted = app.app(["check": ["hooks/check.sh"]])
        #expect(app.decide(trusted) == .untrusted(app: "app", reason: .notTrusted))
        try app.trust(trusted)
        #expect(app.decide(trusted) == .trusted)
        try app.write("hooks/check.sh", "#!/bin/sh\nexit 1\n")
        #expect(app.decide(trusted) == .untrusted(app: "app", reason: .changed))
        #expect(try app.store.revoke(folder: app.folder))
        #expect(app.decide(trusted) == .untrusted(app: "app", reason: .notTrusted))
        #expect(try !app.store.revoke(folder: app.folder), "a second revoke finds nothing")
        #expect(app.store.decide(folder: app.folder, commands: AppCommands(commands: []), shownAs: "app") == .trusted,
                "an app without commands has nothing to run")
    }

    @Test("paths are bytes: trusting café in NFD does not trust café in NFC")
    func pathsAreBytes() throws {
        let app = try Folder()
        let decomposed = app.bed.directory.appendingPathComponent("cafe\u{301}")
        let composed = app.bed.directory.appendingPathComponent("caf\u{E9}")
        for folder in [decomposed, composed] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("#!/bin/sh\n".utf8).write(to: folder.appendingPathComponent("check.sh"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: app.bed.directory.path).count >= 3, "two folders on disk")
        func named(_ folder: URL) -> ZappApp {
            var made = app.app(["check": ["check.sh"]])
            made.folder = folder
            return made
        }
        let contents = try AppFolderContents.read(folder: try #require(FileSystem.resolvedPath(decomposed.path)))
        try app.store.trust(folder: decomposed, commands: AppCommands(app: named(decomposed)), contents: contents)
        #expect(app.store.decide(folder: decomposed, commands: AppCommands(app: named(decomposed)), shownAs: "d", copy: false) == .trusted)
        #expect(app.store.decide(folder: composed, commands: AppCommands(app: named(composed)), shownAs: "c", copy: false)
            == .untrusted(app: "c", reason: .notTrusted))
    }

    @Test("the listing escapes control characters and flags lookalike and mixed-script names; a newline cannot fake a line")
    func listingText() {
        #expect(TrustListingText.shown(Array("hooks/x\nTrusted: recorded /etc".utf8)) == "hooks/x\\nTrusted: recorded /etc")
        #expect(!TrustListingText.shown("a\u{1B}[2Jb\u{202E}c").contains("\u{1B}"))
        #expect(TrustListingText.shown([0x61, 0xFF]) == "a\\xFF")
        #expect(TrustListingText.warning(Array("age\u{2010}check.sh".utf8))?.contains("U+2010") == true)
        #expect(TrustListingText.warning(Array("p\u{430}ypal".utf8)) != nil, "a Cyrillic a")
        #expect(TrustListingText.warning(Array("cafe\u{301}".utf8))?.contains("U+0301") == true)
        #expect(TrustListingText.warning(Array("age-check.sh".utf8)) == nil)
    }

    @Test("a trust file or folder someone else may write, or owned by someone else, trusts nothing and is not written", arguments: [
        "file 0666", "folder 0777", "file owned by another user", "folder owned by another user",
    ])
    func ownership(_ case: String) throws {
        let app = try Folder()
        let trusted = app.app(["check": ["hooks/check.sh"]])
        try app.trust(trusted)
        let file = app.store.fileURL.path
        let folder = app.bed.stateDirectory.path
        switch `case` {
        case "file 0666": chmod(file, 0o666)
        case "folder 0777": chmod(folder, 0o777)
        case "file owned by another user": chown(file, 4242, 4242)
        default: chown(folder, 4242, 4242)
        }
        guard case .untrusted(_, .unreadableTrustFile(let message)) = app.decide(trusted) else {
            Issue.record("\(`case`): must trust nothing")
            return
        }
        #expect(message.contains(`case`.hasPrefix("file") ? file : folder), "\(message)")
        #expect(throws: TrustStoreError.self) { try app.trust(trusted) }
    }

    @Test("the file is 0600 in a 0700 folder (a plain file is readable by others), written whole, no temporary file left")
    func filePermissions() throws {
        let app = try Folder()
        // The umask is the process's, left alone: tests run side by side, and umask(0) here made
        // the files of others world-writable. A plain file made beside is readable by others, so
        // 0600 is the code's own doing.
        try app.trust(app.app(["check": ["hooks/check.sh"]]))
        let file = try FileManager.default.attributesOfItem(atPath: app.store.fileURL.path)
        #expect((file[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: app.bed.stateDirectory.path)
        #expect((folder[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: app.bed.stateDirectory.path) == [TrustStore.fileName])
        #expect(try app.store.records().count == 1)
        let plain = app.folder.appendingPathComponent("plain-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: plain.path, contents: Data())
        defer { try? FileManager.default.removeItem(at: plain) }
        try #require(((try FileManager.default.attributesOfItem(atPath: plain.path)[.posixPermissions] as? NSNumber)?.intValue ?? 0) & 0o044 != 0,
                     "a plain file is private already under this umask: the test would prove nothing")
    }

    @Test("a corrupt trust file is reported and trusts nothing, even an app it seems to name", arguments: [
        "{\"trusted\": [", "[]", "{\"trusted\": [{\"path\": \"relative\", \"digest\": \"00\"}]}", "\u{0}\u{1}garbage",
        "{\"trusted\": [{\"path\": \"/x\", \"digest\": \"ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ\"}]}",
    ])
    func corruptFile(_ text: String) throws {
        let app = try Folder()
        let commands = AppCommands(app: app.app(["check": ["hooks/check.sh"]]))
        try FileManager.default.createDirectory(at: app.bed.stateDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try Data(text.utf8).write(to: app.store.fileURL)
        guard case .untrusted(_, .unreadableTrustFile(let message)) = app.store.decide(folder: app.folder, commands: commands, shownAs: "app") else {
            Issue.record("a corrupt file must be reported as such")
            return
        }
        #expect(message.contains(app.store.fileURL.path), "the message names the file: \(message)")
        #expect(throws: TrustStoreError.self) { try app.store.records() }
        // trust writes it again, with only the new record.
        try app.trust(app.app(["check": ["hooks/check.sh"]]))
        #expect(app.decide(app.app(["check": ["hooks/check.sh"]])) == .trusted)
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
