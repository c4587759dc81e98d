import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Logging
import ShellCore
import ShellUI
import ZappCore
import ZappModel
import ZappPlugins

/// `zapp-shell replay TAPE [APP] [--plugins FILE] [--feeds MAP.json]`: plays a tape written by
/// `run --record` (or by hand) headless against its app or another version of it, and exits 0
/// when everything happened as the tape says, 1 at the first difference (its line, what was
/// expected, what happened), 2 for a tape that cannot be played (its line and why) or an app
/// that cannot be read.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a tape recorded with run --record (or written by hand) headless; exit 1 at the first divergence.",
        discussion: """
            The tape's app, plugins and feed map are used unless APP, --plugins or --feeds say \
            otherwise (paths in a tape are relative to its folder). The replay starts signed out, \
            with a state directory of its own, in a terminal of the tape's size, and sends each \
            input once the app is idle (a pane waits for an answer, or no navigation, hook or \
            feed is running). Exit status: 0 as recorded, 1 at the first divergence, 2 when the \
            tape or its app cannot be used. Tape format: docs/commands/replay.md.
            """
    )

    @Argument(help: ArgumentHelp("The tape to replay.", valueName: "TAPE"))
    var tape: String

    @Argument(help: "The app to replay it against (folder, river.json or http(s) URL). Default: the tape's app.")
    var app: String?

    @OptionGroup var pluginsOption: PluginsOption

    @OptionGroup var feedsOption: FeedsOption

    @MainActor
    func run() async throws {
        let text: String
        switch FileSystem.contents(atPath: tape) {
        case .success(let data): text = String(decoding: data, as: UTF8.self)
        case .failure(let error): Self.refuse("\(tape): cannot be read: \(FileSystem.reason(error))")
        }
        let parsed: Tape
        do {
            parsed = try Tape.parse(text)
        } catch {
            Self.refuse("\(tape):\(error)")
        }
        let folder = TapeFile.folder(of: tape)
        let header = parsed.header
        let app = self.app ?? header.app.map { TapeFile.resolved($0, tapeFolder: folder) }
        if self.app == nil, let written = header.app, let app, !app.isWebURL, FileSystem.kind(atPath: app) == .missing {
            Self.refuse("\(tape):\(header.lines["app"] ?? 1): app \(written): no such file or folder (\(app))")
        }
        let plugins = pluginsOption.plugins ?? header.plugins.map { TapeFile.resolved($0, tapeFolder: folder) }
        let feeds = feedsOption.feeds ?? header.feeds.map { TapeFile.resolved($0, tapeFolder: folder) }
        for (field, value) in [("plugins", pluginsOption.plugins == nil ? plugins : nil), ("feeds", feedsOption.feeds == nil ? feeds : nil)] {
            if let value, FileSystem.kind(atPath: value) == .missing {
                Self.refuse("\(tape):\(header.lines[field] ?? 1): \(field) \(value): no such file")
            }
        }
        let loaded: LoadedApp
        do {
            loaded = try await AppLocation.loadOrExit(app, plugins: plugins, feeds: feeds)
        } catch {
            // The app cannot be used (its problems are printed): 2, not a divergence's 1.
            throw ExitCode(2)
        }
        let stateDirectory = Self.temporaryStateDirectory()
        defer { try? FileManager.default.removeItem(at: stateDirectory) }
        let logger = Logger(label: "zapp-shell") { _ in SwiftLogNoOpLogHandler() }
        let replayed = loaded.app
        // Trust is the user's (the default state directory), not the replay's own.
        let trust = await AppTrust.decide(
            app: replayed, argument: app, plugins: plugins, stateDirectory: PluginEnvironment.defaultStateDirectory())
        let setup = ShellSetup(
            app: replayed,
            loadApp: { AppLoad(app: replayed, warnings: []) },
            makeServices: { replayed, presenter, trace in
                return RunCommand.services(
                    app: replayed, presenter: presenter, trace: trace, stateDirectory: stateDirectory, logger: logger,
                    trust: trust)
            },
            deepLink: header.open, warnings: loaded.warnings.map(\.description))
        switch await TapePlayer.play(parsed, setup: setup) {
        case .matched(let steps):
            Console.print("\(tape): \(steps) steps replayed as recorded")
        case .diverged(let divergence):
            Console.printError("\(tape):\(divergence)")
            throw ExitCode(1)
        }
    }

    /// A state directory of the replay's own (signed out, no sessions of the user's).
    private static func temporaryStateDirectory() -> URL {
        let base = ProcessEnvironment.current()["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/zapp-shell-replay.XXXXXX".utf8CString)
        let path = template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
        guard let path else { refuse("cannot make a temporary state directory in \(base)") }
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    /// Prints `zapp-shell replay: message` to stderr and exits with status 2 (the tape cannot be played).
    static func refuse(_ message: String) -> Never {
        Console.printError("zapp-shell replay: \(message)")
        Glibc.exit(2)
    }
}
