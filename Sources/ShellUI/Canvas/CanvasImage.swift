import ZappCore

/// An image drawn into a frame at a box of cells. Its symbols are already in the cells (or the
/// cells are left blank for the terminal's protocol); the record is what the frame's readers
/// need beyond cells: `render --format svg|html` embed `png` there, and the runtime hands the
/// protocol images to the terminal as `ImagePlacement`s after the flush.
public struct CanvasImage: Sendable, Hashable {
    public var rect: Rect
    /// Names the image and its box (an unchanged image is not written again).
    public var key: String
    public var png: [UInt8]
    /// The terminal-protocol bytes (kitty, iTerm2, sixel); nil when drawn with symbols.
    public var protocolBytes: [UInt8]?
    /// The style of the cells the image sits on (what shows through its transparent parts):
    /// documents draw its cells as blanks in it under the PNG, never its symbols.
    public var backdrop: CellStyle

    public init(rect: Rect, key: String, png: [UInt8], protocolBytes: [UInt8]?, backdrop: CellStyle = .plain) {
        self.rect = rect
        self.key = key
        self.png = png
        self.protocolBytes = protocolBytes
        self.backdrop = backdrop
    }

    /// The terminal placement of a protocol image (nil for symbols). Its key adds the position,
    /// so one image shown in two places (a feed whose entries share their artwork) is two
    /// placements, and a kitty image gets an id of its own for each.
    public var placement: ImagePlacement? {
        guard let protocolBytes else { return nil }
        let placementKey = "\(key)@\(rect.x),\(rect.y)"
        let bytes = TerminalImageCodes.kittyImage(protocolBytes, withID: TerminalImageCodes.kittyID(for: placementKey))
        return ImagePlacement(
            key: placementKey, column: rect.x, row: rect.y, columns: rect.width, rows: rect.height, bytes: bytes)
    }
}
