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

    public init(rect: Rect, key: String, png: [UInt8], protocolBytes: [UInt8]?) {
        self.rect = rect
        self.key = key
        self.png = png
        self.protocolBytes = protocolBytes
    }

    /// The terminal placement of a protocol image (nil for symbols).
    public var placement: ImagePlacement? {
        guard let protocolBytes else { return nil }
        return ImagePlacement(key: key, column: rect.x, row: rect.y, columns: rect.width, rows: rect.height, bytes: protocolBytes)
    }
}
