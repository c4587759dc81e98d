import ZappModel

/// The text assets of an app's bars (ASCII-art logos, one-glyph buttons, background
/// patterns), read once so that drawing never touches the file system. Remote and unreadable
/// assets are absent: the views then fall back (title instead of logo, theme glyphs, colour).
/// The runtime reads them (`AssetStore+Reading.swift` in ShellUI).
public struct AssetStore: Sendable, Hashable {
    /// Lines of each asset, keyed by the asset string as written in river.json.
    public var texts: [String: [String]]

    public init(texts: [String: [String]] = [:]) {
        self.texts = texts
    }

    /// The lines of an asset (nil when absent or unreadable).
    public func lines(_ asset: String?) -> [String]? {
        guard let asset, let lines = texts[asset], !lines.isEmpty else { return nil }
        return lines
    }
}
