#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ShellCore
import ZappModel

extension AssetStore {
    /// The largest text asset read (`FileSystem.contents` refuses larger ones, and anything but
    /// a regular file, before reading them).
    static let maximumBytes = 65_536

    /// Reads every text asset named by the app's navigation bars, each name once (a large app
    /// names the same few on every screen, and a missing one must not be looked for again on
    /// each). Files larger than 64 KiB, binary files and remote URLs are skipped; lines are kept
    /// as written (`Canvas` sanitises what it draws, like every other text). Of a large river
    /// `run` has not decoded yet, only the screens decoded so far are looked at, unless
    /// `readingUndecoded` (off the main actor, with the deferred checks: `.loadWarningsChecked`),
    /// which decodes each of the others as it reads it, and keeps none.
    public init(app: ZappApp, readingUndecoded: Bool = false) {
        var texts: [String: [String]] = [:]
        var seen: Set<String> = []
        for position in app.screens.indices where readingUndecoded || app.screens.isDecoded(position) {
            let screen = app.screens[position]
            for navigation in screen.navigations {
                let assets = navigation.assets
                for asset in [assets.appLogo, assets.backButton, assets.closeButton, assets.menuButton,
                    assets.background, assets.backgroundTablet].compactMap({ $0 }) where seen.insert(asset).inserted
                {
                    if let lines = Self.read(asset, app: app) { texts[asset] = lines }
                }
            }
        }
        self.init(texts: texts)
    }

    private static func read(_ asset: String, app: ZappApp) -> [String]? {
        guard let url = app.localAssetURL(asset),
            case .success(let data) = FileSystem.contents(atPath: url.path, limit: maximumBytes), !data.contains(0),
            let text = String(data: data, encoding: .utf8)
        else { return nil }
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
        while let first = lines.first, first.allSatisfy(\.isWhitespace), lines.count > 1 { lines.removeFirst() }
        return lines.isEmpty ? nil : lines
    }
}
