import ZappCore

/// An image drawn into a frame at a box of cells. Its symbols are already in the cells, or, for
/// the terminal's protocol, the cells are blank and carry the image's `mark`
/// (`Cell.imageMark`); the record is what the frame's readers need beyond cells:
/// `render --format svg|html` embed `png`, and `Canvas.resolveImages` turns the protocol images
/// into the frame's `ImagePlacement`s once every layer is drawn.
public struct CanvasImage: Sendable, Hashable {
    public var rect: Rect
    /// Names the image and its box (an unchanged image is not written again).
    public var key: String
    public var png: [UInt8]
    /// The terminal-protocol bytes (kitty, iTerm2, sixel); nil when drawn with symbols.
    public var protocolBytes: [UInt8]?
    /// The mode it was prepared for: its protocol's type places it (`ImageMode.imageProtocol`).
    public var mode: ImageMode
    /// The mark of the image's cells (nonzero for a protocol image).
    public var mark: UInt32
    /// Protocols that crop by encoding (sixel, iTerm2): the image's request and its parts known so
    /// far (`ImagePartRequest`): what shows in the cells left visible when something covers it in part.
    public var request: ImageRequest?
    public var parts: [ImagePart: ImagePartState]
    /// The style of the cells the image sits on (what shows through its transparent parts):
    /// documents draw its cells as blanks in it under the PNG, never its symbols.
    public var backdrop: CellStyle

    public init(
        rect: Rect, key: String, png: [UInt8], protocolBytes: [UInt8]?, mode: ImageMode = .symbols, mark: UInt32 = 0,
        request: ImageRequest? = nil, parts: [ImagePart: ImagePartState] = [:], backdrop: CellStyle = .plain
    ) {
        self.rect = rect
        self.key = key
        self.png = png
        self.protocolBytes = protocolBytes
        self.mode = mode
        self.mark = mark
        self.request = request
        self.parts = parts
        self.backdrop = backdrop
    }

    /// The mark of the image named `key`: stable from frame to frame (a cell whose mark changed
    /// is written again, which would erase a sixel), never 0.
    static func mark(for key: String) -> UInt32 {
        TerminalImageCodes.stableID(for: key)
    }
}
