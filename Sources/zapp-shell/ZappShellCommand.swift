import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The `zapp-shell` command: runs a Zapp app configuration in the terminal.
@main
struct ZappShellCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "zapp-shell",
        abstract: "Run a Zapp app configuration (river.json + plugin_configurations.json) in the terminal.",
        version: BuildVersion.line,
        subcommands: [RunCommand.self, InitCommand.self, ValidateCommand.self, TraceCommand.self, RenderCommand.self, ReplayCommand.self, ThemesCommand.self, SchemaCommand.self],
        defaultSubcommand: RunCommand.self
    )

    /// The process's entry point: installs the executors before any task exists — tasks run on
    /// `GlobalExecutor`, the main actor on the main thread (`MainThreadExecutor`) — and runs the
    /// command line as the main actor's first job (ARCHITECTURE.md, "The loop"). Synchronous, not
    /// swift-argument-parser's `async` main: the runtime's async main would have queued its task
    /// on libdispatch's main queue before this code could install anything.
    static func main() {
        GlobalExecutor.install()
        Task { @MainActor in
            await runCommandLine()
            Glibc.exit(0)
        }
        MainThreadExecutor.runForever()
    }

    /// Runs the command line. Arguments that can only mean `run` (no subcommand name, no help,
    /// version or completion request) are parsed by `RunCommand` alone, the common ones without
    /// swift-argument-parser at all (`RunCommand.quickParse`): the root parser reflects over the
    /// properties of every subcommand first, which costs the interactive start several
    /// milliseconds (ARCHITECTURE.md, "Start"). Whatever `RunCommand` rejects goes through the root
    /// parser, so its messages, help and exit statuses stay the same. On the main actor, so that
    /// `run` reads the app and starts the terminal without a hop between executors.
    @MainActor
    static func runCommandLine() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if isPlainRun(arguments), let command = RunCommand.quickParse(arguments) ?? (try? RunCommand.parse(arguments)) {
            do {
                try await command.start()
            } catch {
                exitReporting(error)
            }
            return
        }
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exitReporting(error)
        }
    }

    /// Ends the process as swift-argument-parser does for `error`, but writes its message (usage
    /// errors echo the arguments; help; the version) through `Console`, so an escape sequence in
    /// an argument is shown, not acted on.
    static func exitReporting(_ error: any Error) -> Never {
        // A plain status (how `run` ends) has no message: ArgumentParser's message for it
        // reflects over every command first, a millisecond at each quit.
        if let status = error as? ExitCode { Glibc.exit(status.rawValue) }
        let code = exitCode(for: error)
        let message = fullMessage(for: error)
        if !message.isEmpty {
            if code == .success { Console.print(message) } else { Console.printError(message) }
        }
        Glibc.exit(code.rawValue)
    }

    /// Whether `arguments` name no subcommand and ask for no help, version or completions.
    static func isPlainRun(_ arguments: [String]) -> Bool {
        // The subcommands' names only when there is a first argument: each name builds its
        // command's configuration.
        if let first = arguments.first, first == "help" || configuration.subcommands.contains(where: { $0._commandName == first }) {
            return false
        }
        return !arguments.contains { argument in
            argument == "-h" || argument == "--help" || argument == "--version" || argument.hasPrefix("--generate-")
                || argument.hasPrefix("--experimental-")
        }
    }
}
