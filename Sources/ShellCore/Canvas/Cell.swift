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

extension CellStyle {
    /// The style in one word: the foreground's `TerminalColor.packed` in bits 0–25, the
    /// background's in bits 26–51, the attributes in bits 52–59.
    var packed: UInt64 {
        UInt64(foreground.packed) | UInt64(background.packed) << 26 | UInt64(attributes.rawValue) << 52
    }

    init(packed: UInt64) {
        foreground = TerminalColor(packed: UInt32(truncatingIfNeeded: packed & 0x3FF_FFFF))
        background = TerminalColor(packed: UInt32(truncatingIfNeeded: packed >> 26 & 0x3FF_FFFF))
        attributes = CellAttributes(rawValue: UInt8(truncatingIfNeeded: packed >> 52))
    }
}

extension TerminalColor {
    /// The colour in 26 bits: its kind in the top two (0 default, 1 palette index, 2 RGB), its
    /// index or its red, green and blue bytes below.
    var packed: UInt32 {
        switch self {
        case .default: 0
        case .ansi(let index): 1 << 24 | UInt32(index)
        case .rgb(let red, let green, let blue): 2 << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
        }
    }

    init(packed: UInt32) {
        switch packed >> 24 {
        case 1: self = .ansi(UInt8(truncatingIfNeeded: packed))
        case 2: self = .rgb(UInt8(truncatingIfNeeded: packed >> 16), UInt8(truncatingIfNeeded: packed >> 8), UInt8(truncatingIfNeeded: packed))
        default: self = .default
        }
    }
}

/// One cell of the canvas. A wide character (CJK, most emoji) occupies its cell and the
/// next one, which holds a `continuation` cell with an empty grapheme.
///
/// The grapheme is stored inline as UTF-8 (up to 15 bytes, which covers ASCII, CJK, most
/// emoji) so that a cell is plain data: filling and comparing frames copies bytes instead of
/// retaining strings. A longer cluster (a long ZWJ sequence, stacked marks; rare) is kept by the
/// canvas it is drawn into (`Canvas.longGraphemes`), the cell holding its digest and length.
public struct Cell: Sendable, Hashable {
    /// UTF-8 bytes 0–7 of the grapheme.
    private var low: UInt64
    /// UTF-8 bytes 8–14, and the byte count in the top byte (`GraphemeStore.longMarker` marks a
    /// grapheme longer than 15 bytes: `low` is then its digest, the rest of `high` its length).
    private var high: UInt64
    /// The style in one word (`CellStyle.packed`): a cell is compared and copied as plain words,
    /// which is most of what a frame's diff does.
    private var packedStyle: UInt64
    /// True for the right half of a wide character.
    public var isContinuation: Bool
    /// Nonzero in a cell a protocol image owns (`CanvasImage.mark`): the image view writes it,
    /// and anything drawn over the cell later replaces the cell and with it the mark, so the
    /// cells still marked after a frame are where the image shows (ARCHITECTURE.md, "Images
    /// are cells"). Part of the cell's equality: a cell an image gains or loses is written again.
    public var imageMark: UInt32 = 0

    public init(grapheme: String = " ", style: CellStyle = .plain, isContinuation: Bool = false) {
        (low, high) = GraphemeStore.pack(grapheme)
        packedStyle = style.packed
        self.isContinuation = isContinuation
    }

    /// A cell holding one ASCII character (no string involved).
    init(asciiByte: UInt8, style: CellStyle) {
        low = UInt64(asciiByte)
        high = 1 << 56
        packedStyle = style.packed
        isContinuation = false
    }

    /// A cell holding one scalar that is a grapheme of its own (no string involved).
    init(scalar: Unicode.Scalar, style: CellStyle) {
        var bytes: UInt64 = 0
        var count: UInt64 = 0
        UTF8.encode(scalar) { byte in
            bytes |= UInt64(byte) << (count * 8)
            count += 1
        }
        low = bytes
        high = count << 56
        packedStyle = style.packed
        isContinuation = false
    }

    public var style: CellStyle {
        get { CellStyle(packed: packedStyle) }
        set { packedStyle = newValue.packed }
    }

    /// The style as one word, equal exactly when the styles are: what a frame writer compares
    /// neighbouring cells by and keys its caches with.
    public var styleKey: UInt64 { packedStyle }

    /// The grapheme cluster drawn in the cell ("" for a continuation cell); U+FFFD for one longer
    /// than 15 bytes, which only its canvas knows (`Canvas.grapheme(of:)`).
    public var grapheme: String {
        get { longKey == nil ? GraphemeStore.unpack(low, high) : "\u{FFFD}" }
        set { (low, high) = GraphemeStore.pack(newValue) }
    }

    /// The key of a grapheme longer than 15 bytes in its canvas's `longGraphemes`; nil for others.
    var longKey: UInt64? {
        high >> 56 == GraphemeStore.longMarker ? low : nil
    }

    /// The grapheme's one byte when it is a single byte (ASCII), without making a string.
    public var singleByte: UInt8? {
        high == 1 << 56 ? UInt8(truncatingIfNeeded: low) : nil
    }

    /// Appends the grapheme's UTF-8 bytes to `output` without making a string (a long one through
    /// its canvas: `Canvas.appendUTF8(of:to:)`).
    func appendUTF8(to output: inout [UInt8]) {
        let count = Int(high >> 56)
        for offset in 0..<count {
            let word = offset < 8 ? low : high
            output.append(UInt8(truncatingIfNeeded: word >> UInt64((offset % 8) * 8)))
        }
    }

    public static let blank = Cell()
}

/// Packs graphemes into two words; a longer one into its digest and length.
enum GraphemeStore {
    static let longMarker: UInt64 = 0xFF

    static func pack(_ grapheme: String) -> (UInt64, UInt64) {
        let utf8 = grapheme.utf8
        let count = utf8.count
        if count == 1, let byte = utf8.first { return (UInt64(byte), 1 << 56) }
        guard count <= 15 else { return (digest(utf8), longMarker << 56 | UInt64(count) & 0xFF_FFFF_FFFF_FFFF) }
        var low: UInt64 = 0
        var high: UInt64 = 0
        var offset: UInt64 = 0
        for byte in utf8 {
            if offset < 8 {
                low |= UInt64(byte) << (offset * 8)
            } else {
                high |= UInt64(byte) << ((offset - 8) * 8)
            }
            offset += 1
        }
        return (low, high | UInt64(count) << 56)
    }

    /// FNV-1a over the bytes: the same on every run, so equal long graphemes give equal cells in
    /// every canvas.
    static func digest(_ bytes: String.UTF8View) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01B3
        }
        return hash
    }

    static func unpack(_ low: UInt64, _ high: UInt64) -> String {
        let count = Int(high >> 56)
        if count == 1 { return singleByte(UInt8(truncatingIfNeeded: low)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for offset in 0..<count {
            let word = offset < 8 ? low : high
            bytes.append(UInt8(truncatingIfNeeded: word >> UInt64((offset % 8) * 8)))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func singleByte(_ byte: UInt8) -> String {
        byte < 0x80 ? Canvas.asciiGraphemes[Int(byte)] : String(decoding: [byte], as: UTF8.self)
    }
}
