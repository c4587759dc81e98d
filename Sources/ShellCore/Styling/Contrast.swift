import ZappModel

/// Legibility as WCAG 2 measures it: the contrast ratio of two colours' relative luminances,
/// from 1:1 to 21:1. Letters need 4.5:1 against their background (AA), disabled items 3:1;
/// `CellStyle.legible` keeps every style the views draw at least there, at every colour depth.
public enum Contrast {
    /// Letters (WCAG AA).
    public static let text = 4.5
    /// Disabled items.
    public static let disabled = 3.0

    /// The contrast ratio of two sRGB colours (1...21).
    public static func ratio(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// The relative luminance of an sRGB colour.
    public static func luminance(_ color: (UInt8, UInt8, UInt8)) -> Double {
        0.2126 * linear[Int(color.0)] + 0.7152 * linear[Int(color.1)] + 0.0722 * linear[Int(color.2)]
    }

    /// Each 8-bit sRGB channel value made linear, worked out once: building a palette measures
    /// hundreds of colours (a style that does not read tries up to 40), which cost the start
    /// 0.35 million instructions when each channel was worked out again.
    private static let linear: [Double] = (0...255).map { value in
        let c = Double(value) / 255
        return c <= 0.04045 ? c / 12.92 : pow24((c + 0.055) / 1.055)
    }

    /// x^2.4 as x² · x^0.4, x^0.4 by Newton's method on y⁵ = x² (the standard library has no
    /// `pow` without Foundation), until a step changes nothing; x is at least 0.09 here.
    static func pow24(_ x: Double) -> Double {
        guard x > 0 else { return 0 }
        let square = x * x
        var root = 1.0
        for _ in 0..<30 {
            let next = root - (root * root * root * root * root - square) / (5 * root * root * root * root)
            if next == root { break }
            root = next
        }
        return square * root
    }
}

extension TerminalColor {
    /// The colour as the terminal shows it (xterm's palette for indices), nil for its default.
    public var rgbValue: (UInt8, UInt8, UInt8)? {
        switch self {
        case .default: nil
        case .rgb(let r, let g, let b): (r, g, b)
        case .ansi(let index): Self.rgb(ofPaletteIndex: index)
        }
    }
}

extension CellStyle {
    /// This style with letters that read on its background at `support`. When the foreground
    /// reaches less than `minimum` against the background (reverse video counted), it moves
    /// toward white or black, 5% at a time, to the first colour that reaches it as the terminal
    /// shows it (degraded): a dim grey stays a lighter grey rather than turning white. A default
    /// foreground over a painted background (unknown: dark or light) becomes black or white,
    /// whichever reads better. A default background is left as it is.
    public func legible(_ support: ColorSupport, minimum: Double = Contrast.text) -> CellStyle {
        guard support != .none else { return self }
        let reversed = attributes.contains(.reverse)
        let (letters, paper) = reversed ? (background, foreground) : (foreground, background)
        guard let back = paper.rgbValue else { return self }
        if let front = letters.rgbValue, Contrast.ratio(front, back) >= minimum { return unbrightened(support, minimum: minimum) }
        let front = letters.rgbValue
        var candidates: [(steps: Int, color: TerminalColor, ratio: Double)] = []
        for target: (UInt8, UInt8, UInt8) in [(255, 255, 255), (0, 0, 0)] {
            let start = front ?? target
            for step in 1...20 {
                func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Int(a) * (20 - step) + Int(b) * step) / 20) }
                let color = TerminalColor.rgb(mix(start.0, target.0), mix(start.1, target.1), mix(start.2, target.2)).degraded(to: support)
                let ratio = Contrast.ratio(color.rgbValue ?? target, back)
                if ratio >= minimum || step == 20 {
                    candidates.append((step, color, ratio))
                    break
                }
            }
        }
        // The one that reads, nearest the theme's colour (fewest steps), else the higher contrast.
        let chosen = candidates.min { a, b in
            if (a.ratio >= minimum) != (b.ratio >= minimum) { return a.ratio >= minimum }
            return a.steps != b.steps ? a.steps < b.steps : a.ratio > b.ratio
        }?.color
        guard let chosen else { return self }
        var style = self
        if reversed { style.background = chosen } else { style.foreground = chosen }
        return style.unbrightened(support, minimum: minimum)
    }

    /// In 8 and 16 colours many terminals draw bold letters of colours 0–7 in their bright
    /// variant (mlterm's bold black on cyan is grey on cyan): bold is dropped where the bright
    /// variant would not read. Views apply it to all the text they draw (`RenderContext.text`),
    /// whose styles may gain bold after the palette's.
    func unbrightened(_ support: ColorSupport, minimum: Double = Contrast.text) -> CellStyle {
        let reversed = attributes.contains(.reverse)
        let (letters, paper) = reversed ? (background, foreground) : (foreground, background)
        guard support == .ansi8, attributes.contains(.bold), case .ansi(let index) = letters, index < 8,
            let back = paper.rgbValue, Contrast.ratio(TerminalColor.rgb(ofPaletteIndex: index + 8), back) < minimum
        else { return self }
        var style = self
        style.attributes.remove(.bold)
        return style
    }
}
