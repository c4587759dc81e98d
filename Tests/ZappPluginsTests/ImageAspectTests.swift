import Testing
@testable import ZappCore
import ZappModel
@testable import ZappPlugins

/// Protocol images keep their source's aspect ratio at every cell size (issue 33), and a part of
/// a sixel or iTerm2 image is encoded from the same pixels.
@Suite("Image aspect and parts")
struct ImageAspectTests {
    /// An opaque image of the harbor-tv logo's size (380×96, 3.96:1).
    static let logo = RGBAImage(width: 380, height: 96, pixels: [UInt8]((0..<(380 * 96)).flatMap { i in [UInt8(i % 251), 90, 200, 255] }))

    static let cells: [(Int, Int)] = [(9, 19), (10, 20), (10, 22), (12, 24), (7, 15), (8, 17), (11, 23), (6, 13)]

    /// The box of opaque pixels in the kept canvas.
    static func opaqueBox(_ pixels: ImagePixels) -> (width: Int, height: Int) {
        var (left, top, right, bottom) = (pixels.width, pixels.height, -1, -1)
        for y in 0..<pixels.height {
            for x in 0..<pixels.width where pixels.rgba[(y * pixels.width + x) * 4 + 3] > 0 {
                (left, top, right, bottom) = (min(left, x), min(top, y), max(right, x), max(bottom, y))
            }
        }
        return (right - left + 1, bottom - top + 1)
    }

    /// The raster size a sixel image declares (`"1;1;W;H`).
    static func raster(_ bytes: [UInt8]?) throws -> (width: Int, height: Int) {
        let match = try #require(String(decoding: bytes ?? [], as: UTF8.self).firstMatch(of: /"1;1;(\d+);(\d+)/))
        return (Int(match.1)!, Int(match.2)!)
    }

