import Foundation
import Testing
import ZappCore

/// Kitty's type alone: its bytes byte by byte, preparing (the transmission, its id from the
/// image's key), placing whole or cropped, and deleting (placement, image, all).
@Suite("KittyImageProtocol")
struct KittyImageProtocolTests {
    let kitty = KittyImageProtocol()
    /// A 10×4-pixel PNG header: 2 pixels a cell for a 5×2-cell box.
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 10, 0, 0, 0, 4]

    func text(_ bytes: [UInt8]?) -> String { String(decoding: bytes ?? [], as: UTF8.self) }

    @Test("one chunk for a small image: transmitted only (a=t), PNG, id, quiet, m=0")
    func small() {
        #expect(text(KittyImageProtocol.transmission(png: [1, 2, 3], id: 42)) == "\u{1B}_Ga=t,f=100,t=d,i=42,q=2,m=0;AQID\u{1B}\\")
    }

    @Test("chunks of 4096 base64 bytes, m=1 on all but the last, keys only in the first")
    func chunks() {
        let png = [UInt8](repeating: 7, count: 7000)  // 9336 base64 bytes: 4096 + 4096 + 1144
        let chunks = text(KittyImageProtocol.transmission(png: png, id: 5)).components(separatedBy: "\u{1B}\\").dropLast()
        #expect(chunks.count == 3)
        #expect(chunks.allSatisfy { $0.hasPrefix("\u{1B}_G") })
        #expect(chunks.map { $0.dropFirst(3).prefix { $0 != ";" } } == ["a=t,f=100,t=d,i=5,q=2,m=1", "m=1", "m=0"])
        let payloads = chunks.map { $0.split(separator: ";", maxSplits: 1)[1] }
        #expect(payloads.map(\.count) == [4096, 4096, 1144])
        #expect(Data(base64Encoded: payloads.joined()) == Data(png))
    }

    @Test("a placement over a cell box, whole or cropped to a source rectangle; deleted alone, by image, all")
    func placeAndDelete() {
        #expect(text(KittyImageProtocol.place(id: 42, placement: 7, columns: 10, rows: 3, source: nil))
            == "\u{1B}_Ga=p,i=42,p=7,c=10,r=3,C=1,q=2\u{1B}\\")
        #expect(text(KittyImageProtocol.place(id: 42, placement: 8, columns: 4, rows: 1, source: (x: 60, y: 20, width: 40, height: 20)))
            == "\u{1B}_Ga=p,i=42,p=8,x=60,y=20,w=40,h=20,c=4,r=1,C=1,q=2\u{1B}\\")
        #expect(text(KittyImageProtocol.delete(id: 42, placement: 8)) == "\u{1B}_Ga=d,d=i,i=42,p=8,q=2\u{1B}\\")
        #expect(text(KittyImageProtocol.delete(id: 42)) == "\u{1B}_Ga=d,d=I,i=42,q=2\u{1B}\\")
        #expect(text(KittyImageProtocol.deleteAll) == "\u{1B}_Ga=d,d=A,q=2\u{1B}\\")
        #expect(KittyImageProtocol.imageID(in: KittyImageProtocol.transmission(png: [1], id: 77)) == 77)
        #expect(KittyImageProtocol.imageID(in: Array("\u{1B}]1337;File=".utf8)) == nil)
    }

    @Test("preparing: the canvas's PNG transmitted under the id of the image's key; no cell size needed, nothing kept to crop")
    func prepares() {
        let canvas = ImagePixels(width: 10, height: 4, rgba: [UInt8](repeating: 0, count: 160), cell: CellPixelSize(width: 2, height: 2)!)
        let fit = ImageFit(imageWidth: 10, imageHeight: 4, columns: 5, rows: 2, cell: canvas.cell, band: kitty.band)
        let bytes = kitty.encode(canvas, png: Self.png, fit: fit, key: "logo.png 5x2", encoders: .recording)
        #expect(bytes == KittyImageProtocol.transmission(png: Self.png, id: TerminalImageCodes.stableID(for: "logo.png 5x2")))
        #expect(kitty.showsPixels && !kitty.needsCellSize && !kitty.cropsByEncoding && kitty.band == 1)
        #expect(kitty.crop(ImagePart(column: 0, row: 0, columns: 1, rows: 1), of: ImageProtocolFixtures.prepared, encoders: .recording)
            .failureMessage == "kitty images are not cropped by encoding")
    }

    @Test("placing: the whole image uncropped; a part cropped to its pixels of the PNG; both share the upload, each its own removal")
    func places() throws {
        let image = ImageOnScreen(
            key: "art", column: 2, row: 1, columns: 5, rows: 2, bytes: KittyImageProtocol.transmission(png: Self.png, id: 9), png: Self.png)
        let whole = try #require(kitty.placement(of: image, showing: image.whole, encoded: nil))
        let part = try #require(kitty.placement(of: image, showing: ImagePart(column: 3, row: 1, columns: 2, rows: 1), encoded: nil))
        let (wholeID, partID) = (TerminalImageCodes.stableID(for: "art 0,0 5x2"), TerminalImageCodes.stableID(for: "art 3,1 2x1"))
        let boxes: [[Int]] = [whole, part].map { [$0.column, $0.row, $0.columns, $0.rows] }
        #expect(boxes == [[2, 1, 5, 2], [5, 2, 2, 1]])
        #expect(text(whole.bytes) == "\u{1B}_Ga=p,i=9,p=\(wholeID),c=5,r=2,C=1,q=2\u{1B}\\")
        #expect(text(part.bytes) == "\u{1B}_Ga=p,i=9,p=\(partID),x=6,y=2,w=4,h=2,c=2,r=1,C=1,q=2\u{1B}\\")
        #expect(whole.upload == part.upload && whole.upload?.id == 9 && whole.upload?.bytes == image.bytes)
        #expect(whole.upload?.removal == KittyImageProtocol.delete(id: 9) && whole.upload?.clearing == KittyImageProtocol.deleteAll)
        #expect(whole.removal == KittyImageProtocol.delete(id: 9, placement: wholeID))
        #expect(part.removal == KittyImageProtocol.delete(id: 9, placement: partID))
        var notKitty = image
        notKitty.bytes = Array("\u{1B}Pq\u{1B}\\".utf8)
        #expect(kitty.placement(of: notKitty, showing: notKitty.whole, encoded: nil) == nil, "no image id: nothing to place")
    }
}
