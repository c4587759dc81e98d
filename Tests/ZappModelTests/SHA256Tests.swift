import Testing
import ZappModel

/// SHA-256 against the FIPS 180-4 examples and block-boundary lengths (checked with `sha256sum`).
@Suite("SHA-256")
struct SHA256Tests {
    @Test("the FIPS 180-4 examples", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func vectors(_ input: String, _ expected: String) {
        #expect(SHA256.hex(Array(input.utf8)) == expected)
    }

    @Test("a million a's, fed in uneven pieces")
    func million() {
        var hash = SHA256()
        var left = 1_000_000
        var piece = 1
        while left > 0 {
            let count = min(piece, left)
            hash.update([UInt8](repeating: 0x61, count: count))
            left -= count
            piece = piece * 3 % 997 + 1
        }
        #expect(hash.hexDigest() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("lengths around the 64-byte block and the 56-byte padding edge differ from each other")
    func boundaries() {
        // printf 'a%.0s' $(seq 55) | sha256sum, and 56, 63, 64.
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 55)) == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 56)) == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 64)) == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    }
}
