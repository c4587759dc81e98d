import Foundation
import Testing
import ZappCore
import ZappModel
@testable import ZappPlugins

/// The image fixtures (Fixtures/Images, made by make-fixtures.py).
enum ImageFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Images")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }
}

/// Decoding through the caps: each format, and each kind of bad input refused with a reason.
@Suite("ImageDecoder")
struct ImageDecoderTests {
    @Test("PNG, JPEG and WebP decode to the same 32x16 picture (red left half, blue right half)",
          arguments: ["sample.png", "sample.jpg", "sample.webp"])
    func decodesEachFormat(name: String) throws {
        let decoded = try ImageDecoder.decode(try ImageFixtures.bytes(name), limits: ImageLimits()).get()
        #expect(decoded.image.width == 32 && decoded.image.height == 16)
        #expect(decoded.image.pixels.count == 32 * 16 * 4)
        let left = Array(decoded.image.pixels[(8 * 32 + 2) * 4..<(8 * 32 + 2) * 4 + 4])
        let right = Array(decoded.image.pixels[(8 * 32 + 30) * 4..<(8 * 32 + 30) * 4 + 4])
        #expect(abs(Int(left[0]) - 220) < 12 && left[2] < 60 && left[3] == 255)
        #expect(right[0] < 40 && right[2] > 180)
    }

    @Test("a JPEG is decoded at the smallest scale that covers the target")
    func jpegScales() throws {
        let decoded = try ImageDecoder.decode(try ImageFixtures.bytes("sample.jpg"), limits: ImageLimits(), target: (8, 4)).get()
        #expect(decoded.image.width == 8 && decoded.image.height == 4)
    }

    @Test("bad images are refused with a reason", arguments: [
        ("truncated.png", "a broken or truncated PNG image"),
        ("bomb.png", "40000x40000 pixels is over the 16,777,216-pixel cap"),
        ("bomb.jpg", "40000x40000 pixels is over the 16,777,216-pixel cap"),
        ("not-an-image.html", "an HTML or XML page, not a PNG, JPEG or WebP image"),
        ("unknown.bin", "a GIF image, not a PNG, JPEG or WebP image"),
    ])
    func refusals(name: String, reason: String) throws {
        let result = ImageDecoder.decode(try ImageFixtures.bytes(name), limits: ImageLimits())
        guard case .failure(let error) = result else {
            Issue.record("\(name) decoded")
            return
        }
        #expect(error.message.hasPrefix(reason), "\(error.message)")
    }

    @Test("the byte cap is checked before decoding; an empty file and a cut WebP or JPEG are refused")
    func byteCapAndCuts() throws {
        let png = try ImageFixtures.bytes("sample.png")
        #expect(ImageDecoder.decode(png, limits: ImageLimits(maximumBytes: 100)).failureMessage
            == "the image is 150 bytes, over the 100-byte cap")
        #expect(ImageDecoder.decode([], limits: ImageLimits()).failureMessage == "the file is empty")
        let webP = try ImageFixtures.bytes("sample.webp")
        #expect(ImageDecoder.decode(Array(webP.prefix(40)), limits: ImageLimits()).failureMessage != nil)
        let jpeg = try ImageFixtures.bytes("sample.jpg")
        // Cut in its tables (the header does not read) or in its scan (the pixels do not).
        #expect(ImageDecoder.decode(Array(jpeg.prefix(jpeg.count / 2)), limits: ImageLimits()).failureMessage?
            .contains("JPEG image (") == true)
        #expect(ImageDecoder.decode(Array(jpeg.prefix(jpeg.count - 40)), limits: ImageLimits()).failureMessage?
            .hasPrefix("a broken or truncated JPEG image") == true)
    }

    @Test("the pixel cap applies to each format from its header")
    func pixelCap() throws {
        for name in ["sample.png", "sample.jpg", "sample.webp"] {
            #expect(ImageDecoder.decode(try ImageFixtures.bytes(name), limits: ImageLimits(maximumPixels: 100)).failureMessage
                == "32x16 pixels is over the 100-pixel cap")
        }
    }

    @Test("a PNG encoded from pixels decodes to the same pixels")
    func pngRoundTrip() throws {
        let image = try ImageDecoder.decode(try ImageFixtures.bytes("sample.jpg"), limits: ImageLimits()).get().image
        let png = try ImageDecoder.encodePNG(image).get()
        #expect(try ImageDecoder.decode(png, limits: ImageLimits()).get().image == image)
    }

    @Test("downscaling averages boxes and keeps the aspect ratio")
    func fitting() throws {
        let image = try ImageDecoder.decode(try ImageFixtures.bytes("sample.png"), limits: ImageLimits()).get().image
        let small = image.fitting(maximumWidth: 8, maximumHeight: 8)
        #expect(small.width == 8 && small.height == 4)
        #expect(Array(small.pixels[0..<4]) == [220, 30, 40, 255])
        #expect(image.fitting(maximumWidth: 64, maximumHeight: 64) == image)
    }
}

/// Preparing for a box of cells with chafa.
@Suite("ImagePreparer")
struct ImagePreparerTests {
    func sample() throws -> RGBAImage {
        try ImageDecoder.decode(try ImageFixtures.bytes("sample.png"), limits: ImageLimits()).get().image
    }

