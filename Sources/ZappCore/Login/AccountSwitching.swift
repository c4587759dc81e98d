import ZappModel

/// A user a login plugin knows without asking anyone (LocalLogin's configured users).
public struct KnownUser: Sendable, Hashable {
    public var username: String
    public var entitlements: [String]

    public init(username: String, entitlements: [String]) {
        self.username = username
        self.entitlements = entitlements
    }
}

/// A login the Account pane (`a`) and `run --signed-in` can switch to a user without its
/// sign-in pane: ZappShell's tool for testing gating, not an SDK protocol. The session it
/// starts is the one `trace --signed-in` seeds (a configured user's entitlements; a server-
/// checked login is not contacted and gives none).
public protocol AccountSwitching: AnyObject, Sendable {
    /// The users it knows (empty for a server-checked login).
    var knownUsers: [KnownUser] { get }
    /// Whether a typed username is accepted (a server-checked login, or a local one without a
    /// user list); otherwise only `knownUsers`.
    var acceptsAnyUsername: Bool { get }
    /// Signs in as `username`, replacing whoever was signed in; a note when the user is not one
    /// it knows (signed in with no entitlements).
    func switchAccount(to username: String) async -> String?
}

/// The Account pane's view of one login plugin of the app.
public struct LoginAccounts: Sendable, Hashable {
    public var identifier: String
    /// The plugin's name (its manifest's `name`, else the identifier).
    public var name: String
    public var users: [KnownUser]
    public var acceptsAnyUsername: Bool

    public init(identifier: String, name: String, users: [KnownUser], acceptsAnyUsername: Bool) {
        self.identifier = identifier
        self.name = name
        self.users = users
        self.acceptsAnyUsername = acceptsAnyUsername
    }
}

/// What the Account pane shows: who is signed in and each login plugin's accounts.
public struct AccountList: Sendable, Hashable {
    public var signedInUser: String?
    public var logins: [LoginAccounts]

    public init(signedInUser: String?, logins: [LoginAccounts]) {
        self.signedInUser = signedInUser
        self.logins = logins
    }
}
