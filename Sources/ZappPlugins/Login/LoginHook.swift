import ZappCore
import ZappModel

/// The screen hook of a login plugin, made for each hook run: a flow blocker that lets the
/// user through when signed in as someone holding the target's `general.required_entitlements`,
/// and otherwise shows the sign-in pane.
final class LoginHook: ScreenHook {
    private let login: CredentialLogin
    private let context: HookContext

    init(login: CredentialLogin, context: HookContext) {
        self.login = login
        self.context = context
    }

    /// The built-in login hook always blocks the flow when sign-in does not succeed.
    var isFlowBlocker: Bool? { true }
    var hasUI: Bool { true }

    private var requiredEntitlements: [String] {
        CredentialLogin.requiredEntitlements(context.target.general)
    }

    /// False (nothing shown, the hook succeeds) when the signed-in user complies with the target.
    func requestScreenPluginPresentation() async -> Bool {
        let policies: JSONObject = ["required_entitlements": .array(requiredEntitlements.map(JSONValue.string))]
        return !(await login.isUserComply(policies: policies))
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
