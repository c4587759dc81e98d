import ArgumentParser

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
}
