import ZappCore
import ZappModel

/// The screen hook of a login plugin, made for each hook run: lets the user through when signed
/// in as someone who complies with the navigation's policies (`HookContext.policies`: the
/// target's `general` and the cell's entry, their `required_entitlements`), and otherwise shows
/// the sign-in pane. Whether a failure blocks follows the one rule of every hook.
final class LoginHook: ScreenHook {
    private let login: CredentialLogin
    private let context: HookContext

    init(login: CredentialLogin, context: HookContext) {
        self.login = login
        self.context = context
    }

    private var requiredEntitlements: [String] {
        CredentialLogin.requiredEntitlements(context.policies)
    }

    /// False (nothing shown) when the signed-in user complies with the navigation's policies.
    func requestScreenPluginPresentation() async -> Bool {
        !(await login.isUserComply(policies: context.policies))
    }

    /// No sign-in pane may be shown: signed in and complying succeeds, anything else fails.
    func executeHookWithoutPresentation(dataDict: JSONObject?) async -> HookOutcome {
        if await login.isUserComply(policies: context.policies) { return .succeeded(dataDict: dataDict) }
        let who = await login.signedInUser().map { "signed in as \($0) without \(requiredEntitlements.joined(separator: ", "))" }
            ?? "not signed in"
        return .failed(reason: "\(who), and the sign-in pane may not be shown", dataDict: dataDict)
    }

    func executeHook(dataDict: JSONObject?) async -> HookOutcome {
        if !(await requestScreenPluginPresentation()) { return .succeeded(dataDict: dataDict) }
        let purpose = "Sign in to open \(context.target.name.isEmpty ? context.target.id : context.target.name)."
        switch await login.signIn(
            presenter: context.presenter, requiredEntitlements: requiredEntitlements, purpose: purpose)
        {
        case .signedIn: return .succeeded(dataDict: dataDict)
        // Cancel and Esc close the pane alike, with the SDK's reason.
        case .cancelled, .dismissed: return .failed(reason: ScreenHookManager.userClosedReason, dataDict: dataDict)
        }
    }
}
