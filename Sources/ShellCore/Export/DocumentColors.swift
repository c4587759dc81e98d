import ZappModel

/// A 24-bit colour as documents write it.
public struct RGBColor: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#RRGGBB`, upper case (as the theme files write colours).
    public var hex: String {
        let digits = Array("0123456789ABCDEF")
        var text = "#"
        for value in [red, green, blue] {
            text.append(digits[Int(value >> 4)])
            text.append(digits[Int(value & 0x0F)])
        }
        return text
    }

    /// This colour moved `fraction` (0–1) of the way towards `other`.
    func mixed(with other: RGBColor, fraction: Double) -> RGBColor {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * fraction).rounded()) }
        return RGBColor(mix(red, other.red), mix(green, other.green), mix(blue, other.blue))
    }
}

/// A cell style resolved for a document: concrete colours and the attributes a document shows.
public struct DocumentStyle: Sendable, Hashable {
    public var foreground: RGBColor
    public var background: RGBColor
    public var bold: Bool
    public var italic: Bool
    public var underline: Bool
}

/// How a canvas's colours look in a document (SVG, HTML), which has no terminal to ask. Colours
/// resolve as the 24-bit terminal path draws them (`ColorMapper` in truecolor): a 24-bit colour is
/// kept and a palette index is its xterm RGB. The terminal's default colours, which a document
/// cannot know, are the theme's base role, or light grey on black where the theme leaves them to
/// the terminal. Reverse swaps the two colours; dim draws the foreground halfway to the background.
public struct DocumentColors: Sendable, Hashable {
    /// The colour of `.default` text.
    public var foreground: RGBColor
    /// The colour of a `.default` background: the document's own background.
    public var background: RGBColor

    /// Light grey on black: the default colours of a theme that sets none (xterm's).
    public static let terminal = DocumentColors(foreground: RGBColor(229, 229, 229), background: RGBColor(0, 0, 0))

    public init(foreground: RGBColor, background: RGBColor) {
        self.foreground = foreground
        self.background = background
    }

    /// The default colours of `theme`: its base role as a 24-bit terminal shows it.
    public init(theme: Theme) {
        let base = Palette(theme: theme, support: .trueColor)[.base]
        let fallback = Self.terminal
        self.init(
            foreground: Self.rgb(base.foreground) ?? fallback.foreground,
            background: Self.rgb(base.background) ?? fallback.background)
    }

    /// A cell style in this document's colours.
    public func resolve(_ style: CellStyle) -> DocumentStyle {
        var foreground = Self.rgb(style.foreground) ?? self.foreground
        var background = Self.rgb(style.background) ?? self.background
        let attributes = style.attributes
        if attributes.contains(.reverse) { swap(&foreground, &background) }
        if attributes.contains(.dim) { foreground = foreground.mixed(with: background, fraction: 0.5) }
        return DocumentStyle(
            foreground: foreground, background: background, bold: attributes.contains(.bold),
            italic: attributes.contains(.italic), underline: attributes.contains(.underline))
    }

    /// The RGB of a terminal colour (nil for the terminal's default).
    static func rgb(_ color: TerminalColor) -> RGBColor? {
        switch color {
        case .default: return nil
        case .rgb(let r, let g, let b): return RGBColor(r, g, b)
        case .ansi(let index):
            let (r, g, b) = TerminalColor.rgb(ofPaletteIndex: index)
            return RGBColor(r, g, b)
        }
    }
}
