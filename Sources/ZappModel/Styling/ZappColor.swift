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

    /// Parses `#AARRGGBB`, `#RRGGBB`, `AARRGGBB` or `RRGGBB` (spaces and tabs around are
    /// ignored); nil for anything else. It reads the UTF-8 bytes: every nav bar of a river has
    /// colours, and going through characters and `UInt32(_:radix:)` cost about 5,000
    /// instructions a colour, 3 % of loading a 50,000-screen app.
    public init?(hex: String) {
        let bytes = hex.utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start = bytes.index(after: start) }
        while start < end {
            let last = bytes.index(before: end)
            guard bytes[last] == 0x20 || bytes[last] == 0x09 else { break }
            end = last
        }
        if start < end, bytes[start] == UInt8(ascii: "#") { start = bytes.index(after: start) }
        var value: UInt32 = 0
        var count = 0
        var index = start
        while index < end {
            guard count < 8, let digit = Self.hexDigit(bytes[index]) else { return nil }
            value = value << 4 | digit
            count += 1
            index = bytes.index(after: index)
        }
        guard count == 6 || count == 8 else { return nil }
        if count == 6 {
            self.init(alpha: 255, red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
        } else {
            self.init(
                alpha: UInt8(value >> 24), red: UInt8(value >> 16 & 0xFF),
                green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
        }
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
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
