import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ZappCore
import ZappModel
import ZappPlugins

/// `zapp-shell init DIR`: writes the bundled demo app (ZappTV) into DIR as a starting point
/// for a new app configuration.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write the demo app (ZappTV) into DIR as a starting point.",
        discussion: """
            Writes river.json, plugin_configurations.json, the ASCII-art assets and the example \
            external hook script, keeping the folder layout. DIR is created when missing. Files \
            that already exist are left alone unless --force is given. The folder is trusted \
            (its hook script runs, as `zapp-shell trust DIR` would allow) when it holds exactly \
            the demo's files; a folder holding anything else is left untrusted.
            """
    )

    @Argument(help: "The folder to write the app into (created when missing).")
    var directory: String

    @Flag(help: "Overwrite files that already exist in DIR.")
    var force = false

    func run() throws {
        let destination = URL(fileURLWithPath: directory)
        let source = try BundledDemoApp.folder()
        let writer = DemoAppWriter(source: source)
        let written = try writer.write(to: destination, force: force)
        Console.print(Self.summary(directory: directory, written: written))
        Console.print(Self.recordTrust(folder: destination, demo: source, directory: directory))
    }

    /// Trusts the folder just written when it holds exactly the demo's files, byte for byte, and
    /// nothing else (the user made it). Returns the line saying what was done.
    static func recordTrust(
        folder: URL, demo: URL, directory: String, stateDirectory: URL = PluginEnvironment.defaultStateDirectory()
    ) -> String {
        let trustCommand = "zapp-shell trust \(shellQuoted(directory))"
        guard let written = AppLoader.load(folder: folder, displayName: directory).app,
            let real = FileSystem.resolvedPath(folder.path), let demoReal = FileSystem.resolvedPath(demo.path),
            let contents = try? AppFolderContents.read(folder: real),
            let demoContents = try? AppFolderContents.read(folder: demoReal)
        else { return "Not trusted: the folder cannot be loaded; check it with zapp-shell validate, then \(trustCommand)." }
        guard contents == demoContents else {
            return "Not trusted: \(directory) holds other files than the demo's; read them, then \(trustCommand)."
        }
        do {
            try TrustStore(stateDirectory: stateDirectory).trust(folder: folder, commands: AppCommands(app: written), contents: contents)
            return "Trusted: its hook script runs (zapp-shell trust --revoke \(shellQuoted(directory)) undoes it)."
        } catch {
            return "Not trusted: \(error.message); \(trustCommand) records it."
        }
    }

    /// What `init` prints after writing: the files and the next steps.
    static func summary(directory: String, written: [String]) -> String {
        let dir = shellQuoted(directory)
        let count = written.count == 1 ? "1 file" : "\(written.count) files"
        var lines = ["Wrote the ZappTV demo app to \(directory) (\(count)):"]
        lines += written.map { "  \($0)" }
        lines += [
            "",
            "Next steps:",
            "  Check it:               zapp-shell validate \(dir)",
            "  Browse it:              zapp-shell run \(dir)   (sign in as demo / demo for Premium)",
            "  Print one frame:        zapp-shell render \(dir) --screen home",
            "  Trace a gated screen:   zapp-shell trace \(dir) --screen premium --signed-in demo",
            "",
            "Then edit river.json (screens, nav bars, root menu, components) and",
            "plugin_configurations.json (plugins and their configuration_json); the ZappShell documentation (docs/app-folder.md) describes both.",
        ]
        return lines.joined(separator: "\n")
    }

    /// `path` quoted for a POSIX shell when it holds anything but safe characters.
    static func shellQuoted(_ path: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%")
        if !path.isEmpty && path.allSatisfy({ safe.contains($0) }) { return path }
        return "'" + path.replacing("'", with: "'\\''") + "'"
    }
}
