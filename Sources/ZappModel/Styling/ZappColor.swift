#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A colour from configuration: `#AARRGGBB` (the SDK's "#ARGB HEX"), `#RRGGBB`,
/// or either without `#`.
public struct ZappColor: Sendable, Hashable, CustomStringConvertible {
    public var alpha: UInt8
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(alpha: UInt8 = 255, red: UInt8, green: UInt8, blue: UInt8) {
        self.alpha = alpha
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses `#AARRGGBB`, `#RRGGBB`, `AARRGGBB` or `RRGGBB`; nil for anything else.
    public init?(hex: String) {
        var digits = hex.trimmingSpacesAndTabs
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        if digits.count == 6 {
            self.init(alpha: 255, red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
        } else {
            self.init(
                alpha: UInt8(value >> 24), red: UInt8(value >> 16 & 0xFF),
                green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
        }
    }

    /// `#AARRGGBB`.
    public var description: String {
        "#" + [alpha, red, green, blue].map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined()
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
