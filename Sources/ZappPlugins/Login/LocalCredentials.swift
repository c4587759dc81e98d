#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ZappCore
import ZappModel

/// `ZappShell.LocalLogin`'s users: `configuration_json.users[]` with `username`, `password`
/// and `entitlements`, plus optional `session_seconds` (how long a sign-in lasts; forever
/// when absent). The demo's way to try login gating with no server.
///
/// Without a `users` key (a real app's login plugin served by LocalLogin, whose configuration
/// is meant for another class) any non-empty username and password sign in, with no
/// entitlements, so the app's gating can still be tried. `users: []` lets nobody in.
struct LocalCredentials: CredentialVerifier {
    struct User: Sendable, Hashable {
        var username: String
        var password: String
        var entitlements: [String]
    }

    /// The configured users; nil when the configuration has no `users` (anyone may sign in).
    let users: [User]?
    let sessionDuration: Double?
    let now: @Sendable () -> Date

    var className: String { BuiltInPluginClass.localLogin.rawValue }
    var registrationMessage: String {
        "\(className) cannot register users: they are listed in the plugin's configuration_json.users"
    }
    var passwordRecoveryMessage: String {
        "\(className) cannot recover passwords: they are set in the plugin's configuration_json.users"
    }

    /// Reads `users` (may be empty: nobody can sign in) and `session_seconds`.
    init(configuration: JSONObject, now: @escaping @Sendable () -> Date) throws {
        let reader = ConfigurationReader(configuration)
        var users: [User] = []
        let configured = try reader.objects("users")
        for user in configured ?? [] {
            let username = try user.requiredString("username")
            guard !users.contains(where: { $0.username == username }) else {
                throw PluginConfigurationError("\(user.path(of: "username")): \"\(username)\" is listed twice")
            }
            users.append(User(
                username: username, password: try user.requiredString("password"),
                entitlements: try user.strings("entitlements") ?? []))
        }
        self.users = configured == nil ? nil : users
        self.sessionDuration = try reader.seconds("session_seconds")
        self.now = now
    }

    var knownUsers: [KnownUser] { (users ?? []).map { KnownUser(username: $0.username, entitlements: $0.entitlements) } }
    var acceptsAnyUsername: Bool { users == nil }

    func verify(username: String, password: String, provider: String) async -> CredentialCheck {
        guard let users else {
            return .accepted(session(for: User(username: username, password: "", entitlements: []), provider: provider))
        }
        guard let user = users.first(where: { $0.username == username }), user.password == password else {
            return .rejected("Wrong username or password")
        }
        return .accepted(session(for: user, provider: provider))
    }

    func refresh(_ session: Session) async -> Result<Session, RefreshFailure> {
        guard let users else { return .success(session) }
        guard let user = users.first(where: { $0.username == session.username }) else {
            return .failure(RefreshFailure(reason: "user \"\(session.username)\" is no longer configured"))
        }
        var refreshed = session
        refreshed.entitlements = user.entitlements
        return .success(refreshed)
    }

    func traceSession(username: String, provider: String) -> (session: Session, warning: String?) {
        if let user = users?.first(where: { $0.username == username }) {
            return (session(for: user, provider: provider), nil)
        }
        let warning = users == nil ? nil : "\"\(username)\" is not in configuration_json.users; signed in with no entitlements"
        return (session(for: User(username: username, password: "", entitlements: []), provider: provider), warning)
    }

    private func session(for user: User, provider: String) -> Session {
        Session(
            username: user.username, token: "local-" + UUID().uuidString.lowercased(),
            entitlements: user.entitlements, expiresAt: sessionDuration.map { now().addingTimeInterval($0) },
            provider: provider)
    }
}
