import ArgumentParser
import ZappCore
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
        subcommands: [RunCommand.self, InitCommand.self, ValidateCommand.self, TraceCommand.self, GatesCommand.self, TrustCommand.self, RenderCommand.self, ReplayCommand.self, ThemesCommand.self, SchemaCommand.self],
        defaultSubcommand: RunCommand.self
    )

    /// The process's entry point, on the main actor of the Swift runtime's own executors: parses
    /// the command line (no subcommand means `run`; the plain `zapp-shell [APP]` without
    /// reflecting over `run`'s options, `RunCommand.plain`) and runs the command. Its messages go
    /// through `Console` (`exitReporting`).
    @MainActor
    static func main() async {
        // The main thread's arena and one that every other thread shares: about 0.3 ms of a
        // 6.5 ms first frame, and the 50,000-screen app's four decoding threads are no slower
        // (docs/performance.md, "Where the first frame's time goes").
        MallocArenas.limit(to: 2)
        do {
            let arguments = Array(CommandLine.arguments.dropFirst())
            // Run as it is: a first cast to a protocol reads through every conformance in the binary.
            if let plain = RunCommand.plain(arguments) {
                try await plain.run()
                return
            }
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
        if let status = error as? ExitCode { Glibc.exit(status.rawValue) }
        let code = exitCode(for: error)
        let message = fullMessage(for: error)
        if !message.isEmpty {
            if code == .success { Console.print(message) } else { Console.printError(message) }
        }
        Glibc.exit(code.rawValue)
    }
}
