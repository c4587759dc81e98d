#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ZappModel

/// A deep link given with `--open URL`, naming a screen of the app. Accepted forms:
/// - `zapp://screen/<id or name>` (also the schemes `zappshell` and `zapp-shell`);
/// - `zapp://open?screen=<id or name>` (same schemes);
/// - `<any scheme>://present?screen_id=<id>` (a Zapp app's own links, `myapp://present?...`);
///   its other query keys (`&data=...`) go into the dataDict the linked screen's hooks receive,
///   a value that is a JSON object or array as that JSON, any other as a string;
/// - a bare screen id or name (`premium-movies`, `Premium`).
/// Percent-escapes are decoded; an id wins over a name (`ZappApp.screen(idOrName:)`).
public struct DeepLink: Sendable, Hashable {
    /// The link as given.
    public let url: String
    /// The screen id or name it names.
    public let screenKey: String
    /// The link's extra query keys, for the linked screen's hooks; nil when there are none.
    public let dataDict: JSONObject?

    /// The schemes ZappShell accepts for screen links.
    public static let schemes: Set<String> = ["zapp", "zappshell", "zapp-shell"]

    /// Parses a link; a URL of another scheme, or one that names no screen, is an error whose
    /// message says which forms are accepted.
    public init(_ url: String) throws(DeepLinkError) {
        let trimmed = url.trimmingWhitespace
        guard !trimmed.isEmpty else { throw DeepLinkError(url: url, reason: "the link is empty") }
        self.url = url
        guard trimmed.contains("://") else {
            screenKey = trimmed
            dataDict = nil
            return
        }
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased() else {
            throw DeepLinkError(url: url, reason: "unsupported link")
        }
        let host = components.host?.lowercased()
        let query = components.queryItems ?? []
        if host == "present" {
            guard let key = query.first(where: { $0.name == "screen_id" })?.value, !key.isEmpty else {
                throw DeepLinkError(url: url, reason: "it names no screen (present needs ?screen_id=ID)")
            }
            screenKey = key
            var data: JSONObject = [:]
            for item in query where item.name != "screen_id" {
                data[item.name] = Self.dataValue(item.value ?? "")
            }
            dataDict = data.isEmpty ? nil : data
            return
        }
        dataDict = nil
        guard Self.schemes.contains(scheme) else {
            throw DeepLinkError(url: url, reason: "unsupported link")
        }
        // `URLComponents.path` is already percent-decoded.
        let path = components.path.split(separator: "/").map(String.init)
        if host == "screen", path.count == 1, let key = path.first, !key.isEmpty {
            screenKey = key
        } else if host == "open", let key = components.queryItems?.first(where: { $0.name == "screen" })?.value,
            !key.isEmpty
        {
            screenKey = key
        } else {
            throw DeepLinkError(url: url, reason: "it names no screen")
        }
    }

    /// A query value for the dataDict: a JSON object or array as that JSON, else the string.
    static func dataValue(_ text: String) -> JSONValue {
        if let first = text.first, first == "{" || first == "[", let value = try? JSONParser.parse(text) {
            return value
        }
        return .string(text)
    }

    /// The screen the link names in the app.
    public func screen(in app: ZappApp) -> ScreenModel? {
        app.screen(idOrName: screenKey)
    }
}

/// A deep link that cannot be used.
public struct DeepLinkError: Error, CustomStringConvertible, Sendable, Hashable {
    public var url: String
    public var reason: String

    public var description: String {
        "cannot open \(Quoted.value(url, mark: "'", limit: 120)): \(reason) (use <scheme>://present?screen_id=<id>, zapp://screen/<id>, zapp://open?screen=<id>, or a screen id or name)"
    }
}
