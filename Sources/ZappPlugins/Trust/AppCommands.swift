#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ZappCore
import ZappModel

/// Every command an app would run (its `ZappShell.ExternalHook` plugins), as `zapp-shell trust`
/// shows them and as the trust digest covers them: the plugin identifier, the argv, and the
/// program the first word resolves to (`ExternalHook.resolveExecutable`), named inside the app
/// folder when it lies there (its bytes are covered with the folder's, `AppFolderContents`),
/// else by its real path (a program on `PATH` or an absolute one: its content is the system's).
public struct AppCommands: Sendable, Hashable {
    /// One command.
    public struct Command: Sendable, Hashable {
        public var identifier: String
        public var argv: [String]
        /// The program that would be started (absolute; symbolic links resolved when it exists).
        public var program: String
        /// The program's path relative to the app folder when it lies inside it; nil outside.
        public var programInFolder: String?
    }

    public var commands: [Command]

    public init(commands: [Command]) {
        self.commands = commands
    }

    /// The commands of `app`, resolved against its folder (nil for a remote app: no command of
    /// it resolves to anything) and `path` (`$PATH`). Plugins whose `configuration_json` is
    /// unusable are left out: they never run.
    public init(app: ZappApp, path: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin") {
        let folder = app.folder.flatMap { FileSystem.resolvedPath($0.path) }
        commands = app.plugins.compactMap { plugin in
            guard plugin.manifest.api.className == BuiltInPluginClass.externalHook.rawValue,
                let settings = try? ExternalHook.Settings(configuration: plugin.configuration, defaultTimeout: .seconds(30))
            else { return nil }
            return Self.command(plugin.identifier, settings.command, folder: folder, path: path)
        }
    }

    /// One command as it would run now: `argv` resolved against the app folder's real path
    /// (`folder`; nil: nothing resolves inside it) and `path`.
    static func command(_ identifier: String, _ argv: [String], folder: String?, path: String) -> Command {
        let resolved = ExternalHook.resolveExecutable(argv[0], appFolder: folder.map { URL(fileURLWithPath: $0) }, path: path).path
        let program = FileSystem.resolvedPath(resolved) ?? resolved
        var inFolder: String? = nil
        if let folder, program.utf8.starts(with: (folder + "/").utf8) {
            inFolder = String(decoding: program.utf8.dropFirst(folder.utf8.count + 1), as: UTF8.self)
        }
        return Command(identifier: identifier, argv: argv, program: program, programInFolder: inFolder)
    }

    /// SHA-256 over every field of every command and every entry of the app folder (`folder`,
    /// nil for an app without one), each field length-prefixed so that no two different inputs
    /// give the same bytes.
    public func digest(folder: AppFolderContents?) -> String {
        var hash = SHA256()
        func field(_ text: String) {
            hash.update("\(text.utf8.count):")
            hash.update(text)
        }
        field("zapp-shell trust 2")
        for command in commands {
            field("command")
            field(command.identifier)
            field(String(command.argv.count))
            command.argv.forEach(field)
            field(command.programInFolder.map { "folder:" + $0 } ?? "system:" + command.program)
        }
        folder?.update(&hash)
        return hash.hexDigest()
    }

    /// The commands as `zapp-shell trust` lists them: one block per command, every name escaped
    /// (`TrustListingText`).
    public var description: String {
        commands.map { command in
            let program = command.programInFolder.map { "\(TrustListingText.shown($0)) (in the app folder: covered)" }
                ?? "\(TrustListingText.shown(command.program)) (outside the app folder: its content is the system's, not covered)"
            return [
                "  \(TrustListingText.shown(command.identifier))",
                "    argv:    " + command.argv.map { TrustListingText.shown(JSONValue.string($0).jsonText) }.joined(separator: " "),
                "    program: \(program)",
            ].joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
