/// Whether the app's configuration may start processes (`ZappShell.ExternalHook` commands): an
/// app is data, and only a local app the user trusted (`zapp-shell trust APP`), the bundled demo
/// app or a folder `zapp-shell init` wrote runs its commands (ARCHITECTURE.md, "Threat model").
/// Every plugin factory gets the decision in `PluginEnvironment.commandTrust`; an untrusted
/// external hook becomes a stand-in pane that says the command was not run.
public enum CommandTrust: Sendable, Hashable {
    /// The commands run (in the app folder: an app in memory, a folder that is ours).
    case trusted
    /// The commands run from `AppSnapshot`, the private copy of the app folder made while its
    /// trust was checked: what runs is exactly what was digested.
    case trustedCopy(AppSnapshot)
    /// No command runs: `app` is how the user names the app (`zapp-shell trust APP`), `reason` why.
    case untrusted(app: String, reason: UntrustedReason)

    /// Why an app's commands do not run.
    public enum UntrustedReason: Sendable, Hashable {
        /// The app was never trusted (or its trust was revoked).
        case notTrusted
        /// A command, or any file in the app folder, changed since `zapp-shell trust`.
        case changed
        /// The app folder cannot be trusted at all (a symbolic link leaving it, a device, a FIFO,
        /// too many files); the message says which and why.
        case untrustable(String)
        /// An http(s) app: never trusted, by any route.
        case remote
        /// The trust file cannot be read or parsed (the message says what and where): nothing
        /// in it is believed.
        case unreadableTrustFile(String)
        /// Made where nobody decided (an app in memory, a test): the safe default.
        case undecided
    }

    /// What `PluginEnvironment` holds when its maker cannot know: nothing runs.
    public static let undecided = CommandTrust.untrusted(app: "the app", reason: .undecided)

    public var isTrusted: Bool {
        switch self {
        case .trusted, .trustedCopy: return true
        case .untrusted: return false
        }
    }

    /// The private copy the commands run from, when there is one.
    public var snapshot: AppSnapshot? {
        if case .trustedCopy(let snapshot) = self { return snapshot }
        return nil
    }

    /// The line `trace`, `gates`, tapes and the stand-in pane show for a command that was not
    /// run: `not run: ./app is not trusted (zapp-shell trust ./app)`; nil when trusted.
    public var notRunLine: String? {
        guard case .untrusted(let app, let reason) = self else { return nil }
        let command = "zapp-shell trust \(app)"
        switch reason {
        case .notTrusted: return "\(Self.notRunPrefix)\(app) is not trusted (\(command))"
        case .changed: return "\(Self.notRunPrefix)\(app) changed since it was trusted (\(command))"
        case .untrustable(let problem): return "\(Self.notRunPrefix)\(app) cannot be trusted: \(problem)"
        case .remote: return "\(Self.notRunPrefix)\(app) is an http(s) app; its commands never run"
        case .unreadableTrustFile(let problem):
            return "\(Self.notRunPrefix)\(app) is not trusted: \(problem) (\(command) writes it again)"
        case .undecided: return "\(Self.notRunPrefix)\(app) is not trusted"
        }
    }

    /// How every not-run line begins (tapes pick them out of the trace by it).
    public static let notRunPrefix = "not run: "
}
