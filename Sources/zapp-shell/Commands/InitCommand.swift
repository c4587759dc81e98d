import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `zapp-shell init DIR`: writes the bundled demo app (ZappTV) into DIR as a starting point
/// for a new app configuration.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write the demo app (ZappTV) into DIR as a starting point.",
        discussion: """
            Writes river.json, plugin_configurations.json, the ASCII-art assets and the example \
            external hook script, keeping the folder layout. DIR is created when missing. Files \
            that already exist are left alone unless --force is given.
            """
    )

    @Argument(help: "The folder to write the app into (created when missing).")
    var directory: String

    @Flag(help: "Overwrite files that already exist in DIR.")
    var force = false

    func run() throws {
        let destination = URL(fileURLWithPath: directory)
        let writer = DemoAppWriter(source: try BundledDemoApp.folder())
        let written = try writer.write(to: destination, force: force)
        Console.print(Self.summary(directory: directory, written: written))
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
