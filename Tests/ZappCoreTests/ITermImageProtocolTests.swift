import Testing
import ZappCore

/// iTerm2's type alone: its bytes, preparing (the PNG over the fitted cells), cropping (a PNG of
/// the part's pixels), placing in the cells; never through tmux.
@Suite("ITermImageProtocol")
struct ITermImageProtocolTests {
    let iterm = ITermImageProtocol()

    @Test("OSC 1337 File with size, width and height in cells, base64, BEL")
    func bytes() {
        #expect(String(decoding: ITermImageProtocol.image(png: [1, 2, 3], columns: 12, rows: 4), as: UTF8.self)
            == "\u{1B}]1337;File=inline=1;size=3;width=12;height=4;preserveAspectRatio=1:AQID\u{07}")
    }

    @Test("preparing: the canvas's PNG over the cells the fit covers; the cell size needed, not through tmux")
    func prepares() {
        let canvas = ImageProtocolFixtures.pixels
        let fit = ImageFit(imageWidth: 4, imageHeight: 12, columns: 5, rows: 2, cell: canvas.cell, band: iterm.band)
        #expect(iterm.encode(canvas, png: [1, 2, 3], fit: fit, key: "k", encoders: .recording)
            == ITermImageProtocol.image(png: [1, 2, 3], columns: fit.columns, rows: fit.rows))
        #expect(iterm.needsCellSize && iterm.cropsByEncoding && !iterm.passesThroughTmux && !iterm.composesOverBackdrop)
    }

    @Test("cropping: a PNG of exactly the part's pixels, shown over the part's cells")
    func crops() throws {
        var image = ImageProtocolFixtures.prepared
        image.mode = .iterm
        image.pixels = ImageProtocolFixtures.pixels
        let bytes = try iterm.crop(ImagePart(column: 1, row: 1, columns: 1, rows: 1), of: image, encoders: .recording).get()
        var expected: [UInt8] = [2, 6]  // the recording encoder's "PNG": the size, then the pixels
        for y in 6..<12 { for x in 2..<4 { expected += [UInt8(x), UInt8(y), 0, 255] } }
        #expect(bytes == ITermImageProtocol.image(png: expected, columns: 1, rows: 1))
        #expect(iterm.crop(ImagePart(column: 0, row: 2, columns: 1, rows: 1), of: image, encoders: .recording).failureMessage?
            .contains("outside") == true)
    }

    @Test("placing: in the cells, like sixel: no upload, no removal bytes")
    func places() {
        let shown = ImageOnScreen(key: "art", column: 0, row: 0, columns: 2, rows: 2, bytes: [9], png: [])
        let part = iterm.placement(of: shown, showing: ImagePart(column: 0, row: 1, columns: 2, rows: 1), encoded: [7])
        #expect(part == ImagePlacement(key: "art part 0,1 2x1", column: 0, row: 1, columns: 2, rows: 1, bytes: [7]))
        #expect(part?.upload == nil && part?.removal == nil)
    }
}
