import ShellCore
import ShellUI

/// Turns the UI's colours into colour numbers the terminal can show (palette indices, or 24-bit
/// values numbered as ncurses' direct-colour entries number them), degrading truecolor → 256 →
/// 8 → none; `TerminalPen` writes them as SGR parameters.
struct ColorMapper: Sendable {
    /// The number of the terminal's default colour (SGR 39/49).
    static let defaultColor: Int32 = -1

    let support: ColorSupport
    /// The terminal's palette size (`COLORS`): 8, 16, 256, or 2^24 with direct colour.
    let paletteSize: Int

    init(support: ColorSupport, paletteSize: Int) {
        self.support = support
        self.paletteSize = paletteSize
    }

    /// The ncurses colour number for `color`; -1 is the terminal's default colour.
    func colorNumber(for color: TerminalColor) -> Int32 {
        if support == .none { return Self.defaultColor }
        switch color {
        case .default:
            return Self.defaultColor
        case .ansi(let index):
            return paletteNumber(Int(index))
        case .rgb(let r, let g, let b):
            switch support {
            case .trueColor: return Self.directColor(r, g, b)
            case .ansi256 where paletteSize >= 256: return Int32(TerminalColor.nearest256(r, g, b))
            case .ansi256, .ansi8, .none: return Int32(Self.nearestBasic(r, g, b, count: paletteSize >= 16 ? 16 : 8))
            }
        }
    }

    /// The colour number of xterm palette entry `index` (0–255) in this terminal: kept when the
    /// palette has it, the same RGB as a direct colour in truecolor, else the nearest entry of
    /// the 16 or 8 basic colours (bright 8–15 fold onto 0–7 in an 8-colour palette).
    private func paletteNumber(_ index: Int) -> Int32 {
        switch support {
        case .none:
            return Self.defaultColor
        case .trueColor:
            if index < 8 { return Int32(index) }
            let (r, g, b) = Self.paletteRGB(index)
            return Self.directColor(r, g, b)
        case .ansi256 where paletteSize >= 256:
            return Int32(index)
        case .ansi256, .ansi8:
            let basic = paletteSize >= 16 ? 16 : 8
            if index < basic { return Int32(index) }
            if index < 16 { return Int32(index - 8) }
            let (r, g, b) = Self.paletteRGB(index)
            return Int32(Self.nearestBasic(r, g, b, count: basic))
        }
    }

    /// The RGB of xterm palette entry `index` (0–255), as ShellCore's colour degradation defines it.
    static func paletteRGB(_ index: Int) -> (UInt8, UInt8, UInt8) {
        TerminalColor.rgb(ofPaletteIndex: UInt8(clamping: index))
    }

    /// A direct-colour number. Values below 8 mean the basic ANSI colours in ncurses'
    /// direct-colour mode, so near-black is nudged to the nearest true RGB value.
    static func directColor(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int32 {
        let value = Int32(r) << 16 | Int32(g) << 8 | Int32(b)
        return max(value, 8)
    }

    /// The nearest of the first `count` (8 or 16) ANSI colours.
    static func nearestBasic(_ r: UInt8, _ g: UInt8, _ b: UInt8, count: Int) -> Int {
        var best = 0
        var bestDistance = Int.max
        for index in 0..<min(count, 16) {
            let d = distance((r, g, b), paletteRGB(index))
            if d < bestDistance {
                bestDistance = d
                best = index
            }
        }
        return best
    }

    /// The approximate RGB of an ncurses colour number in this palette (nil: the default colour).
    func approximateRGB(of number: Int32) -> (UInt8, UInt8, UInt8)? {
        if number < 0 { return nil }
        if support == .trueColor && number >= 8 {
            return (UInt8(truncatingIfNeeded: number >> 16), UInt8(truncatingIfNeeded: number >> 8), UInt8(truncatingIfNeeded: number))
        }
        let index = Int(number)
        if index < 256 { return Self.paletteRGB(index) }
        return nil
    }

    /// A perceptual ("redmean") squared distance between two colours.
    static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Int {
        let meanRed = (Int(a.0) + Int(b.0)) / 2
        let dr = Int(a.0) - Int(b.0)
        let dg = Int(a.1) - Int(b.1)
        let db = Int(a.2) - Int(b.2)
        return ((512 + meanRed) * dr * dr) >> 8 + 4 * dg * dg + ((767 - meanRed) * db * db) >> 8
    }
}
