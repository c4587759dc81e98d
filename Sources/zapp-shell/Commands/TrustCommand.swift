import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ZappCore
import ZappModel
import ZappPlugins

/// `zapp-shell trust [APP] [--plugins FILE]`, `trust --revoke [APP]`, `trust --list`: lets a
/// local app's commands run, the way direnv's `allow` does. It prints every command the app would
/// run (plugin identifier, argv, the program as resolved) and what the digest covers (every file
/// in the folder), and records the folder's real path with the digest (`TrustStore`,
/// `AppCommands`, `AppFolderContents`). An
/// http(s) app is refused: a URL never runs a command.
struct TrustCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trust",
        abstract: "Let a local app's commands (ZappShell.ExternalHook) run; shows them first.",
        discussion: """
            An app is data: its commands run only when it is local and trusted. trust lists every \
            command APP would run (plugin identifier, argv, the program that would start) and the \
            number and size of the files in the app folder, then records the folder and a digest of \
            the commands and of every file in the folder, recursively, in \
            $XDG_STATE_HOME/zapp-shell/trusted-apps.json (else ~/.local/state/zapp-shell; mode 0600, \
            refused when anyone else can write it), which every command reads whatever run's \
            --state-dir says. Any change in the folder, to a command or to the program it resolves \
            to voids the trust until trust is run again; until then each external hook shows a \
            stand-in pane saying it was not run. A symbolic link leaving the folder, a device or a \
            FIFO in it makes the app untrustable. The bundled demo app and a folder `zapp-shell \
            init` wrote are trusted already. An http(s) APP cannot be trusted (exit 1).

            --revoke forgets APP; --list prints the trusted folders.
            """
    )

    @Argument(help: "An app folder or a river.json (default: the demo app); an http(s) URL is refused.")
    var app: String?

    @OptionGroup var pluginsOption: PluginsOption

    @Flag(help: "Forget APP's trust: its commands stop running.")
    var revoke = false

    @Flag(help: "List the trusted app folders.")
    var list = false

    func validate() throws {
        if revoke && list { throw ValidationError("--revoke and --list cannot be combined: use one of them") }
        if list && app != nil {
            throw ValidationError("--list takes no APP (got \(app ?? "")); to trust it: zapp-shell trust APP")
        }
    }

    func run() async throws {
        let store = TrustStore(stateDirectory: stateDirectory)
        if list { return try printList(store) }
        if case .remote(let url) = AppLocation(argument: app) {
            if revoke {
                Console.print("\(url.absoluteString) is an http(s) app: it was never trusted, nothing to revoke.")
                return
            }
            Console.printError("""
                zapp-shell trust: \(url.absoluteString) is an http(s) app: its commands never run and it cannot be trusted.
                To run them, copy the app into a folder, read its commands, then: zapp-shell trust FOLDER
                """)
            throw ExitCode(1)
        }
        let loaded = try await AppLocation.loadOrExit(app, plugins: pluginsOption.plugins)
        guard let folder = loaded.app.folder else {
            Console.printError("zapp-shell trust: \(loaded.app.name) has no folder to trust")
            throw ExitCode(1)
        }
        let shown = AppTrust.shownArguments(app, plugins: pluginsOption.plugins)
        if revoke {
            do {
                let revoked = try store.revoke(folder: folder)
                Console.print(revoked
                    ? "Revoked: \(shown)'s commands no longer run (\(store.fileURL.path))."
                    : "\(shown) was not trusted: nothing to revoke.")
            } catch {
                Console.printError("zapp-shell trust: \(error.message)")
                throw ExitCode(1)
            }
            return
        }
        let commands = AppCommands(app: loaded.app)
        guard !commands.commands.isEmpty else {
            Console.print("\(shown) runs no commands: there is nothing to trust.")
            return
        }
        let real = FileSystem.resolvedPath(folder.path) ?? folder.path
        let count = commands.commands.count == 1 ? "1 command" : "\(commands.commands.count) commands"
        Console.print("\(TrustListingText.shown(shown)) (\(TrustListingText.shown(real))) runs \(count):\n\(commands.description)")
        let contents: AppFolderContents
        do {
            contents = try AppFolderContents.read(folder: real)
        } catch {
            Console.printError("zapp-shell trust: \(TrustListingText.shown(real)) cannot be trusted: \(error.description)")
            throw ExitCode(1)
        }
        Console.print(Self.coverage(contents, folder: real))
        if pluginsOption.plugins == nil, AppTrust.isBundledDemo(folder) {
            Console.print("This is the bundled demo app: it is trusted already (it ships with zapp-shell).")
            return
        }
        do {
            let record = try store.trust(folder: folder, commands: commands, contents: contents)
            Console.print("""
                Trusted: recorded \(TrustListingText.shown(record.path)) (digest \(record.digest.prefix(12))…) in \(store.fileURL.path).
                Any change in the folder voids it; revoke with: zapp-shell trust --revoke \(shown)
                """)
        } catch {
            Console.printError("zapp-shell trust: \(error.message)")
            throw ExitCode(1)
        }
    }

    /// What the digest covers: the number and size of the files, every name that could be
    /// mistaken for another (`TrustListingText.warning`), and what it cannot cover.
    static func coverage(_ contents: AppFolderContents, folder: String) -> String {
        let files = contents.fileCount == 1 ? "1 file" : "\(contents.fileCount) files"
        var lines = ["Covers every file in \(TrustListingText.shown(folder)): \(files), \(contents.byteCount) bytes."]
        for entry in contents.entries {
            guard let warning = TrustListingText.warning(entry.path) else { continue }
            lines.append("  look closely: \(TrustListingText.shown(entry.path)) \(warning)")
        }
        lines.append(
            "Not covered: programs outside the folder, and code an interpreter loads from outside it (its libraries, PYTHONPATH).")
        return lines.joined(separator: "\n")
    }

    /// The default state directory: trust is the user's, whatever a run's `--state-dir` says.
    private var stateDirectory: URL { PluginEnvironment.defaultStateDirectory() }

    private func printList(_ store: TrustStore) throws {
        let records: [TrustStore.Record]
        do {
            records = try store.records()
        } catch {
            Console.printError("zapp-shell trust: \(error.message); it trusts nothing (zapp-shell trust APP writes it again)")
            throw ExitCode(1)
        }
        guard !records.isEmpty else {
            Console.print("No app is trusted (\(store.fileURL.path)). The bundled demo app always is.")
            return
        }
        for record in records {
            let count = record.commandCount == 1 ? "1 command" : "\(record.commandCount) commands"
            Console.print("\(TrustListingText.shown(record.path))  \(count), digest \(record.digest.prefix(12))…")
        }
    }
}
