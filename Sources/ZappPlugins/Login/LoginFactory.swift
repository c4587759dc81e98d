import ZappCore

/// A login plugin: one provider for the app run, a new `LoginHook` per hook run.
struct LoginFactory: PluginFactory {
    let login: CredentialLogin

    func makeScreenHook(context: HookContext) -> (any ScreenHook)? {
        LoginHook(login: login, context: context)
    }

    var loginProvider: (any LoginProvider)? { login }
    var appLoadingHook: (any AppLoadingHook)? { login }
    var accountSwitching: (any AccountSwitching)? { login }
}
