#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ZappCore
import ZappModel

/// Every command an app would run (its `ZappShell.ExternalHook` plugins), as `zapp-shell trust`
/// shows them and as the trust digest covers them: the plugin identifier, the argv, the program
/// as resolved (`ExternalHook.resolveExecutable`, the path that would be started) and each file
/// inside the app folder the argv names, with a digest of its bytes. A change to any of these
/// changes `digest`, which voids the app's trust (`TrustStore`).
public struct AppCommands: Sendable, Hashable {
    /// One command.
    public struct Command: Sendable, Hashable {
        public var identifier: String
        public var argv: [String]
        /// The program that would be started (absolute).
        public var program: String
        /// The files inside the app folder the argv names (the program too), in argv order.
        public var files: [NamedFile]
    }

    /// A file inside the app folder that a command names.
    public struct NamedFile: Sendable, Hashable {
        /// Its path relative to the app folder.
        public var path: String
        /// SHA-256 of its bytes, or why it could not be read ("unreadable: …").
        public var digest: String
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
        let program = ExternalHook.resolveExecutable(argv[0], appFolder: folder.map { URL(fileURLWithPath: $0) }, path: path)
        return Command(
            identifier: identifier, argv: argv, program: program.path,
            files: folder.map { namedFiles(argv, program: program.path, folder: $0) } ?? [])
    }

    /// `command` for the app folder `folder` as given (its real path is looked up).
    static func command(_ identifier: String, _ argv: [String], folder: URL?) -> Command {
        command(
            identifier, argv, folder: folder.flatMap { FileSystem.resolvedPath($0.path) },
            path: ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")
    }

    /// The largest named file digested (a compiled hook program may be tens of megabytes); a
    /// larger one is named by its size alone, which `trust` shows.
    static let namedFileLimit = 256 * 1024 * 1024

    /// The files inside `folder` that the program and the arguments name (each once).
    static func namedFiles(_ argv: [String], program: String, folder: String) -> [NamedFile] {
        var seen: Set<String> = []
        var files: [NamedFile] = []
        for word in [program] + argv.dropFirst() where !word.isEmpty {
            let candidate = word.hasPrefix("/") ? word : FileSystem.path(word, in: folder)
            guard let real = FileSystem.resolvedPath(candidate), real.hasPrefix(folder + "/"),
                FileSystem.kind(atPath: real) == .regularFile, seen.insert(real).inserted
            else { continue }
            let digest: String
            switch FileSystem.contents(atPath: real, limit: namedFileLimit) {
            case .success(let data): digest = SHA256.hex(data)
            case .failure(let error): digest = "unreadable: \(error.reason)"
            }
            files.append(NamedFile(path: String(real.dropFirst(folder.count + 1)), digest: digest))
        }
        return files
    }

    /// SHA-256 over every field of every command, each field length-prefixed so that no two
    /// different command lists give the same input.
    public var digest: String {
        var hash = SHA256()
        func field(_ text: String) {
            hash.update("\(text.utf8.count):")
            hash.update(text)
        }
        field("zapp-shell trust 1")
        for command in commands {
            field("command")
            field(command.identifier)
            field(String(command.argv.count))
            command.argv.forEach(field)
            field(command.program)
            field(String(command.files.count))
            for file in command.files {
                field(file.path)
                field(file.digest)
            }
        }
        return hash.hexDigest()
    }

    /// The commands as `zapp-shell trust` lists them: one block per command.
    public var description: String {
        commands.map { command in
            var lines = [
                "  \(command.identifier)",
                "    argv:    " + command.argv.map { JSONValue.string($0).jsonText }.joined(separator: " "),
                "    program: \(command.program)",
            ]
            for file in command.files { lines.append("    file:    \(file.path) (sha256 \(file.digest))") }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
