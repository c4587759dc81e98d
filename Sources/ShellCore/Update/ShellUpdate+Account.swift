import ZappCore
import ZappModel

/// The session in the update: who is signed in, the Account pane (`a`: sign in as a known user,
/// a typed name, or out) and, on every change, the lock marks asked for again.
extension ShellUpdate {
    static func signedInUserChanged(_ user: String?, _ model: inout ShellModel) {
        guard user != model.view.signedInUser else { return }
        if let user, model.hasSubmittedPane { model.notify("Signed in as \(user)") }
        model.hasSubmittedPane = false
        model.view.signedInUser = user
        sessionChanged(&model)
    }

    /// The accounts arrived: the pane opens (a pane already open keeps its row and name).
    static func accountsLoaded(_ accounts: AccountList, _ model: inout ShellModel) -> [ShellEffect] {
        guard !accounts.logins.isEmpty else {
            model.notify("\(model.view.app.name) has no login plugin to sign in with", isError: true)
            return []
        }
        if accounts.signedInUser != model.view.signedInUser { signedInUserChanged(accounts.signedInUser, &model) }
        var pane = AccountPane(accounts: accounts)
        if case .account(let open) = model.view.overlay {
            pane.selection = open.selection
            pane.typed = open.typed
        } else if model.view.overlay != nil {
            return []
        }
        model.view.overlay = .account(pane)
        return []
    }

    static func handleAccountKey(_ key: Key, _ pane: AccountPane, _ model: inout ShellModel) -> [ShellEffect] {
        var pane = pane
        let count = pane.rows.count
        let typing: Bool
        if case .typedName? = pane.selectedRow { typing = true } else { typing = false }
        switch key {
        case .escape:
            model.view.overlay = nil
            return []
        case .up, .backTab:
            pane.selection = max(0, min(pane.selection, count - 1) - 1)
        case .down, .tab:
            pane.selection = max(0, min(count - 1, pane.selection + 1))
        case .character("k") where !typing:
            pane.selection = max(0, min(pane.selection, count - 1) - 1)
        case .character("j") where !typing:
            pane.selection = max(0, min(count - 1, pane.selection + 1))
        case .character("a") where !typing:
            model.view.overlay = nil
            return []
        case .character("q") where !typing:
            return quit(&model, status: 0)
        case .backspace where typing, .delete where typing:
            pane.typed = String(pane.typed.dropLast())
        case .control("u") where typing:
            pane.typed = ""
        case .character(let character) where typing:
            guard pane.typed.count < fieldLimit else { break }
            pane.typed.append(character)
        case .enter:
            return chooseAccountRow(pane, &model)
        default:
            break
        }
        model.view.overlay = .account(pane)
        return []
    }

    /// A click on the pane's row `index`: the cursor goes there, and the row is chosen as Enter
    /// would, except the typed-name row while no name is typed (the name is typed next).
    static func clickAccountRow(_ index: Int, _ model: inout ShellModel) -> [ShellEffect] {
        guard case .account(var pane) = model.view.overlay, pane.rows.indices.contains(index) else { return [] }
        pane.selection = index
        model.view.overlay = .account(pane)
        if case .typedName = pane.rows[index], pane.typed.trimmingWhitespace.isEmpty { return [] }
        return chooseAccountRow(pane, &model)
    }

    /// Enter on a row: sign in as its user (or the typed name), or sign out; the pane closes.
    private static func chooseAccountRow(_ pane: AccountPane, _ model: inout ShellModel) -> [ShellEffect] {
        switch pane.selectedRow {
        case .user(let login, let user)?:
            model.view.overlay = nil
            return [.switchAccount(login: login.identifier, username: user.username)]
        case .typedName(let login)?:
            let name = pane.typed.trimmingWhitespace
            guard !name.isEmpty else {
                model.notify("Type the name to sign in as", isError: true)
                return []
            }
            model.view.overlay = nil
            return [.switchAccount(login: login.identifier, username: name)]
        case .signOut?:
            model.view.overlay = nil
            return [.signOut]
        case nil:
            model.view.overlay = nil
            return []
        }
    }
}
