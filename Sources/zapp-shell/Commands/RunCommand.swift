import ArgumentParser
import CursesTerminal
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

/// `zapp-shell [run] [APP] [--plugins FILE] [--theme NAME|PATH] [--state-dir DIR] [--open URL] [--ascii]
/// [--no-color] [--log FILE] [--signed-in USER] [--images auto|kitty|iterm|sixel|symbols|off] [--image-cache-mb N]`:
/// runs an app interactively in the terminal (the default command).
///
/// Before anything touches the terminal it refuses, with a message and exit status 1, a
/// terminal it cannot drive (`TERM=dumb` or unset, stdin or stdout not a terminal) and an app
/// that cannot be shown (unreadable or unparsable files, no screens: `DiagnosticCode.stopsRunning`),
/// with the `validate` messages. An http(s) app that cannot be fetched opens its last good copy
/// (offline) or "Loading failed" with Retry (`RunStart`). Other problems are warnings, counted in the status line and
/// listed with `w`. The log goes to a file, never to the screen.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run an app in the terminal (the default command).",
        discussion: """
            With no APP the bundled demo app runs. Keys: arrows or h/j/k/l move, Tab / Shift-Tab \
            cycle root menu, nav bar and screen, Enter activates, Esc closes or goes back, m side \
            menu, g go to screen, a account (sign in as a known user, sign out), ? help, t next \
            theme, s / p / S cycle the bar's style / presentation / state, ` trace panel, w load \
            warnings, q quits (Ctrl-C always quits). An http(s) app is kept in the state directory \
            as its last good copy, opened (marked offline) when its server cannot be reached.
            """
    )

    @OptionGroup var appOptions: AppOptions

    @OptionGroup var look: LookOptions

    @OptionGroup var imageCache: ImageCacheOption

    @Option(
        name: .customLong("state-dir"),
        help: ArgumentHelp("Where sessions, fetched images and the log are kept. Default: $XDG_STATE_HOME/zapp-shell.", valueName: "DIR"))
    var stateDir: String?

    @Option(help: ArgumentHelp("A deep link to open after start, e.g. zapp://screen/premium or myapp://present?screen_id=premium.", valueName: "URL"))
    var open: String?

    @Flag(help: "Reload the app when any of its files (or the theme file) change; r reloads by hand.")
    var watch = false

    @Flag(name: .customLong("no-color"), help: "Draw without colours (NO_COLOR does the same).")
    var noColor = false

    @Option(help: ArgumentHelp("The log file. Default: zapp-shell.log in the state directory.", valueName: "FILE"))
    var log: String?

    @Option(
        name: .customLong("signed-in"),
        help: ArgumentHelp(
            "Start signed in as USER, in memory as trace --signed-in does (the saved session is left alone).",
            valueName: "USER"))
    var signedIn: String?

    @Option(help: ArgumentHelp("Write the run as a tape (keys, panes and answers, screens, hook outcomes) to replay with zapp-shell replay.", valueName: "TAPE"))
    var record: String?

    var app: String? { appOptions.app }
    var plugins: String? { appOptions.plugins }
    var feeds: String? { appOptions.feeds }
    var theme: String? { look.theme }
    var ascii: Bool { look.ascii }

    /// `run` on the main actor, where the terminal and the event loop live.
    @MainActor
    func run() async throws {
        // Read once, from `environ` (ProcessEnvironment: ARCHITECTURE.md, "Start").
        let environment = ProcessEnvironment.current()
        do {
            try TerminalRefusal.check(environment: environment)
        } catch {
            Self.fail("\(error)")
        }
        let app = self.app
        let location = AppLocation(argument: app)
        if watch, case .remote(let url) = location {
            Self.fail("--watch needs a local app folder; \(url.absoluteString) is fetched over the network")
        }
        // The tape is written when the run ends: a folder that is not there is said before it starts.
        if let record, FileSystem.kind(atPath: TapeFile.folder(of: record)) != .directory {
            Self.fail("--record \(record): no such folder \(TapeFile.folder(of: record))")
        }
        let stateDirectory = stateDir.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? PluginEnvironment.defaultStateDirectory(environment: environment)
        let offline: OfflineAppCopies? = if case .remote = location { OfflineAppCopies(stateDirectory: stateDirectory) } else { nil }
        // The river's cross-reference checks run after the first frame (they cannot stop the
        // app); their warnings join the status line when they end.
        let start = try await RunStart.load(app, plugins: plugins, feeds: feeds, offline: offline)
        let loaded: LoadedApp
        var offlineStart: OfflineStart?
        switch start {
        case .loaded(let app):
            loaded = app
        case .offline(let app, let note, let reason):
            loaded = app
            offlineStart = OfflineStart(note: note, reason: reason)
        case .notFetched(let name, _):
            loaded = LoadedApp(app: ZappApp(screens: [], plugins: [], name: name), warnings: [], completeWarnings: nil)
        }
        if let signedIn { try Self.checkSignedIn(signedIn, app: loaded.app, isLoaded: offlineStart != nil || !start.isNotFetched) }
        let plugins = self.plugins
        let feedMap = loaded.app.feedMap

        let logURL = log.map { URL(fileURLWithPath: $0) } ?? stateDirectory.appendingPathComponent("zapp-shell.log")
        let logFile: FileLogHandler.File
        do {
            logFile = try FileLogHandler.File(url: logURL)
        } catch {
            Self.fail("cannot open the log file \(logURL.path): \(FileSystem.reason(error))")
        }
        let logger = Logger(label: "zapp-shell") { label in FileLogHandler(label: label, file: logFile) }
        logger.info("starting \(loaded.app.name) (state directory \(stateDirectory.path))")
        for warning in loaded.warnings { logger.warning("\(warning.description)") }
        if case .offline(_, let note, let reason) = start { logger.warning("\(reason); \(note)") }
        if case .notFetched(_, let reason) = start { logger.error("\(reason); no last good copy kept") }

        // An app whose commands will not run says so among its warnings (`w`), before any hook.
        // Trust is the user's, kept in the default state directory whatever --state-dir says.
        // Decided once per load, off the main actor; the services built next take it.
        let trustDirectory = PluginEnvironment.defaultStateDirectory(environment: environment)
        let decideTrust: nonisolated(nonsending) @Sendable (ZappApp) async -> CommandTrust = { running in
            await AppTrust.decide(app: running, argument: app, plugins: plugins, stateDirectory: trustDirectory)
        }
        let firstTrust = await decideTrust(loaded.app)
        let pendingTrust = PendingTrust(firstTrust)
        let firstTrustWarnings = AppTrust.warnings(app: loaded.app, plugins: plugins, trust: firstTrust)
        let current = Self.theme(theme, environment: environment)
        let images = ImageOption.resolveExplained(look.images, environment: environment)
        if let note = images.note { logger.info("\(note)") }
        var setup = ShellSetup(
            app: loaded.app,
            loadApp: {
                // Nothing reaches the terminal while the UI runs: a remote app's fetches are logged.
                let result = await location.load(plugins: plugins, progress: { logger.info("\($0)") }, offline: offline)
                guard var app = result.app, !result.hasBlockingErrors else {
                    let first = result.diagnostics.first { $0.code.stopsRunning }
                    let failure = AppLoadingError(message: first?.description ?? "the app could not be loaded")
                    logger.error("loading \(app ?? "the app") failed: \(failure.message)")
                    throw failure
                }
                app.feedMap = feedMap
                let warnings = (result.runWarnings + AppLocation.sourceWarnings(app)).map(\.description)
                logger.info("loaded \(app.name) (\(app.screens.count) screens, \(warnings.count) warnings)")
                for warning in warnings { logger.warning("\(warning)") }
                let trust = await decideTrust(app)
                pendingTrust.set(trust)
                return AppLoad(app: app, warnings: warnings + AppTrust.warnings(app: app, plugins: plugins, trust: trust))
            },
            makeServices: { [imageCacheBytes = imageCache.bytes, signedIn] running, presenter, trace in
                // Decided on every load: a reload after a file changed stops the commands running.
                let trust = pendingTrust.current
                if let notRun = trust.notRunLine { logger.warning("external hooks: \(notRun)") }
                return Self.services(
                    app: running, presenter: presenter, trace: trace, stateDirectory: stateDirectory, imageCacheBytes: imageCacheBytes,
                    logger: logger, trust: trust, signedIn: signedIn)
            },
            trace: TraceLog(logger: logger),
            deepLink: open, theme: current, loadThemes: { Self.themes(cycling: current) },
            forceASCII: ascii,
            warnings: loaded.warnings.map(\.description) + firstTrustWarnings,
            checkWarnings: loaded.completeWarnings.map { complete in
                let logged = Set(loaded.warnings.map(\.description))
                return {
                    let warnings = complete().map(\.description)
                    for warning in warnings where !logged.contains(warning) { logger.warning("\(warning)") }
                    return warnings + firstTrustWarnings
                }
            },
            browser: Self.browser(environment: environment),
            imageMode: images.mode,
            watchFiles: watch ? Self.watcher(app: loaded.app, theme: theme, logger: logger) : nil,
            loadTheme: Self.themeFile(theme))
        setup.imageNote = images.warning
        setup.offline = offlineStart
        if case .notFetched = start { setup.isLoaded = false }
        let options = CursesTerminal.Options(noColor: noColor)
        var observed = setup
        let recorder = record.map { _ in TapeRecorder() }
        if let recorder { observed.observer = { recorder.observe($0) } }
        let status = try await Self.runInteractive(
            setup: observed, options: options, environment: environment, logger: logger)
        logger.info("exit status \(status)")
        if let record, let recorder { writeTape(recorder, to: record) }
        if status != 0 { throw ExitCode(status) }
    }

    /// Starts ncurses and the event loop on the main actor; the terminal is restored on return.
    @MainActor
    private static func runInteractive(
        setup: ShellSetup, options: CursesTerminal.Options, environment: [String: String], logger: Logger
    ) async throws -> Int32 {
        let terminal: CursesTerminal
        do {
            terminal = try CursesTerminal(options: options, environment: environment)
        } catch {
            fail("\(error)")
        }
        defer { terminal.restore() }
        var setup = setup
        if !terminal.isUTF8 { setup.forceASCII = true }
        setup.queryTerminal = {
            let answer = terminal.queryTerminal()
            let cell = answer.cell.map { "\($0.width)x\($0.height) pixels" } ?? "unknown"
            logger.info("terminal query: image protocol \(answer.mode.rawValue), cell size \(cell)")
            return answer
        }
        // The number of colours, not the enum case: interpolating an enum reflects over it,
        // which costs the start about 2 million instructions (ARCHITECTURE.md, "Start").
        logger.info(
            "terminal \(terminal.terminalName), colours \(terminal.colorSupport.rawValue), UTF-8 \(terminal.isUTF8)")
        let runtime = ShellRuntime(terminal: terminal, setup: setup)
        return await runtime.run()
    }

    /// `--record TAPE`: the run's tape, its paths relative to the tape's folder; a tape that
    /// cannot be written is said on stderr (exit 1).
    @MainActor
    private func writeTape(_ recorder: TapeRecorder, to path: String) {
        let folder = TapeFile.folder(of: path)
        let header = Tape.Header(
            app: app.map { TapeFile.written($0, tapeFolder: folder) },
            plugins: plugins.map { TapeFile.written($0, tapeFolder: folder) },
            feeds: feeds.map { TapeFile.written($0, tapeFolder: folder) }, open: open)
        do {
            try TapeFile.write(recorder.tape(header: header), to: path)
        } catch {
            Self.fail("--record: cannot write \(path): \(FileSystem.reason(error))")
        }
    }

    /// The services for one app (the one wiring, `AppServices.builtIn`) over the run's trace,
    /// logging to `logger` (`run`'s log; `replay` logs nothing); its commands run as `trust`
    /// says (`AppTrust`). `signedIn` (`--signed-in`): sessions in memory, starting as that user.
    @MainActor
    static func services(
        app: ZappApp, presenter: any Presenter, trace: TraceLog, stateDirectory: URL,
        imageCacheBytes: Int = ImageLoader.defaultDiskCacheBytes, logger: Logger, trust: CommandTrust,
        signedIn: String? = nil
    ) -> AppServices {
        let environment = PluginEnvironment(
            stateDirectory: stateDirectory, appIdentity: BundledDemoApp.identity(for: app), appFolder: app.folder,
            logger: logger, presenter: presenter, sessions: signedIn.map { .inMemory(signedInUser: $0) } ?? .persistent,
            commandTrust: trust)
        var services = AppServices.builtIn(
            app: app, environment: environment, trace: trace, imageCacheBytes: imageCacheBytes, keepsImages: true)
        services.images = LoggedImages(base: services.images, logger: logger)
        return services
    }

    /// `--watch`: the app folder and, for `--theme PATH`, the theme file's folder.
    private static func watcher(app: ZappApp, theme: String?, logger: Logger)
        -> @MainActor @Sendable (@escaping @Sendable () -> Void) -> AnyObject?
    {
        var folders = app.folder.map { [$0] } ?? []
        if let theme, theme.hasSuffix(".json") {
            folders.append(URL(fileURLWithPath: theme).deletingLastPathComponent())
        }
        return { onChange in
            let watcher = AppFileWatcher(folders: folders, onChange: onChange)
            if watcher == nil { logger.warning("--watch: cannot watch \(folders.map(\.path))") }
            return watcher
        }
    }

    /// `--theme PATH`: reads the file again on a reload; nil for a theme found by name.
    private static func themeFile(_ option: String?) -> (@Sendable () async throws -> Theme)? {
        guard let option, option.contains("/") || option.hasSuffix(".json") else { return nil }
        return { try ThemeCatalog().resolve(option) }
    }

    /// The theme for `--theme NAME|PATH` (the ThemeCatalog lookup, reading only that theme's file).
    private static func theme(_ option: String?, environment: [String: String]) -> Theme {
        let folders = ThemeCatalog.searchFolders(
            environment: environment, executableURL: ThemeCatalog.currentExecutableURL)
        do {
            return try ThemeCatalog.resolveOne(option, folders: folders)
        } catch {
            fail("--theme \(option ?? ""): \(error)")
        }
    }

    /// The usable themes `t` cycles through, `current` (the `--theme` choice) included where the
    /// catalog lists it; read after the first frame (`ShellSetup.loadThemes`).
    private static func themes(cycling current: Theme) -> [Theme] {
        let catalog = ThemeCatalog()
        let others = catalog.themes.filter { $0.name != current.name }
        let position = catalog.themes.firstIndex { $0.name == current.name } ?? 0
        var all = others
        all.insert(current, at: min(position, all.count))
        return all
    }

    /// `--signed-in USER` must be a user some login plugin of the app can hold (`trace
    /// --signed-in`'s rule, message and exit status); an app not fetched yet is checked by its plugins
    /// when it loads (an unknown user is then signed in with no entitlements).
    private static func checkSignedIn(_ user: String, app: ZappApp, isLoaded: Bool) throws {
        guard isLoaded else { return }
        do {
            _ = try BuiltInRegistry.seeded(app: app, signedIn: user)
        } catch {
            Console.printError("zapp-shell run: \(error.message)")
            throw ExitCode(error.exitStatus)
        }
    }

    /// Prints `zapp-shell: message` to stderr and exits with status 1 (the terminal untouched).
    static func fail(_ message: String) -> Never {
        Console.printError("zapp-shell: \(message)")
        Glibc.exit(1)
    }

    /// `$BROWSER` when it names a command.
    static func browser(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let value = environment["BROWSER"], !value.allSatisfy(\.isWhitespace) else {
            return nil
        }
        return value
    }
}

/// The app's data could not be loaded during startup ("Loading failed", with retry).
struct AppLoadingError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
