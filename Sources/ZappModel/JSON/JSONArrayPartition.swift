#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Where a JSON text whose top level is an array can be cut into parts of whole elements, so
/// that the parts can be parsed on several threads (a large river is an array of thousands of
/// screens).
///
/// The cuts are found by one quick pass over the bytes that only follows strings and bracket
/// depth; it stops at the last cut, so the tail of the text is never scanned. The pass does
/// not check the JSON: each part is parsed strictly, the last one up to the closing bracket
/// and the end of the text, and a text that does not parse part by part is parsed whole
/// again, for the error the whole text gets.
struct JSONArrayPartition: Sendable {
    /// A run of consecutive elements.
    struct Part: Sendable, Hashable {
        /// Offset of the part's first byte (just after `[` or a separating comma).
        var start: Int
        /// Offset of the comma after the part's last element; nil for the last part, which
        /// ends with the array.
        var end: Int?
        /// Index in the array of the part's first element.
        var firstElement: Int
    }

    /// At least two parts, in order.
    let parts: [Part]

    /// Cuts `bytes` into at most `count` parts: the first about `firstShare` of the bytes (by
    /// default an equal share), the others of about equal size. Nil when the text is not an
    /// array with at least two elements or `count` is below 2.
    init?(bytes: UnsafeRawBufferPointer, count: Int, firstShare: Double? = nil) {
        guard count > 1, var index = Self.firstElementOffset(in: bytes) else { return nil }
        let size = bytes.count
        let firstSize = Int(Double(size) * min(max(firstShare ?? 1 / Double(count), 0), 1))
        /// Where the part after the `number`th cut (from 1) should begin.
        func target(ofCut number: Int) -> Int { firstSize + (size - firstSize) * (number - 1) / (count - 1) }

        var parts: [Part] = []
        var partStart = index
        var partFirstElement = 0
        var element = 0
        var depth = 1
        var cut = target(ofCut: 1)
        scan: while index < size {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index = Self.closingQuote(of: index, in: bytes)
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { break scan }
            case UInt8(ascii: ",") where depth == 1:
                element += 1
                if index >= cut {
                    parts.append(Part(start: partStart, end: index, firstElement: partFirstElement))
                    partStart = index + 1
                    partFirstElement = element
                    if parts.count == count - 1 { break scan }
                    cut = target(ofCut: parts.count + 1)
                }
            default:
                break
            }
            index += 1
        }
        guard !parts.isEmpty else { return nil }
        parts.append(Part(start: partStart, end: nil, firstElement: partFirstElement))
        self.parts = parts
    }

    /// The offset just after the opening bracket of a text whose top level is an array (after
    /// a byte-order mark and whitespace); nil for any other text.
    static func firstElementOffset(in bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
        return index + 1
    }

    /// The offset of the quote that closes the string opened at `quote` (the first one not
    /// escaped by an odd number of backslashes), or the end of the text. `memchr` finds quotes
    /// much faster than a loop over the bytes.
    private static func closingQuote(of quote: Int, in bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        var from = quote + 1
        while from < bytes.count, let found = memchr(base + from, Int32(UInt8(ascii: "\"")), bytes.count - from) {
            let position = base.distance(to: UnsafeRawPointer(found))
            var backslashes = 0
            while bytes[position - 1 - backslashes] == UInt8(ascii: "\\") { backslashes += 1 }
            if backslashes % 2 == 0 { return position }
            from = position + 1
        }
        return bytes.count
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
