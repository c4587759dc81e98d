import ShellUI

/// Turns the UI's colours into ncurses colour numbers that the terminal can show,
/// degrading truecolor → 256 → 8 → none.
struct ColorMapper: Sendable {
    /// The colour number ncurses uses for the terminal's default colour (`use_default_colors`).
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
            case .ansi256 where paletteSize >= 256: return Int32(Self.nearest256(r, g, b))
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

    /// The RGB of xterm palette entry `index` (0–255): 16 system colours, the 6×6×6 cube, 24 greys.
    static func paletteRGB(_ index: Int) -> (UInt8, UInt8, UInt8) {
        if index < 16 { return xtermPalette[index] }
        if index < 232 {
            let cube = index - 16
            return (UInt8(cubeLevels[cube / 36]), UInt8(cubeLevels[(cube / 6) % 6]), UInt8(cubeLevels[cube % 6]))
        }
        let grey = UInt8(8 + 10 * (min(index, 255) - 232))
        return (grey, grey, grey)
    }

    /// A direct-colour number. Values below 8 mean the basic ANSI colours in ncurses'
    /// direct-colour mode, so near-black is nudged to the nearest true RGB value.
    static func directColor(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int32 {
        let value = Int32(r) << 16 | Int32(g) << 8 | Int32(b)
        return max(value, 8)
    }

    /// The nearest xterm-256 colour: the 6×6×6 cube or the 24-step grey ramp.
    static func nearest256(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        func cubeIndex(_ value: UInt8) -> Int {
            let v = Int(value)
            if v < 48 { return 0 }
            if v < 115 { return 1 }
            return (v - 35) / 40
        }
        let (ri, gi, bi) = (cubeIndex(r), cubeIndex(g), cubeIndex(b))
        let cube = (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
        let cubeColor = 16 + 36 * ri + 6 * gi + bi

        let average = (Int(r) + Int(g) + Int(b)) / 3
        let greyIndex = average > 238 ? 23 : max(0, (average - 3) / 10)
        let grey = 8 + 10 * greyIndex
        let greyColor = 232 + greyIndex

        let cubeDistance = distance((r, g, b), (UInt8(cube.0), UInt8(cube.1), UInt8(cube.2)))
        let greyDistance = distance((r, g, b), (UInt8(grey), UInt8(grey), UInt8(grey)))
        return greyDistance < cubeDistance ? greyColor : cubeColor
    }

    /// The nearest of the first `count` (8 or 16) ANSI colours.
    static func nearestBasic(_ r: UInt8, _ g: UInt8, _ b: UInt8, count: Int) -> Int {
        var best = 0
        var bestDistance = Int.max
        for index in 0..<min(count, xtermPalette.count) {
            let d = distance((r, g, b), xtermPalette[index])
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

    static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// xterm's default 16-colour palette.
    static let xtermPalette: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
}
