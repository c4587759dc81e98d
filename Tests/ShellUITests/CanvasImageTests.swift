@testable import ShellCore
@testable import ShellUI
import Testing
import ZappCore
import ZappModel

/// The occlusion rule (`Canvas.resolveImages`): a protocol image shows only in the cells still
/// carrying its mark once every layer is drawn. Kitty: whole, cropped parts, or nothing;
/// sixel and iTerm2: whole, or each visible rectangle encoded on its own; and a frame drawn after the
/// cover went away places exactly what a fresh draw places.
@Suite("Image occlusion")
struct CanvasImageTests {
    /// A 10×4-pixel PNG header: 2 pixels a cell for a 5×2-cell box.
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 10, 0, 0, 0, 4]
    static let kitty = KittyImageProtocol.transmission(png: png, id: 9)
    static let sixel = Array("\u{1B}Pq#0~~\u{1B}\\".utf8)
    static let box = Rect(x: 2, y: 1, width: 5, height: 2)

    /// A 12×5 canvas with one protocol image in `box`, drawn as `ImageView` draws it.
    static let request = ImageRequest(address: "art.png", jsonPath: "$", columns: 5, rows: 2, mode: .sixel, cell: CellPixelSize(width: 2, height: 2))

    func canvas(_ bytes: [UInt8], parts: [ImagePart: ImagePartState] = [:]) -> Canvas {
        var canvas = Canvas(columns: 12, rows: 5)
        let mark = CanvasImage.mark(for: "art")
        var blank = Cell()
        blank.imageMark = mark
        canvas.fill(Self.box, style: .plain)
        for row in Self.box.y..<Self.box.maxY { for column in Self.box.x..<Self.box.maxX { canvas[column, row] = blank } }
        let request = bytes == Self.kitty ? nil : Self.request
        canvas.images = [CanvasImage(
            rect: Self.box, key: "art", png: Self.png, protocolBytes: bytes, mode: bytes == Self.kitty ? .kitty : .sixel, mark: mark,
            request: request, parts: parts)]
        return canvas
    }

    /// The source rectangle of a kitty placement (`x,y wxh`, its `a=p`'s crop), nil when uncropped.
    func source(_ placement: ImagePlacement) -> String? {
        let text = String(decoding: placement.bytes, as: UTF8.self)
        guard let x = text.range(of: ",x=") else { return nil }
        let fields = text[x.upperBound...].split(separator: ",").prefix(4).map { $0.split(separator: "=").last.map(String.init) ?? "" }
        return "\(fields[0]),\(fields[1]) \(fields[2])x\(fields[3])"
    }

    @Test("nothing over it: the whole image is placed (kitty uncropped)")
    func whole() throws {
        var kitty = canvas(Self.kitty)
        kitty.resolveImages()
        let placement = try #require(kitty.placements.first)
        #expect(kitty.placements.count == 1 && source(placement) == nil && placement.upload?.id == 9)
        #expect([placement.column, placement.row, placement.columns, placement.rows] == [2, 1, 5, 2])
        var sixel = canvas(Self.sixel)
        sixel.resolveImages()
        #expect(sixel.placements == [ImagePlacement(key: "art", column: 2, row: 1, columns: 5, rows: 2, bytes: Self.sixel)])
    }

    @Test("a pane over its right part: kitty shows the left part cropped to its pixels")
    func kittyCropped() throws {
        var frame = canvas(Self.kitty)
        frame.fill(Rect(x: 5, y: 0, width: 7, height: 5), style: .plain)  // a pane from column 5
        frame.resolveImages()
        let part = try #require(frame.placements.first)
        #expect(frame.placements.count == 1)
        #expect([part.column, part.row, part.columns, part.rows] == [2, 1, 3, 2])
        #expect(source(part) == "0,0 6x4")
        #expect(part.upload?.bytes == Self.kitty, "the same transmission: not sent again")
    }

    @Test("one kitty image in two places (entries sharing their artwork): one image id, two placements of their own")
    func twoPlaces() throws {
        var frame = Canvas(columns: 20, rows: 4)
        for (x, key) in [(0, "art 0,1 5x2"), (10, "art 10,1 5x2")] {
            let rect = Rect(x: x, y: 1, width: 5, height: 2)
            var blank = Cell()
            blank.imageMark = CanvasImage.mark(for: key)
            for row in 1..<3 { for column in x..<(x + 5) { frame[column, row] = blank } }
            frame.images.append(
                CanvasImage(rect: rect, key: key, png: Self.png, protocolBytes: Self.kitty, mode: .kitty, mark: blank.imageMark))
        }
        frame.resolveImages()
        let ids = frame.placements.compactMap(\.upload?.id)
        #expect(ids.count == 2 && ids[0] == ids[1] && frame.placements[0].removal != frame.placements[1].removal, "placements of their own")
        #expect(Set(frame.placements.map(\.key)).count == 2)
    }

    @Test("an L-shaped visible part becomes rectangles, each cropped")
    func kittyLShape() {
        var frame = canvas(Self.kitty)
        frame.fill(Rect(x: 4, y: 2, width: 8, height: 3), style: .plain)  // covers the bottom row from column 4
        frame.resolveImages()
        #expect(frame.placements.map { [$0.column, $0.row, $0.columns, $0.rows] } == [[2, 1, 5, 1], [2, 2, 2, 1]])
        #expect(frame.placements.map(source) == ["0,0 10x2", "0,2 4x2"])
        #expect(Set(frame.placements.compactMap(\.removal)).count == 2)
    }

    @Test("covered entirely: nothing is placed")
    func covered() {
        for bytes in [Self.kitty, Self.sixel] {
            var frame = canvas(bytes)
            frame.fill(frame.bounds, style: .plain)
            frame.resolveImages()
            #expect(frame.placements.isEmpty)
        }
    }

    @Test("sixel covered in part: each visible rectangle is wanted as a part, then placed with its own bytes; never symbols")
    func sixelParts() {
        var frame = canvas(Self.sixel)
        frame.draw("PANE", x: 5, y: 1, style: .plain)
        frame.resolveImages()
        let top = ImagePart(column: 0, row: 0, columns: 3, rows: 1), bottom = ImagePart(column: 0, row: 1, columns: 5, rows: 1)
        #expect(frame.placements.isEmpty)
        #expect(frame.wantedImageParts == [ImagePartRequest(image: Self.request, part: top), ImagePartRequest(image: Self.request, part: bottom)])
        #expect((2..<5).allSatisfy { frame[$0, 1].grapheme == " " && frame[$0, 1].imageMark != 0 }, "blank while the part is encoded")
        #expect((5..<9).map { frame[$0, 1].grapheme } == ["P", "A", "N", "E"])

        var pending = canvas(Self.sixel, parts: [top: .pending, bottom: .ready([7])])
        pending.draw("PANE", x: 5, y: 1, style: .plain)
        pending.resolveImages()
        #expect(pending.wantedImageParts.isEmpty, "asked for once")
        #expect(pending.placements == [ImagePlacement(key: "art part 0,1 5x1", column: 2, row: 2, columns: 5, rows: 1, bytes: [7])])
    }

    @Test("the pane closed: the frame is the fresh draw's, cells and placements")
    func restored() {
        for bytes in [Self.kitty, Self.sixel] {
            var fresh = canvas(bytes)
            fresh.resolveImages()
            var covered = canvas(bytes)
            covered.draw("PANE", x: 5, y: 1, style: .plain)
            covered.resolveImages()
            var again = canvas(bytes)
            again.resolveImages()
            #expect(covered != fresh)
            #expect(again == fresh && again.placements == fresh.placements)
        }
    }

    @Test("a pane over a kitty artwork in the real view: the pane's cells carry no mark and the artwork is cropped or gone")
    func paneOverArtwork() {
        var state = ImageFixtures.state(mode: .kitty, colors: .trueColor)
        ImageFixtures.readyAll(&state, columns: 80, rows: 30, protocolBytes: KittyImageProtocol.transmission(png: Self.png, id: 3))
        let open = ImageFixtures.frame(state, 80, 30)
        #expect(open.placements.count == open.images.count && open.placements.allSatisfy { source($0) == nil })
        state.overlay = .help(scroll: 0)
        let help = ImageFixtures.frame(state, 80, 30)
        let helpBox = help.images.map(\.rect)
        #expect(help.placements.count != open.placements.count || help.placements != open.placements)
        for placement in help.placements {
            for row in placement.row..<(placement.row + placement.rows) {
                for column in placement.column..<(placement.column + placement.columns) {
                    #expect(help[column, row].imageMark != 0, "a placement only over its own marked cells")
                }
            }
        }
        #expect(!helpBox.isEmpty)
        state.overlay = nil
        #expect(ImageFixtures.frame(state, 80, 30) == open, "help closed: the fresh frame again")
    }

    @Test("auto: a symbols result arriving after the answer is dropped; logo and artwork use the answer's mode")
    func staleModeDropped() {
        var model = ShellModel(view: ImageFixtures.state(mode: .symbols, colors: .trueColor), columns: 80, rows: 30)
        model.view.phase = .running
        model.isImageModeAuto = true
        let symbols = model.view.imagesOnScreen(columns: 80, rows: 30)
        for request in symbols { model.view.images[request] = .pending }
        _ = ShellUpdate.update(&model, .terminalQueried(TerminalImageAnswer(mode: .sixel, cell: CellPixelSize(width: 8, height: 17))), now: 0)
        #expect(model.view.imageRequestMode == .sixel && model.view.cellPixels == CellPixelSize(width: 8, height: 17))
        let logo = symbols[0]
        _ = ShellUpdate.update(&model, .imageLoaded(logo, generation: 0, result: .success(ImageFixtures.image(columns: 4, rows: 2))), now: 0)
        #expect(model.view.images[logo] == nil, "the symbols result is dropped")
        let asked = model.view.imagesOnScreen(columns: 80, rows: 30)
        #expect(asked.allSatisfy { $0.mode == .sixel && $0.cell == CellPixelSize(width: 8, height: 17) })
        #expect(asked.first?.address == logo.address, "the logo asked for again, as sixel")
    }

    @Test("sixel without a cell size stays symbols and says so in the warnings")
    func noCellSize() {
        var model = ShellModel(view: ImageFixtures.state(mode: .sixel, colors: .trueColor), columns: 80, rows: 30)
        model.view.phase = .running
        #expect(model.view.imageRequestMode == .symbols)
        _ = ShellUpdate.update(&model, .terminalQueried(TerminalImageAnswer(mode: .symbols, cell: nil)), now: 0)
        #expect(model.view.imageRequestMode == .symbols)
        #expect(model.view.imageNotes.contains { $0.contains("no cell size") })
        _ = ShellUpdate.update(&model, .cellSizeChanged(CellPixelSize(width: 9, height: 18)!), now: 0)
        #expect(model.view.imageRequestMode == .sixel && model.view.imageRequestCell == CellPixelSize(width: 9, height: 18))
    }
}
