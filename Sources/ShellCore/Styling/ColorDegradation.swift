import ZappModel

extension TerminalColor {
    /// This colour as the terminal can show it: truecolor is kept, 256-colour terminals get
    /// the nearest palette entry (the 6x6x6 cube or the grey ramp), 8-colour terminals the
    /// nearest basic colour, and `none` the terminal default.
    public func degraded(to support: ColorSupport) -> TerminalColor {
        switch (self, support) {
        case (.default, _), (_, .trueColor): return self
        case (_, .none): return .default
        case (.rgb(let r, let g, let b), .ansi256): return .ansi(Self.nearest256(r, g, b))
        case (.rgb(let r, let g, let b), .ansi8): return .ansi(Self.nearest8(r, g, b))
        case (.ansi(let index), .ansi8):
            if index < 8 { return self }
            if index < 16 { return .ansi(index - 8) }
            let (r, g, b) = Self.rgb(ofPaletteIndex: index)
            return .ansi(Self.nearest8(r, g, b))
        case (.ansi, .ansi256): return self
        }
    }

    /// The RGB value of a 256-palette index (xterm defaults).
    public static func rgb(ofPaletteIndex index: UInt8) -> (UInt8, UInt8, UInt8) {
        switch index {
        case 0..<16: return basic16[Int(index)]
        case 16..<232:
            let value = Int(index) - 16
            return (cubeLevels[value / 36], cubeLevels[(value / 6) % 6], cubeLevels[value % 6])
        default:
            let grey = UInt8(8 + (Int(index) - 232) * 10)
            return (grey, grey, grey)
        }
    }

    /// The nearest entry of the 256-colour palette (cube 16–231 or grey 232–255).
    public static func nearest256(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        func cubeIndex(_ value: UInt8) -> Int {
            let v = Int(value)
            if v < 48 { return 0 }
            if v < 115 { return 1 }
            return (v - 35) / 40
        }
        let ri = cubeIndex(r), gi = cubeIndex(g), bi = cubeIndex(b)
        let cube = (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
        let cubeDistance = distance((r, g, b), cube)
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let greyIndex = average > 238 ? 23 : max(0, (average - 3) / 10)
        let greyValue = UInt8(8 + greyIndex * 10)
        let greyDistance = distance((r, g, b), (greyValue, greyValue, greyValue))
        if greyDistance < cubeDistance { return UInt8(232 + greyIndex) }
        return UInt8(16 + ri * 36 + gi * 6 + bi)
    }

    /// The nearest of the 8 basic colours.
    public static func nearest8(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        var best = 0
        var bestDistance = Int.max
        for index in 0..<8 {
            let d = distance((r, g, b), basic16[index])
            if d < bestDistance {
                best = index
                bestDistance = d
            }
        }
        return UInt8(best)
    }

    /// The colour of a `ZappColor`, blended over `background` by its alpha; nil when fully
    /// transparent.
    public init?(_ color: ZappColor, over background: TerminalColor = .default) {
        guard color.alpha > 0 else { return nil }
        guard color.alpha < 255, case .rgb(let br, let bg, let bb) = background else {
            self = .rgb(color.red, color.green, color.blue)
            return
        }
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Int(top) * Int(color.alpha) + Int(bottom) * (255 - Int(color.alpha))) / 255)
        }
        self = .rgb(mix(color.red, br), mix(color.green, bg), mix(color.blue, bb))
    }

    private static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Int {
        let dr = Int(a.0) - Int(b.0), dg = Int(a.1) - Int(b.1), db = Int(a.2) - Int(b.2)
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }

    private static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    private static let basic16: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
}
