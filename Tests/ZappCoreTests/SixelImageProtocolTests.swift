import Testing
import ZappCore

/// Sixel's type alone: preparing (the encoder's sixels of the canvas, whole bands, composed over
/// the backdrop), cropping (a part cut from its own sixels), placing in the cells (no removal
/// bytes: the terminal writes the cells again).
@Suite("SixelImageProtocol")
struct SixelImageProtocolTests {
    let sixel = SixelImageProtocol()
    /// 4×12 pixels of register 1, two bands.
    static let bytes = Array("\u{1B}P0;1;0q\"1;1;4;12#1;2;100;0;0#1~~~~-#1~~~~-\u{1B}\\".utf8)

    var image: PreparedImage {
        var image = ImageProtocolFixtures.prepared
        image.protocolBytes = Self.bytes
        image.mode = .sixel
        image.pixels = ImageProtocolFixtures.pixels
        return image
    }

    @Test("preparing: the encoder's sixels of the canvas; bands of 6, composed over the backdrop, the cell size needed")
    func prepares() {
        let canvas = ImageProtocolFixtures.pixels
        let fit = ImageFit(imageWidth: 4, imageHeight: 12, columns: 2, rows: 2, cell: canvas.cell, band: sixel.band)
        #expect(sixel.encode(canvas, png: [1], fit: fit, key: "k", encoders: .recording) == Array("sixels 4x12".utf8))
        #expect(sixel.band == 6 && sixel.composesOverBackdrop && sixel.needsCellSize && sixel.cropsByEncoding && sixel.passesThroughTmux)
    }

    @Test("cropping: the part's pixels cut from the image's own sixels; outside, without pixels or sixels, a reason")
    func crops() throws {
        let part = try sixel.crop(ImagePart(column: 1, row: 1, columns: 1, rows: 1), of: image, encoders: .recording).get()
        #expect(part == SixelCrop.crop(Self.bytes, x: 2, y: 6, width: 2, height: 6))
        #expect(String(decoding: part, as: UTF8.self).contains("\"1;1;2;6"))
        #expect(sixel.crop(ImagePart(column: 2, row: 0, columns: 1, rows: 1), of: image, encoders: .recording).failureMessage?
            .contains("outside") == true)
        #expect(sixel.crop(ImagePart(column: 0, row: 0, columns: 1, rows: 1), of: ImageProtocolFixtures.prepared, encoders: .recording)
            .failureMessage == "the image keeps no pixels to crop")
        var notSixel = image
        notSixel.protocolBytes = [1, 2]
        #expect(sixel.crop(ImagePart(column: 0, row: 0, columns: 1, rows: 1), of: notSixel, encoders: .recording).failureMessage
            == "the image's sixels cannot be cut")
    }

    @Test("placing: the whole image in its box, a part with its own bytes at its cells; no upload, no removal bytes")
    func places() {
        let shown = ImageOnScreen(key: "art", column: 2, row: 1, columns: 2, rows: 2, bytes: Self.bytes, png: [])
        #expect(sixel.placement(of: shown, showing: shown.whole, encoded: nil)
            == ImagePlacement(key: "art", column: 2, row: 1, columns: 2, rows: 2, bytes: Self.bytes))
        #expect(sixel.placement(of: shown, showing: ImagePart(column: 1, row: 1, columns: 1, rows: 1), encoded: [7])
            == ImagePlacement(key: "art part 1,1 1x1", column: 3, row: 2, columns: 1, rows: 1, bytes: [7]))
    }
}
