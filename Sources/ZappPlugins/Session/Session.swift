#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A signed-in user as the session store keeps it: who, their token, what they are entitled
/// to, until when, and which login plugin signed them in.
///
/// Its descriptions never include the token, so a session can be logged or traced safely.
public struct Session: Sendable, Hashable, Codable {
    public var username: String
    /// Secret: only the session file and `getUserToken()` ever see it.
    public var token: String
    public var entitlements: [String]
    /// When the session ends; nil for a session that does not expire.
    public var expiresAt: Date?
    /// The identifier of the login plugin that made the session.
    public var provider: String

    public init(username: String, token: String, entitlements: [String] = [], expiresAt: Date? = nil, provider: String) {
        self.username = username
        self.token = token
        self.entitlements = entitlements
        self.expiresAt = expiresAt
        self.provider = provider
    }

    /// True once `expiresAt` has passed.
    public func isExpired(at now: Date) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt <= now
    }

    /// The entitlements of `required` this session lacks, in the order given.
    public func missingEntitlements(_ required: [String]) -> [String] {
        required.filter { !entitlements.contains($0) }
    }

    /// Reads a session file; `entitlements` and `expires_at` may be left out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        username = try container.decode(String.self, forKey: .username)
        token = try container.decode(String.self, forKey: .token)
        entitlements = try container.decodeIfPresent([String].self, forKey: .entitlements) ?? []
        expiresAt = try container.decodeIfPresent(Date.self, forKey: .expiresAt)
        provider = try container.decode(String.self, forKey: .provider)
    }

    enum CodingKeys: String, CodingKey {
        case username
        case token
        case entitlements
        case expiresAt = "expires_at"
        case provider
    }
}

extension Session: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        var text = "\(username) via \(provider)"
        if !entitlements.isEmpty { text += " [\(entitlements.joined(separator: ", "))]" }
        if let expiresAt { text += " until \(expiresAt.formatted(.iso8601))" }
        return text
    }

    public var debugDescription: String { "Session(\(description))" }

    /// Keeps the token out of `dump` and debugger output.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: ["username": username, "entitlements": entitlements, "expiresAt": expiresAt as Any, "provider": provider],
            displayStyle: .struct
        )
    }
}
