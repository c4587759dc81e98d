import ShellCore
import ZappCore
import ZappModel

/// The Account pane's work (`a`): the accounts of the running app's login plugins, and switching
/// to a user without a pane; the update hears who is signed in after (the lock marks follow).
@MainActor
extension ShellRuntime {
    func loadAccounts() {
        guard let registry = services.registry else {
            inbox.post(.notice("This app has no login plugin", isError: true))
            return
        }
        runInBackground { runtime in
            runtime.inbox.post(.accountsLoaded(await registry.accounts()))
        }
    }

    func switchAccount(login: String, username: String) {
        guard let registry = services.registry, let switcher = registry.accountSwitching(identifier: login) else {
            inbox.post(.notice("No login plugin \(login) to sign in with", isError: true))
            return
        }
        let name = registry.plugin(identifier: login).map { $0.configuration.manifest.name.isEmpty ? login : "\($0.configuration.manifest.name) (\(login))" } ?? login
        let provider = services.loginProvider
        runInBackground { runtime in
            let note = await switcher.switchAccount(to: username)
            runtime.inbox.post(.notice("Signed in as \(username) with \(name)" + (note.map { ": \($0)" } ?? ""), isError: false))
            runtime.inbox.post(.signedInUserChanged(await provider?.signedInUser() ?? username))
        }
    }
}
