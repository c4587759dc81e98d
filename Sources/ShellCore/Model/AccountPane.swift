import ZappCore

/// The Account pane (`a`): who is signed in and what the app's login plugins can switch to (a
/// configured user, a typed name, or signing out), the row chosen and the name typed.
public struct AccountPane: Sendable, Hashable {
    /// One line of the pane that Enter acts on.
    public enum Row: Sendable, Hashable {
        /// Sign in as a user the login knows.
        case user(login: LoginAccounts, user: KnownUser)
        /// Sign in as the name typed (a login that takes any name).
        case typedName(login: LoginAccounts)
        case signOut
    }

    public var accounts: AccountList
    public var selection: Int
    /// The name typed on a `typedName` row.
    public var typed: String

    public init(accounts: AccountList, selection: Int = 0, typed: String = "") {
        self.accounts = accounts
        self.selection = selection
        self.typed = typed
    }

    /// The rows, in order: each login's users and its typed name, then Sign out when someone is
    /// signed in.
    public var rows: [Row] {
        var rows: [Row] = []
        for login in accounts.logins {
            rows += login.users.map { .user(login: login, user: $0) }
            if login.acceptsAnyUsername { rows.append(.typedName(login: login)) }
        }
        if accounts.signedInUser != nil { rows.append(.signOut) }
        return rows
    }

    /// The chosen row, kept inside the list.
    public var selectedRow: Row? {
        let rows = rows
        return rows.isEmpty ? nil : rows[min(max(0, selection), rows.count - 1)]
    }
}

extension LoginAccounts {
    /// "Premium Login (zapptv_login)", or the identifier alone when the plugin has no name.
    public var shownName: String {
        name == identifier ? identifier : "\(name) (\(identifier))"
    }
}