    @Test("symbols: a 2:1 picture fills 8x2 cells of a 8x8 box with half blocks in its colours")
    func symbols() throws {
        let prepared = try ImagePreparer.prepare(try sample(), columns: 8, rows: 8, mode: .symbols, key: "k", originalPNG: nil).get()
        #expect(prepared.columns == 8 && prepared.rows == 2)
        #expect(prepared.cells.count == 2 && prepared.cells.allSatisfy { $0.count == 8 })
        #expect(prepared.protocolBytes == nil)
        let left = prepared.cells[0][0], right = prepared.cells[1][7]
        #expect([left.foreground, left.background].contains { $0.red > 200 && $0.blue < 60 })
        #expect([right.foreground, right.background].contains { $0.blue > 180 && $0.red < 40 })
        #expect(prepared.dominantColor == ZappColor(red: 220, green: 30, blue: 40))
        #expect(try ImageDecoder.decode(prepared.png, limits: ImageLimits()).get().image.width > 0)
    }

    @Test("symbols use the block elements' eighths: a cell whose bottom quarter differs is a lower quarter block (docs/symbols.md)")
    func eighths() throws {
        let (width, height) = (20, 40)
        var pixels: [UInt8] = []
        for y in 0..<height {
            for _ in 0..<width { pixels += y < height * 3 / 4 ? [230, 40, 40, 255] : [20, 60, 200, 255] }
        }
        let image = RGBAImage(width: width, height: height, pixels: pixels)
        let prepared = try ImagePreparer.prepare(image, columns: 1, rows: 1, mode: .symbols, key: "k", originalPNG: nil).get()
        let cell = try #require(prepared.cells.first?.first)
        #expect(cell.character == "▂", "\(prepared.cells)")
        #expect(cell.foreground == ZappColor(red: 20, green: 60, blue: 200) && cell.background == ZappColor(red: 230, green: 40, blue: 40))
    }

    @Test("the original PNG is kept for exports when it is small enough")
    func keepsOriginalPNG() throws {
        let bytes = try ImageFixtures.bytes("sample.png")
        let prepared = try ImagePreparer.prepare(try sample(), columns: 8, rows: 4, mode: .symbols, key: "k", originalPNG: bytes).get()
        #expect(prepared.png == bytes)
    }

    @Test("a transparent frame: its transparent cells have alpha 0, the dominant colour is the opaque square's")
    func transparency() throws {
        let image = try ImageDecoder.decode(try ImageFixtures.bytes("logo-transparent.png"), limits: ImageLimits()).get().image
        let prepared = try ImagePreparer.prepare(image, columns: 8, rows: 4, mode: .symbols, key: "k", originalPNG: nil).get()
        #expect(prepared.dominantColor == ZappColor(red: 30, green: 60, blue: 200))
        #expect(prepared.cells[0][0].background.alpha == 0)
    }

    @Test("kitty, iTerm2 and sixel bytes are framed for their protocol")
    func protocolBytes() throws {
        let kitty = try ImagePreparer.prepare(try sample(), columns: 8, rows: 2, mode: .kitty, key: "k", originalPNG: nil).get()
        let kittyText = String(decoding: kitty.protocolBytes ?? [], as: UTF8.self)
        #expect(kittyText.hasPrefix("\u{1B}_Ga=t,f=100,t=d,i=\(TerminalImageCodes.stableID(for: "k")),q=2,"))
        #expect(kittyText.hasSuffix("\u{1B}\\"))
        let iterm = try ImagePreparer.prepare(try sample(), columns: 8, rows: 2, mode: .iterm, key: "k", originalPNG: nil).get()
        #expect(String(decoding: iterm.protocolBytes ?? [], as: UTF8.self).hasPrefix("\u{1B}]1337;File=inline=1;size=\(iterm.png.count);width=8;height=2;"))
        let sixel = try ImagePreparer.prepare(try sample(), columns: 8, rows: 2, mode: .sixel, key: "k", originalPNG: nil).get()
        let sixelText = String(decoding: sixel.protocolBytes ?? [], as: UTF8.self)
        #expect(sixelText.hasPrefix("\u{1B}P") && sixelText.contains("q\"1;1;72;36") && sixelText.hasSuffix("\u{1B}\\"), "2:1 in 8x2 cells of 10x20: 72x36, whole bands")
    }

    @Test("sixels are sized for the terminal's real cell, whole sixel bands within the box, never past it")
    func sixelCellSize() throws {
        let cell = CellPixelSize(width: 8, height: 17)
        let sixel = try ImagePreparer.prepare(try sample(), columns: 8, rows: 2, mode: .sixel, cell: cell, key: "k", originalPNG: nil).get()
        let text = String(decoding: sixel.protocolBytes ?? [], as: UTF8.self)
        let raster = try #require(text.firstMatch(of: /"1;1;(\d+);(\d+)/))
        let (width, height) = (Int(raster.1)!, Int(raster.2)!)
        #expect(width <= sixel.columns * 8 && height <= sixel.rows * 17, "\(width)x\(height) within \(sixel.columns)x\(sixel.rows) cells of 8x17")
        #expect(width > (sixel.columns - 1) * 8 && height % 6 == 0)
    }
}

extension Result where Failure == ImageLoadError {
    var failureMessage: String? {
        if case .failure(let error) = self { return error.message }
        return nil
    }
}
