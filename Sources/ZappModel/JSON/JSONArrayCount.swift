#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONArrayIndex {
    /// How many elements the top-level array of `data` holds, counting no further than `limit + 1`
    /// (so a huge array costs only the bytes up to there): a scan of brackets, braces, strings
    /// and commas that builds nothing. Nil when the text is not an array; the count of a text
    /// that is not valid JSON is a guess, which only decides whether to refuse it early.
    public static func countElements(in data: Data, upTo limit: Int) -> Int? {
        data.withUnsafeBytes { raw -> Int? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
            index += 1
            var depth = 1
            var count = 0
            var sawValue = false
            var inString = false
            while index < bytes.count, count <= limit {
                let byte = bytes[index]
                index += 1
                if inString {
                    if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true; sawValue = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1; sawValue = true
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 { return count + (sawValue ? 1 : 0) }
                case UInt8(ascii: ","): if depth == 1 { count += 1 }
                case 0x20, 0x09, 0x0A, 0x0D: break
                default: sawValue = true
                }
            }
            return count + (sawValue ? 1 : 0)
        }
    }
}
