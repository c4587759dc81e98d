import Testing
@testable import ZappCore

/// A part cut out of a sixel image keeps its pixels and colour registers.
@Suite("SixelCrop")
struct SixelCropTests {
    /// 4×8 pixels: register 1 (red) in the left half of the first band, register 2 (blue)
    /// everywhere in the second band's top two rows; the rest unset.
    static let image = Array("\u{1B}P0;1;0q\"1;1;4;8#1;2;100;0;0#2;2;0;0;100#1~~$#2????-#2!4B-\u{1B}\\".utf8)

    @Test("decoding reads registers, repeats, carriage returns and bands")
    func decode() throws {
        let decoded = try #require(SixelCrop.decode(Self.image))
        #expect([decoded.width, decoded.height] == [4, 8], "the raster attributes' size")
        #expect((0..<6).allSatisfy { decoded.pixels[$0 * decoded.width] == 1 && decoded.pixels[$0 * decoded.width + 2] == -1 })
        #expect(decoded.pixels[6 * decoded.width + 3] == 2 && decoded.pixels[7 * decoded.width] == 2)
        #expect(decoded.registers[1] == Array("#1;2;100;0;0".utf8))
    }

    @Test("a cut across both bands: the same registers at the same pixels, nothing else")
    func cut() throws {
        let part = try #require(SixelCrop.crop(Self.image, x: 1, y: 4, width: 3, height: 4))
        let text = String(decoding: part, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}P0;1;0q\"1;1;3;4#1;2;100;0;0#2;2;0;0;100") && text.hasSuffix("\u{1B}\\"))
        let decoded = try #require(SixelCrop.decode(part))
        let whole = try #require(SixelCrop.decode(Self.image))
        for row in 0..<4 {
            for column in 0..<3 {
                #expect(decoded.pixels[row * decoded.width + column] == whole.pixels[(4 + row) * whole.width + 1 + column], "\(column),\(row)")
            }
        }
        #expect(SixelCrop.crop(Self.image, x: 9, y: 0, width: 2, height: 2) == nil)
        #expect(SixelCrop.crop(Array("not sixel".utf8), x: 0, y: 0, width: 1, height: 1) == nil)
    }
}
