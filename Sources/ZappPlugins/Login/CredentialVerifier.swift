#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ZappCore

/// The result of checking a username and password.
enum CredentialCheck: Sendable {
    /// Accepted: the session to keep (with its token and entitlements).
    case accepted(Session)
    /// Refused, with the reason to show in the pane ("Wrong username or password").
    case rejected(String)
}

/// How a login plugin checks credentials: against configured users (`LocalCredentials`) or a
/// server (`HTTPCredentials`). The sign-in pane, the session and the hook are shared
/// (`CredentialLogin`); only this part differs.
protocol CredentialVerifier: Sendable {
    /// The plugin class, for messages (`ZappShell.LocalLogin`).
    var className: String { get }
    /// What `register` answers (registration is not something ZappShell offers).
    var registrationMessage: String { get }
    /// What `recoverPassword` answers.
    var passwordRecoveryMessage: String { get }

    /// Checks the credentials; the session it returns belongs to `provider`.
    func verify(username: String, password: String, provider: String) async -> CredentialCheck

    /// Brings a saved session made by this plugin up to date at launch (silent sign-in);
    /// a failure signs the user out, with the reason.
    func refresh(_ session: Session) async -> Result<Session, RefreshFailure>

    /// The users the Account pane offers (configured users; none for a server).
    var knownUsers: [KnownUser] { get }
    /// Whether the Account pane takes a typed username.
    var acceptsAnyUsername: Bool { get }

    /// The session `zapp-shell trace --signed-in USER` starts with, and a warning when the
    /// user is not one this plugin knows.
    func traceSession(username: String, provider: String) -> (session: Session, warning: String?)
}

/// Why a saved session can no longer be used (logged as a warning; the user is signed out).
struct RefreshFailure: Error, Sendable {
    var reason: String
}
