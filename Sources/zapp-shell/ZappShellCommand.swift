import ArgumentParser
import Foundation

/// The `zapp-shell` command: runs a Zapp app configuration in the terminal.
@main
struct ZappShellCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "zapp-shell",
        abstract: "Run a Zapp app configuration (river.json + plugin_configurations.json) in the terminal.",
        version: BuildVersion.line,
        subcommands: [RunCommand.self, InitCommand.self, ValidateCommand.self, TraceCommand.self, RenderCommand.self, ThemesCommand.self, SchemaCommand.self],
        defaultSubcommand: RunCommand.self
    )

    /// Parses and runs the command as swift-argument-parser does, but writes its messages
    /// (usage errors, which echo the arguments, help, the version) through `Console`, so an
    /// escape sequence in an argument is shown, not acted on.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                if code == .success { Console.print(message) } else { Console.printError(message) }
            }
            Foundation.exit(code.rawValue)
        }
    }
}
