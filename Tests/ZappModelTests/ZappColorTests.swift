import Testing
import ZappModel

/// Colours as river.json writes them (the SDK's "#ARGB HEX").
@Suite struct ZappColorTests {
    @Test(arguments: [
        ("#FF1A2B3C", ZappColor(alpha: 0xFF, red: 0x1A, green: 0x2B, blue: 0x3C)),
        ("#801a2b3c", ZappColor(alpha: 0x80, red: 0x1A, green: 0x2B, blue: 0x3C)),
        ("1A2B3C", ZappColor(alpha: 0xFF, red: 0x1A, green: 0x2B, blue: 0x3C)),
        ("#aBcDeF", ZappColor(alpha: 0xFF, red: 0xAB, green: 0xCD, blue: 0xEF)),
        (" \t#00000000 ", ZappColor(alpha: 0, red: 0, green: 0, blue: 0)),
        ("FFFFFFFF", ZappColor(alpha: 0xFF, red: 0xFF, green: 0xFF, blue: 0xFF)),
    ])
    func parses(_ text: String, _ color: ZappColor) {
        #expect(ZappColor(hex: text) == color)
    }

    @Test(arguments: ["", "#", "#FFF", "#FFFFF", "#FFFFFFF", "#FFFFFFFFF", "##FFFFFF", "#GG0000", "+ABCDE", "#12 345", "#１２３４５６", "FF0000#"])
    func rejects(_ text: String) {
        #expect(ZappColor(hex: text) == nil)
    }

    @Test func descriptionRoundTrips() {
        let color = ZappColor(alpha: 0x0A, red: 0xB0, green: 0x0C, blue: 0xD0)
        #expect(color.description == "#0AB00CD0")
        #expect(ZappColor(hex: color.description) == color)
    }
}
