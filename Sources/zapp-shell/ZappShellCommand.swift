import ArgumentParser

/// The `zapp-shell` command: runs a Zapp app configuration in the terminal.
@main
struct ZappShellCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "zapp-shell",
        abstract: "Run a Zapp app configuration (river.json + plugin_configurations.json) in the terminal.",
        version: BuildVersion.line,
        subcommands: [RunCommand.self, InitCommand.self, ValidateCommand.self, TraceCommand.self, RenderCommand.self, ThemesCommand.self],
        defaultSubcommand: RunCommand.self
    )

    /// Runs the command line. Arguments that can only mean `run` (no subcommand name, no help,
    /// version or completion request) are parsed by `RunCommand` alone: the root parser reflects
    /// over the properties of every subcommand first, which costs the interactive start several
    /// milliseconds (README, "Performance"). Whatever `RunCommand` rejects goes through the root
    /// parser, so its messages, help and exit statuses stay the same. On the main actor, so that
    /// `run` starts the terminal and draws its first frame without changing threads.
    @MainActor
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if isPlainRun(arguments), let command = try? RunCommand.parse(arguments) {
            do {
                try await command.start()
            } catch {
                exit(withError: error)
            }
            return
        }
        await main(arguments)
    }

    /// Whether `arguments` name no subcommand and ask for no help, version or completions.
    static func isPlainRun(_ arguments: [String]) -> Bool {
        let names = Set(configuration.subcommands.map { $0._commandName } + ["help"])
        if let first = arguments.first, names.contains(first) { return false }
        return !arguments.contains { argument in
            argument == "-h" || argument == "--help" || argument == "--version" || argument.hasPrefix("--generate-")
                || argument.hasPrefix("--experimental-")
        }
    }
}
