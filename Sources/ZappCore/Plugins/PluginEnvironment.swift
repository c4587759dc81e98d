#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import ZappModel

/// What every plugin factory is given besides its own configuration: where state lives,
/// where to log, who the app is, how panes are shown outside a hook run, and the clocks
/// (injected so that tests are deterministic).
public struct PluginEnvironment: Sendable {
    /// How login sessions are kept.
    public enum Sessions: Sendable, Hashable {
        /// Sessions are read from and written to the state directory (the normal app).
        case persistent
        /// Sessions live in memory only and the state directory is never touched
        /// (`zapp-shell trace`); `signedInUser` starts signed in as that user, nil signed out.
        case inMemory(signedInUser: String?)
    }

    /// The state directory (`--state-dir`, default `defaultStateDirectory`); plugins keep
    /// per-app files in it (login sessions).
    public var stateDirectory: URL
    /// A stable, file-name-safe name of the app, used to name per-app files (`appIdentity(for:)`).
    public var appIdentity: String
    /// The app folder: relative paths in configuration (external hook commands) resolve against it.
    public var appFolder: URL?
    /// The log (a file in the UI; never stdout or stderr while the terminal UI runs).
    public var logger: Logger
    /// Shows panes outside a hook run: startup gateways and Settings' "Sign in". Hooks use
    /// `HookContext.presenter`, which the hook manager observes.
    public var presenter: any Presenter
    /// How long a hook without UI may run before it counts as failed (default 30 s). A plugin's
    /// `configuration_json.timeout_seconds` overrides it for that plugin.
    public var hookTimeout: Duration
    /// Persistent or in-memory sessions.
    public var sessions: Sessions
    /// The clock hooks' timeouts and retries read and sleep on; tests inject a controlled one.
    public var clock: any Clock<Duration>
    /// The current time (session expiry); tests inject a fixed one.
    public var now: @Sendable () -> Date
    /// Whether the app's commands may run (`CommandTrust`); untrusted unless the maker decided.
    public var commandTrust: CommandTrust

    public init(
        stateDirectory: URL, appIdentity: String, appFolder: URL? = nil, logger: Logger,
        presenter: any Presenter, hookTimeout: Duration = .seconds(30), sessions: Sessions = .persistent,
        clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() }, commandTrust: CommandTrust = .undecided
    ) {
        self.stateDirectory = stateDirectory
        self.appIdentity = appIdentity
        self.appFolder = appFolder
        self.logger = logger
        self.presenter = presenter
        self.hookTimeout = hookTimeout
        self.sessions = sessions
        self.clock = clock
        self.now = now
        self.commandTrust = commandTrust
    }

    /// `$XDG_STATE_HOME/zapp-shell`, else `~/.local/state/zapp-shell`.
    public static func defaultStateDirectory(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> URL
    {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state).appendingPathComponent("zapp-shell")
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/state/zapp-shell")
    }

    /// A stable identity for an app: its name made file-name safe, plus a hash of its folder
    /// path so that two apps with the same folder name keep separate sessions. The same app
    /// gets the same identity in every run (the hash is FNV-1a, not Swift's seeded `Hasher`).
    public static func appIdentity(for app: ZappApp) -> String {
        let safeName = String(app.name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
        let name = safeName.isEmpty ? "app" : safeName
        guard let folder = app.folder else { return name }
        var hash: UInt32 = 2_166_136_261
        for byte in folder.standardizedFileURL.path.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        let hex = String(hash, radix: 16)
        return name + "-" + String(repeating: "0", count: 8 - hex.count) + hex
    }
}
