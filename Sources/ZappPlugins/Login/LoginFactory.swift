import ZappCore
import ZappModel

/// A login plugin: one provider for the app run, a new `LoginHook` per hook run.
struct LoginFactory: PluginFactory {
    let login: CredentialLogin

    func hookTraits(_ plugin: PluginConfiguration, hookScreen: ScreenModel?) -> HookTraits? {
        HookTraits(
            kind: .login, hasUI: true, isFlowBlocker: HookTraits.configuredFlowBlocker(plugin),
            mayFailWithoutPresentation: true)
    }

    func makeScreenHook(context: HookContext) -> (any ScreenHook)? {
        LoginHook(login: login, context: context)
    }

    var loginProvider: (any LoginProvider)? { login }
    var appLoadingHook: (any AppLoadingHook)? { login }
    var accountSwitching: (any AccountSwitching)? { login }
}
