#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ZappCore
import ZappModel

/// `ZappShell.HTTPLogin`'s check: POSTs `{"username", "password"}` as JSON to
/// `configuration_json.endpoint` and waits at most `timeout_seconds` (default 10).
///
/// - 2xx with `{"token": ..., "entitlements": [...]?, "expires_in": seconds?}`: signed in;
/// - 401 / 403: refused with the server's message (`error` or `message` of a JSON body,
///   else the text body), else "Wrong username or password";
/// - any other answer, an unreachable server or a timeout: refused with a reason that names
///   the host or the time limit.
struct HTTPCredentials: CredentialVerifier {
    /// The default time limit of a sign-in request, in seconds.
    static let defaultTimeout: Double = 10
    /// The largest answer read from the endpoint.
    static let maximumBytes = 1024 * 1024

    let endpoint: URL
    let timeout: Double
    let now: @Sendable () -> Date
    let client = HTTPClient()

    var className: String { BuiltInPluginClass.httpLogin.rawValue }
    var registrationMessage: String { "\(className) cannot register users: register with the service itself" }
    var passwordRecoveryMessage: String {
        "\(className) cannot recover passwords: use the service's own password recovery"
    }

    init(configuration: JSONObject, now: @escaping @Sendable () -> Date) throws {
        let reader = ConfigurationReader(configuration)
        let text = try reader.requiredString("endpoint")
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false
        else {
            throw PluginConfigurationError("\(reader.path(of: "endpoint")): expected an http(s) URL, got \"\(text)\"")
        }
        endpoint = url
        timeout = try reader.seconds("timeout_seconds") ?? Self.defaultTimeout
        self.now = now
    }

    /// True for https, and for http to this machine (where nothing crosses a network).
    var isEncryptedOrLocal: Bool {
        endpoint.scheme?.lowercased() == "https" || ["localhost", "127.0.0.1", "::1", "[::1]"].contains(endpoint.host ?? "")
    }

    func verify(username: String, password: String, provider: String) async -> CredentialCheck {
        let body: JSONValue = ["username": .string(username), "password": .string(password)]
        switch await client.postJSON(Data(body.jsonText.utf8), to: endpoint, timeout: timeout, maximumBytes: Self.maximumBytes) {
        case .failure(let failure):
            return .rejected("Sign-in failed: \(failure)")
        case .success(let response):
            return check(response, username: username, provider: provider)
        }
    }

    /// A saved session is trusted until it expires (the store drops it then).
    func refresh(_ session: Session) async -> Result<Session, RefreshFailure> {
        .success(session)
    }

    /// The server is not asked: the user is signed in with no entitlements.
    var knownUsers: [KnownUser] { [] }
    var acceptsAnyUsername: Bool { true }

    func traceSession(username: String, provider: String) -> (session: Session, warning: String?) {
        (Session(username: username, token: "trace-" + UUID().uuidString.lowercased(), provider: provider), nil)
    }

    private func check(_ response: HTTPResponse, username: String, provider: String) -> CredentialCheck {
        let host = HTTPClient.shown(endpoint)
        let json = try? JSONParser.parse(response.body)
        switch response.status {
        case 200..<300:
            guard let object = json?.objectValue else {
                return .rejected("Sign-in failed: \(host) answered \(response.status) without a JSON object")
            }
            guard let token = object["token"]?.stringValue, !token.isEmpty else {
                return .rejected("Sign-in failed: \(host) answered \(response.status) without a \"token\"")
            }
            let entitlements = object["entitlements"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let expiresAt = object["expires_in"]?.doubleValue.flatMap { seconds in
                seconds > 0 && seconds.isFinite ? now().addingTimeInterval(seconds) : nil
            }
            return .accepted(Session(
                username: username, token: token, entitlements: entitlements, expiresAt: expiresAt, provider: provider))
        case 401, 403:
            return .rejected(serverMessage(json: json, body: response.body) ?? "Wrong username or password")
        default:
            var reason = "Sign-in failed: \(host) answered \(response.status)"
            if let message = serverMessage(json: json, body: response.body) { reason += " (\(message))" }
            return .rejected(reason)
        }
    }

    /// The server's explanation: `error` or `message` of a JSON object, else the body's first
    /// line of plain text (not HTML), cleaned of control characters and kept short.
    private func serverMessage(json: JSONValue?, body: Data) -> String? {
        let text: String
        if let object = json?.objectValue {
            guard let message = object["error"]?.stringValue ?? object["message"]?.stringValue else { return nil }
            text = message
        } else {
            let body = String(decoding: body, as: UTF8.self)
            guard !body.trimmingWhitespace.hasPrefix("<") else { return nil }
            text = body.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        }
        let cleaned = String(text.unicodeScalars.filter { ![.control, .format].contains($0.properties.generalCategory) }.map(Character.init))
            .trimmingWhitespace
        guard !cleaned.isEmpty else { return nil }
        return cleaned.count > 200 ? String(cleaned.prefix(199)) + "…" : cleaned
    }
}
