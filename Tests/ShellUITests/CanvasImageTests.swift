import ShellUI
import Testing
import ZappCore

/// One image shown in two places (entries that share their artwork) is two placements: two keys,
/// and for kitty two image ids, since transmitting an id again replaces the first placement.
@Suite("CanvasImage placements")
struct CanvasImageTests {
    static let kitty = TerminalImageCodes.kittyImage(png: [1, 2, 3], id: 9, columns: 6, rows: 2)

    @Test("the same kitty image at two positions: two keys, two ids, the payload unchanged")
    func twoPlacementsOfOneImage() throws {
        let left = CanvasImage(rect: Rect(x: 2, y: 5, width: 6, height: 2), key: "thumb.png 6x2", png: [], protocolBytes: Self.kitty)
        let right = CanvasImage(rect: Rect(x: 20, y: 5, width: 6, height: 2), key: "thumb.png 6x2", png: [], protocolBytes: Self.kitty)
        let first = try #require(left.placement)
        let second = try #require(right.placement)
        #expect(first.key != second.key)
        let firstID = try #require(TerminalImageCodes.kittyImageID(in: first.bytes))
        let secondID = try #require(TerminalImageCodes.kittyImageID(in: second.bytes))
        #expect(firstID != secondID)
        let text = String(decoding: first.bytes, as: UTF8.self)
        #expect(text == "\u{1B}_Ga=T,f=100,t=d,i=\(firstID),c=6,r=2,C=1,q=2,m=0;AQID\u{1B}\\")
    }

    @Test("bytes of other protocols are placed as they are")
    func otherProtocols() throws {
        let iterm = TerminalImageCodes.iTermImage(png: [1, 2, 3], columns: 6, rows: 2)
        let image = CanvasImage(rect: Rect(x: 2, y: 5, width: 6, height: 2), key: "a", png: [], protocolBytes: iterm)
        #expect(try #require(image.placement).bytes == iterm)
        #expect(CanvasImage(rect: Rect(x: 0, y: 0, width: 1, height: 1), key: "b", png: [], protocolBytes: nil).placement == nil)
    }
}
