#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Logging
import Synchronization
import ZappCore
import ZappModel

/// The login provider behind `ZappShell.LocalLogin` and `ZappShell.HTTPLogin`: one per plugin
/// for the whole app run, shared by its hook runs, Settings and the startup sequence.
///
/// It shows the "Sign in" pane (Username, masked Password; a refused attempt shows the reason
/// and keeps the pane), keeps the session in a `SessionStore`, answers compliance with
/// `required_entitlements`, signs in silently from the saved session at launch, and, with
/// `startup_gateway: true`, offers the Sign-in pane when the app is ready.
/// Tokens never reach the log, the pane or a message.
final class CredentialLogin: LoginProvider, LoginProviderLogic, AppLoadingHook {
    /// The title of the sign-in pane.
    static let paneTitle = "Sign in"
    static let signInButton = "Sign in"
    static let cancelButton = "Cancel"
    static let usernameKey = "username"
    static let passwordKey = "password"

    /// How a sign-in pane ended.
    enum SignInResult: Sendable, Equatable {
        case signedIn
        /// The Cancel button.
        case cancelled
        /// The pane was closed (Esc) or the run was cancelled.
        case dismissed
    }

    let identifier: String
    let verifier: any CredentialVerifier
    let store: SessionStore
    let startupGateway: Bool
    private let presenter: any Presenter
    private let logger: Logger
    /// How many sign-in panes are up (`isPerformingAuthorizationFlow`).
    private let flowsInProgress = Mutex(0)

    init(
        identifier: String, verifier: any CredentialVerifier, store: SessionStore, startupGateway: Bool,
        presenter: any Presenter, logger: Logger
    ) {
        self.identifier = identifier
        self.verifier = verifier
        self.store = store
        self.startupGateway = startupGateway
        self.presenter = presenter
        self.logger = logger
    }

    // MARK: Sign-in pane

    /// Shows the sign-in pane until the user signs in as someone holding `requiredEntitlements`,
    /// cancels, or closes it. `purpose` is the pane's message when nobody is signed in.
    func signIn(presenter: any Presenter, requiredEntitlements: [String], purpose: String) async -> SignInResult {
        flowsInProgress.withLock { $0 += 1 }
        defer { flowsInProgress.withLock { $0 -= 1 } }

        var message = purpose
        if let current = await store.current() {
            let missing = current.missingEntitlements(requiredEntitlements)
            if !missing.isEmpty {
                message = Self.lacking(username: current.username, missing: missing)
                    + ". Sign in with another account."
            }
        }
        let pane = Pane(
            hookIdentifier: identifier, title: Self.paneTitle, message: message,
            fields: [
                PaneField(key: Self.usernameKey, label: "Username"),
                PaneField(key: Self.passwordKey, label: "Password", kind: .password),
            ],
            buttons: [Self.signInButton, Self.cancelButton])
        let session = await presenter.show(pane)
        while true {
            let answer = await session.nextAnswer()
            if Task.isCancelled {
                await session.close()
                return .dismissed
            }
            guard case .submitted(let button, let values) = answer else { return .dismissed }
            if button == Self.cancelButton {
                await session.close()
                logger.info("\(identifier): sign-in cancelled")
                return .cancelled
            }
            let username = (values[Self.usernameKey] ?? "").trimmingWhitespace
            let password = values[Self.passwordKey] ?? ""
            guard !username.isEmpty, !password.isEmpty else {
                await session.showError("Enter a username and a password")
                continue
            }
            await session.setBusy(true)
            let check = await verifier.verify(username: username, password: password, provider: identifier)
            await session.setBusy(false)
            if Task.isCancelled {
                await session.close()
                return .dismissed
            }
            switch check {
            case .rejected(let reason):
                logger.info("\(identifier): sign-in as \(username) refused: \(reason)")
                await session.showError(reason)
            case .accepted(let signedIn):
                await store.save(signedIn)
                logger.info("\(identifier): signed in as \(signedIn.description)")
                let missing = signedIn.missingEntitlements(requiredEntitlements)
                guard missing.isEmpty else {
                    await session.showError(Self.lacking(username: signedIn.username, missing: missing))
                    continue
                }
                await session.close()
                return .signedIn
            }
        }
    }

    /// "Your account (free) does not include: premium".
    static func lacking(username: String, missing: [String]) -> String {
        "Your account (\(username)) does not include: \(missing.joined(separator: ", "))"
    }

