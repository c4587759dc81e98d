#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A UI theme: a style (colours and attributes) for each UI role, the glyph set and the
/// border style. Read from JSON files in `themes/`; roles a file leaves out take the
/// compiled-in dark theme's style, so a partial theme still draws everything.
public struct Theme: Sendable, Hashable {
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

    /// Decodes a theme file with the project's own `JSONParser` and `ThemeDecoder`, like every
    /// other input: a syntax error carries its line and column, a wrong value its JSON path, and
    /// what the parser refuses (trailing commas, comments) is refused here too.
    public static func decode(_ data: Data, file: String) throws(ThemeError) -> Theme {
        let (theme, diagnostics) = ThemeDecoder.decode(data, file: file)
        guard let theme, !diagnostics.containsErrors else {
            throw ThemeError.invalid(diagnostics.filter(\.isError))
        }
        return theme
    }
}

/// A problem with a theme file or name.
public enum ThemeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file's errors (syntax with line and column, values with their JSON path), one a line.
    case invalid([Diagnostic])
    case unreadable(file: String, reason: String)
    case notFound(name: String, searched: [String])

    public var description: String {
        switch self {
        case .invalid(let diagnostics): return diagnostics.map(\.description).joined(separator: "\n")
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
public struct ThemeStyle: Sendable, Hashable {
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
}
