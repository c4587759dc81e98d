import Testing

@testable import ZappModel

/// SHA-256 against the FIPS 180-4 examples, across block boundaries and in pieces, as the image
/// cache feeds it megabytes.
@Suite("SHA-256 in pieces")
struct SHA256StreamingTests {
    @Test("the standard's two-block example (896 bits; the one-block ones are in SHA256Tests)")
    func twoBlockExample() {
        let message = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
        #expect(SHA256.hex(Array(message.utf8)) == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    func hexBytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<($0 + 2)], as: UTF8.self), radix: 16)! }
    }

    @Test("a million 'a's, and the same digest however the bytes arrive")
    func longAndSplit() {
        let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hex(million) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        var pieces = SHA256()
        var offset = 0
        for size in [1, 63, 64, 65, 127, 500, 999_180] {
            pieces.update(million[offset..<(offset + size)])
            offset += size
        }
        #expect(offset == million.count)
        #expect(pieces.finalize() == hexBytes(SHA256.hex(million)))
        #expect(pieces.hexDigest() == SHA256.hex(million))
        // Finalising leaves the hasher as it was: more may be added.
        pieces.update("abc")
        #expect(pieces.hexDigest() == SHA256.hex(million + Array("abc".utf8)))
    }
}
