import ZappModel

/// `ZPLoginOperationStatus`.
public enum LoginOperationStatus: Sendable, Hashable {
    case completedSuccessfully
    case failed(reason: String)
    case cancelled
}

/// A login provider (`ZPLoginProviderProtocol` with its user-data part).
public protocol LoginProvider: AnyObject, Sendable {
    /// Shows the sign-in flow (with `additionalParameters`, e.g. the policies of the target).
    func login(_ additionalParameters: JSONObject?) async -> LoginOperationStatus
    func logout() async -> LoginOperationStatus
    func isAuthenticated() async -> Bool
    func isPerformingAuthorizationFlow() async -> Bool
    /// The current token ("" when signed out). Never logged, traced or shown.
    func getUserToken() async -> String
    /// Sets the token; nil clears it (signs out).
    func setUserToken(_ token: String?) async
    /// Whether the signed-in user complies with the policies (e.g. `required_entitlements`).
    func isUserComply(policies: JSONObject) async -> Bool
    /// Who is signed in, for Settings (nil when signed out).
    func signedInUser() async -> String?
}

/// The provider-logic calls (`ZPLoginProviderLogicProtocol`), each completing with
/// success and an optional error message.
public protocol LoginProviderLogic: AnyObject, Sendable {
    func register(params: JSONObject?) async -> (success: Bool, errorMessage: String?)
    func login(params: JSONObject?) async -> (success: Bool, errorMessage: String?)
    func recoverPassword(params: JSONObject?) async -> (success: Bool, errorMessage: String?)
    func logout(params: JSONObject?) async -> (success: Bool, errorMessage: String?)
    func loginDone(params: JSONObject?) async -> (success: Bool, errorMessage: String?)
    func loginCancelled(params: JSONObject?) async -> (success: Bool, errorMessage: String?)
}
