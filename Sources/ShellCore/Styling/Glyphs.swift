import ZappModel

/// The glyphs of one border style.
public struct BorderGlyphs: Sendable, Hashable {
    public var horizontal, vertical, topLeft, topRight, bottomLeft, bottomRight: String

    public init(_ style: BorderStyle) {
        let parts: [String]
        switch style {
        case .single: parts = ["─", "│", "┌", "┐", "└", "┘"]
        case .rounded: parts = ["─", "│", "╭", "╮", "╰", "╯"]
        case .double: parts = ["═", "║", "╔", "╗", "╚", "╝"]
        case .heavy: parts = ["━", "┃", "┏", "┓", "┗", "┛"]
        case .ascii: parts = ["-", "|", "+", "+", "+", "+"]
        }
        (horizontal, vertical, topLeft, topRight, bottomLeft, bottomRight) =
            (parts[0], parts[1], parts[2], parts[3], parts[4], parts[5])
    }
}

/// The symbols the views draw: Unicode or, with `--ascii` or an ASCII theme, plain ASCII.
public struct Glyphs: Sendable, Hashable {
    public var isASCII: Bool
    public var border: BorderGlyphs
    /// A heavier border for the focused card.
    public var focusBorder: BorderGlyphs
    public var menu, back, close, overflow, ellipsis: String
    public var pointer, expanded, collapsed, bullet, separator: String
    public var spinner: [String]

    /// The spinner's frame for the model's `spinnerFrame` (its frames turn as the model ticks).
    public func spinner(at frame: Int) -> String {
        spinner.isEmpty ? "" : spinner[frame % spinner.count]
    }
    public var passwordMask: String
    public var disabledMark: String
    /// Marks a gated screen (a pre hook can stop its navigation) in the root menu and go-to:
    /// `Glyphs.lockMark`, or `#` in ASCII.
    public var lock: String

    /// The lock mark: a padlock's body and keyhole, U+25D8, which DejaVu Sans Mono, Liberation
    /// Mono and Noto Sans Mono all have (`fc-list ':charset=25d8'`); 🔒 is an empty box in the
    /// first, Debian's default monospace font.
    public static let lockMark = "◘"

    public init(set: GlyphSetName, border: BorderStyle) {
        let ascii = set == .ascii
        isASCII = ascii
        self.border = BorderGlyphs(ascii ? .ascii : border)
        focusBorder = BorderGlyphs(ascii ? .ascii : .heavy)
        menu = ascii ? "=" : "≡"
        back = ascii ? "<" : "‹"
        close = ascii ? "x" : "✕"
        overflow = ascii ? "..." : "…"
        ellipsis = ascii ? "~" : "…"
        pointer = ascii ? ">" : "▸"
        expanded = ascii ? "v" : "▾"
        collapsed = ascii ? ">" : "▸"
        bullet = ascii ? "*" : "•"
        separator = ascii ? "|" : "│"
        spinner = ascii ? ["|", "/", "-", "\\"] : ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
        passwordMask = "*"
        disabledMark = ascii ? "-" : "·"
        lock = ascii ? "#" : Self.lockMark
    }
}
