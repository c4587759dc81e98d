/// A terminal colour as the UI asks for it; the backend degrades it to what the terminal has.
public enum TerminalColor: Sendable, Hashable {
    /// The terminal's own default foreground or background.
    case `default`
    /// A palette index: the 8 basic ANSI colours (0–7), their bright variants (8–15), or an
    /// entry of the 256-colour palette (16–255: the 6x6x6 cube, then the grey ramp).
    case ansi(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)
}

/// Text attributes of a cell.
public struct CellAttributes: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = CellAttributes(rawValue: 1 << 0)
    public static let dim = CellAttributes(rawValue: 1 << 1)
    public static let underline = CellAttributes(rawValue: 1 << 2)
    public static let reverse = CellAttributes(rawValue: 1 << 3)
    public static let italic = CellAttributes(rawValue: 1 << 4)
}

/// Foreground, background and attributes: how a run of text is drawn.
public struct CellStyle: Sendable, Hashable {
    public var foreground: TerminalColor
    public var background: TerminalColor
    public var attributes: CellAttributes

    public init(foreground: TerminalColor = .default, background: TerminalColor = .default, attributes: CellAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public static let plain = CellStyle()
}

/// One cell of the canvas. A wide character (CJK, most emoji) occupies its cell and the
/// next one, which holds a `continuation` cell with an empty grapheme.
public struct Cell: Sendable, Hashable {
    public var grapheme: String
    public var style: CellStyle
    /// True for the right half of a wide character.
    public var isContinuation: Bool

    public init(grapheme: String = " ", style: CellStyle = .plain, isContinuation: Bool = false) {
        self.grapheme = grapheme
        self.style = style
        self.isContinuation = isContinuation
    }

    public static let blank = Cell()
}
