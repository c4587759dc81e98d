#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A UI theme: a style (colours and attributes) for each UI role, the glyph set and the
/// border style. Read from JSON files in `themes/`; roles a file leaves out take the
/// compiled-in dark theme's style, so a partial theme still draws everything.
public struct Theme: Sendable, Hashable, Codable {
    public var name: String
    public var glyphs: GlyphSetName
    public var border: BorderStyle
    public var roles: [ThemeRole: ThemeStyle]

    public init(name: String, glyphs: GlyphSetName = .unicode, border: BorderStyle = .rounded, roles: [ThemeRole: ThemeStyle]) {
        self.name = name
        self.glyphs = glyphs
        self.border = border
        self.roles = roles
    }

    /// The style of a role (the default theme's when this theme leaves it out).
    public subscript(role: ThemeRole) -> ThemeStyle {
        roles[role] ?? Theme.defaultDark.roles[role] ?? ThemeStyle()
    }

    private enum CodingKeys: String, CodingKey {
        case name, glyphs, border, roles
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? "unnamed"
        glyphs = try container.decodeIfPresent(GlyphSetName.self, forKey: .glyphs) ?? .unicode
        border = try container.decodeIfPresent(BorderStyle.self, forKey: .border) ?? .rounded
        let raw = try container.decodeIfPresent([String: ThemeStyle].self, forKey: .roles) ?? [:]
        var roles: [ThemeRole: ThemeStyle] = [:]
        for (key, style) in raw {
            guard let role = ThemeRole(rawValue: key) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .roles, in: container,
                    debugDescription: "unknown role \"\(key)\" (known: \(ThemeRole.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            roles[role] = style
        }
        self.roles = roles
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(glyphs, forKey: .glyphs)
        try container.encode(border, forKey: .border)
        var raw: [String: ThemeStyle] = [:]
        for (role, style) in roles { raw[role.rawValue] = style }
        try container.encode(raw, forKey: .roles)
    }

    /// Decodes a theme file, naming the file and the problem on failure. The syntax is checked by
    /// the project's own `JSONParser` first, like every other input: errors carry the line and
    /// column, and what it refuses (trailing commas, comments) is refused here too.
    public static func decode(_ data: Data, file: String) throws -> Theme {
        do {
            _ = try JSONParser.parse(data)
        } catch {
            throw ThemeError.invalid(file: file, reason: error.description)
        }
        do {
            return try JSONDecoder().decode(Theme.self, from: data)
        } catch let error as DecodingError {
            throw ThemeError.invalid(file: file, reason: Self.describe(error))
        } catch {
            throw ThemeError.invalid(file: file, reason: "\(error)")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            "$" + context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
        }
        switch error {
        case .dataCorrupted(let context):
            if let underlying = context.underlyingError, context.codingPath.isEmpty {
                return "not valid JSON (\(FileSystem.reason(underlying)))"
            }
            return "\(path(context)): \(context.debugDescription)"
        case .keyNotFound(let key, let context): return "\(path(context)): missing \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}

/// A problem with a theme file or name.
public enum ThemeError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalid(file: String, reason: String)
    case unreadable(file: String, reason: String)
    case notFound(name: String, searched: [String])

    public var description: String {
        switch self {
        case .invalid(let file, let reason): return "theme \(file): \(reason)"
        case .unreadable(let file, let reason): return "theme \(file): cannot be read (\(reason))"
        case .notFound(let name, let searched):
            let places = searched.isEmpty ? "" : " (searched: \(searched.joined(separator: ", ")))"
            return "no theme named \"\(name)\"\(places); `zapp-shell themes` lists the available ones"
        }
    }
}

/// Which glyphs the UI draws: Unicode box drawing and symbols, or plain ASCII.
public enum GlyphSetName: String, Sendable, Hashable, Codable, CaseIterable {
    case unicode
    case ascii
}

/// How pane and card borders are drawn.
public enum BorderStyle: String, Sendable, Hashable, Codable, CaseIterable {
    case single
    case rounded
    case double
    case heavy
    case ascii
}

/// A UI role a theme styles.
public enum ThemeRole: String, Sendable, Hashable, Codable, CaseIterable {
    /// The screen background and body text.
    case base
    /// Secondary text (subtitles, hints).
    case dim
    /// Highlights (the focused area's marker, links).
    case accent
    case bar
    case barTitle = "bar_title"
    case barButton = "bar_button"
    case barButtonDisabled = "bar_button_disabled"
    /// A bar button under keyboard focus.
    case barButtonFocused = "bar_button_focused"
    case menu
    case menuHeader = "menu_header"
    /// The current root item.
    case menuSelected = "menu_selected"
    /// The menu item under keyboard focus.
    case menuFocused = "menu_focused"
    case menuDisabled = "menu_disabled"
    case tabBar = "tab_bar"
    case tabSelected = "tab_selected"
    case tabFocused = "tab_focused"
    case sectionTitle = "section_title"
    case cell
    case cellFocused = "cell_focused"
    case placeholder
    case pane
    case paneBorder = "pane_border"
    case paneTitle = "pane_title"
    case field
    case fieldFocused = "field_focused"
    case button
    case buttonFocused = "button_focused"
    case error
    case status
    case statusKey = "status_key"
    case toast
    case trace
    case overlay
    case epgNow = "epg_now"
}

/// The style of one role: foreground and background colours (`#AARRGGBB`/`#RRGGBB`, absent
/// for the terminal's default) and attributes.
public struct ThemeStyle: Sendable, Hashable, Codable {
    public var foreground: ZappColor?
    public var background: ZappColor?
    public var bold: Bool
    public var dim: Bool
    public var underline: Bool
    public var reverse: Bool
    public var italic: Bool

    public init(
        foreground: ZappColor? = nil, background: ZappColor? = nil, bold: Bool = false, dim: Bool = false,
        underline: Bool = false, reverse: Bool = false, italic: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
        self.italic = italic
    }

    private enum CodingKeys: String, CodingKey {
        case foreground = "fg", background = "bg", bold, dim, underline, reverse, italic
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func color(_ key: CodingKeys) throws -> ZappColor? {
            guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
            guard let color = ZappColor(hex: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "expected #AARRGGBB or #RRGGBB, got \"\(text)\"")
            }
            return color
        }
        foreground = try color(.foreground)
        background = try color(.background)
        bold = try container.decodeIfPresent(Bool.self, forKey: .bold) ?? false
        dim = try container.decodeIfPresent(Bool.self, forKey: .dim) ?? false
        underline = try container.decodeIfPresent(Bool.self, forKey: .underline) ?? false
        reverse = try container.decodeIfPresent(Bool.self, forKey: .reverse) ?? false
        italic = try container.decodeIfPresent(Bool.self, forKey: .italic) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(foreground?.description, forKey: .foreground)
        try container.encodeIfPresent(background?.description, forKey: .background)
        if bold { try container.encode(true, forKey: .bold) }
        if dim { try container.encode(true, forKey: .dim) }
        if underline { try container.encode(true, forKey: .underline) }
        if reverse { try container.encode(true, forKey: .reverse) }
        if italic { try container.encode(true, forKey: .italic) }
    }
}