    /// The entitlements a policies object (or a screen's `general`) requires:
    /// `required_entitlements` as an array of strings or a single string.
    static func requiredEntitlements(_ policies: JSONObject?) -> [String] {
        guard let value = policies?["required_entitlements"] else { return [] }
        if let single = value.stringValue { return single.isEmpty ? [] : [single] }
        return value.arrayValue?.compactMap(\.stringValue).filter { !$0.isEmpty } ?? []
    }

    // MARK: LoginProvider

    func login(_ additionalParameters: JSONObject?) async -> LoginOperationStatus {
        let required = Self.requiredEntitlements(additionalParameters)
        switch await signIn(presenter: presenter, requiredEntitlements: required, purpose: "Sign in to continue.") {
        case .signedIn: return .completedSuccessfully
        case .cancelled, .dismissed: return .cancelled
        }
    }

    func logout() async -> LoginOperationStatus {
        await signOut()
        return .completedSuccessfully
    }

    func isAuthenticated() async -> Bool {
        await store.current() != nil
    }

    func isPerformingAuthorizationFlow() async -> Bool {
        flowsInProgress.withLock { $0 } > 0
    }

    func getUserToken() async -> String {
        await store.current()?.token ?? ""
    }

    func setUserToken(_ token: String?) async {
        guard let token, !token.isEmpty else {
            await signOut()
            return
        }
        var session = await store.current() ?? Session(username: "", token: token, provider: identifier)
        session.token = token
        await store.save(session)
        logger.info("\(identifier): user token set")
    }

    func isUserComply(policies: JSONObject) async -> Bool {
        guard let session = await store.current() else { return false }
        return session.missingEntitlements(Self.requiredEntitlements(policies)).isEmpty
    }

    func signedInUser() async -> String? {
        guard let session = await store.current() else { return nil }
        return session.username.isEmpty ? "(signed in with a token)" : session.username
    }

    private func signOut() async {
        let previous = await store.current()
        await store.clear()
        if let previous { logger.info("\(identifier): \(previous.username) signed out") }
    }

    // MARK: LoginProviderLogic

    func register(params: JSONObject?) async -> (success: Bool, errorMessage: String?) {
        (false, verifier.registrationMessage)
    }

    func login(params: JSONObject?) async -> (success: Bool, errorMessage: String?) {
        guard let username = params?[Self.usernameKey]?.stringValue, !username.isEmpty,
            let password = params?[Self.passwordKey]?.stringValue, !password.isEmpty
        else { return (false, "login needs \"username\" and \"password\"") }
        switch await verifier.verify(username: username, password: password, provider: identifier) {
        case .accepted(let session):
            await store.save(session)
            logger.info("\(identifier): signed in as \(session.description)")
            return (true, nil)
        case .rejected(let reason):
            logger.info("\(identifier): sign-in as \(username) refused: \(reason)")
            return (false, reason)
        }
    }

    func recoverPassword(params: JSONObject?) async -> (success: Bool, errorMessage: String?) {
        (false, verifier.passwordRecoveryMessage)
    }

    func logout(params: JSONObject?) async -> (success: Bool, errorMessage: String?) {
        await signOut()
        return (true, nil)
    }

    func loginDone(params: JSONObject?) async -> (success: Bool, errorMessage: String?) {
        logger.info("\(identifier): login flow done")
        return (true, nil)
    }

    func loginCancelled(params: JSONObject?) async -> (success: Bool, errorMessage: String?) {
        logger.info("\(identifier): login flow cancelled")
        return (true, nil)
    }

    // MARK: AppLoadingHook

    /// Silent sign-in: reads the saved session and, when this plugin made it, brings it up to
    /// date (a LocalLogin user removed from the configuration is signed out).
    func executeOnLaunch() async {
        guard let session = await store.current() else {
            logger.info("\(identifier): no saved session; signed out")
            return
        }
        guard session.provider == identifier else {
            logger.info("\(identifier): signed in as \(session.username) by \(session.provider)")
            return
        }
        switch await verifier.refresh(session) {
        case .success(let refreshed):
            if refreshed != session { await store.save(refreshed) }
            logger.info("\(identifier): signed in silently as \(refreshed.description)")
        case .failure(let failure):
            logger.warning("\(identifier): the saved session cannot be used (\(failure.reason)); signed out")
            await store.clear()
        }
    }

    /// The sign-in gateway (`startup_gateway: true`): offers the pane when nobody is signed in.
    func executeOnApplicationReady() async {
        guard startupGateway, await store.current() == nil else { return }
        let result = await signIn(
            presenter: presenter, requiredEntitlements: [],
            purpose: "Sign in to continue, or cancel to browse signed out.")
        logger.info("\(identifier): startup sign-in \(result == .signedIn ? "completed" : "skipped")")
    }
}