    @Test("sixel and iTerm2: the logo in its 24x3 box is drawn 3.96:1 (within 3%) at 9x19, 10x20, 10x22, 12x24 and odd cells")
    func logoKeepsItsShape() throws {
        for (width, height) in Self.cells {
            let cell = try #require(CellPixelSize(width: width, height: height))
            for mode in [ImageMode.sixel, .iterm] {
                let image = try ImagePreparer.prepare(Self.logo, columns: 24, rows: 3, mode: mode, cell: cell, key: "k", originalPNG: nil).get()
                let pixels = try #require(image.pixels)
                let box = Self.opaqueBox(pixels)
                let ratio = Double(box.width) / Double(box.height) / (380.0 / 96.0)
                #expect(abs(ratio - 1) <= 0.03, "\(mode) at \(cell): drawn \(box.width)x\(box.height)")
                #expect(image.columns <= 24 && image.rows <= 3 && pixels.width <= image.columns * width && pixels.width > (image.columns - 1) * width
                    && pixels.height <= image.rows * height)
                if mode == .sixel {
                    let raster = try Self.raster(image.protocolBytes)
                    #expect(raster.width == pixels.width && raster.height == pixels.height, "sixels one pixel per pixel at \(cell)")
                } else {
                    #expect(TerminalImageCodes.pngSize(image.png).map { [$0.width, $0.height] } == [pixels.width, pixels.height])
                }
            }
        }
    }

    @Test("kitty: the PNG covers whole cells with the image centred in it, 3.96:1")
    func kittyKeepsItsShape() throws {
        for (width, height) in Self.cells {
            let cell = try #require(CellPixelSize(width: width, height: height))
            let image = try ImagePreparer.prepare(Self.logo, columns: 24, rows: 3, mode: .kitty, cell: cell, key: "k", originalPNG: nil).get()
            let size = try #require(TerminalImageCodes.pngSize(image.png))
            #expect(size.width == image.columns * width && size.height == image.rows * height, "\(cell): \(size)")
            let decoded = try ImageDecoder.decode(image.png, limits: ImageLimits()).get().image
            let box = Self.opaqueBox(ImagePixels(width: decoded.width, height: decoded.height, rgba: decoded.pixels, cell: cell))
            #expect(abs(Double(box.width) / Double(box.height) / (380.0 / 96.0) - 1) <= 0.03, "kitty at \(cell): drawn \(box.width)x\(box.height)")
        }
    }

    @Test("a part of a sixel image is cut from its sixels: its cells' pixels, the same registers, pixel for pixel")
    func sixelPart() throws {
        let cell = try #require(CellPixelSize(width: 8, height: 17))
        let image = try ImagePreparer.prepare(Self.logo, columns: 24, rows: 3, mode: .sixel, cell: cell, key: "k", originalPNG: nil).get()
        let part = ImagePart(column: 3, row: 1, columns: 10, rows: 2)
        let bytes = try ImagePreparer.encode(part, of: image).get()
        let raster = try Self.raster(bytes)
        let wholeBytes = try #require(image.protocolBytes)
        let whole = try #require(SixelCrop.decode(wholeBytes))
        let cut = try #require(SixelCrop.decode(bytes))
        #expect(raster.width == 80 && raster.height == min(34, whole.height - 17), "\(raster)")
        for row in 0..<raster.height {
            for column in 0..<80 {
                let (a, b) = (cut.pixels[row * cut.width + column], whole.pixels[(17 + row) * whole.width + 24 + column])
                #expect(a == b && (a < 0 || cut.registers[Int(a)] == whole.registers[Int(b)]), "pixel \(column),\(row)")
                if a != b { return }
            }
        }
        #expect(ImagePreparer.encode(ImagePart(column: 30, row: 0, columns: 2, rows: 1), of: image).failureMessage?.contains("outside") == true)
    }

    @Test("a sixel logo composed over its backdrop has no transparent pixel (mlterm paints those); without one, its margins stay transparent")
    func sixelBackdrop() throws {
        let cell = try #require(CellPixelSize(width: 10, height: 22))
        let logo = RGBAImage(width: 380, height: 96, pixels: [UInt8]((0..<(380 * 96)).flatMap { i in [250, 250, 250, UInt8(i % 2 == 0 ? 0 : 255)] }))
        let plain = try ImagePreparer.prepare(logo, columns: 24, rows: 3, mode: .sixel, cell: cell, key: "k", originalPNG: nil).get()
        let plainBytes = try #require(plain.protocolBytes)
        #expect(try #require(SixelCrop.decode(plainBytes)).pixels.contains(-1))
        let navy = ZappColor(red: 20, green: 22, blue: 31)
        let composed = try ImagePreparer.prepare(logo, columns: 24, rows: 3, mode: .sixel, cell: cell, backdrop: navy, key: "k", originalPNG: nil).get()
        let composedBytes = try #require(composed.protocolBytes)
        #expect(try #require(SixelCrop.decode(composedBytes)).pixels.allSatisfy { $0 >= 0 })
    }

    @Test("a part of an iTerm2 image is a PNG of its cells' pixels over its cells")
    func iTermPart() throws {
        let cell = try #require(CellPixelSize(width: 10, height: 20))
        let image = try ImagePreparer.prepare(Self.logo, columns: 24, rows: 3, mode: .iterm, cell: cell, key: "k", originalPNG: nil).get()
        let text = String(decoding: try ImagePreparer.encode(ImagePart(column: 0, row: 1, columns: 5, rows: 1), of: image).get(), as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}]1337;File=inline=1;") && text.contains(";width=5;height=1;"))
    }

    @Test("the loader encodes a part once and keeps it")
    func loaderCachesParts() async throws {
        let loader = ImageLoader(folder: ImageFixtures.folder, stateDirectory: nil)
        let request = ImageRequest(address: "sample.png", jsonPath: "$", columns: 8, rows: 4, mode: .sixel, cell: CellPixelSize(width: 10, height: 20))
        let image = try await loader.load(request).get()
        let part = ImagePart(column: 0, row: 0, columns: 4, rows: 1)
        let first = try await loader.encode(part, of: image).get()
        #expect(try await loader.encode(part, of: image).get() == first)
        #expect(ImageLoader.byteCount(image) > (image.pixels?.rgba.count ?? .max))
    }
}
