#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ZappModel

/// A deep link given with `--open URL`, naming a screen of the app. Accepted forms:
/// - `zapp://screen/<id or name>` (also the schemes `zappshell` and `zapp-shell`);
/// - `zapp://open?screen=<id or name>` (same schemes);
/// - a bare screen id or name (`premium-movies`, `Premium`).
/// Percent-escapes are decoded; an id wins over a name (`ZappApp.screen(idOrName:)`).
public struct DeepLink: Sendable, Hashable {
    /// The link as given.
    public let url: String
    /// The screen id or name it names.
    public let screenKey: String

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
            return
        }
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(),
            Self.schemes.contains(scheme)
        else {
            throw DeepLinkError(url: url, reason: "unsupported link")
        }
        let host = components.host?.lowercased()
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
        "cannot open '\(url)': \(reason) (use zapp://screen/<id>, zapp://open?screen=<id>, or a screen id or name)"
    }
}
