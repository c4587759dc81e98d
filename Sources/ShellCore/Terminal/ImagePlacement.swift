/// A protocol image (kitty, iTerm2, sixel) as it shows in the current frame, after every layer
/// is drawn (`Canvas.resolveImages`): the cells it shows in, and the bytes that bring it there.
/// The terminal writes `bytes` with the cursor at the top-left cell after the frame's text
/// (`Terminal.showImages`) and removes a placement when a later frame no longer lists it. `key`
/// names the image, its box and the part shown, so an unchanged placement is not written again.
public struct ImagePlacement: Hashable, Sendable {
    public var key: String
    public var column: Int
    public var row: Int
    public var columns: Int
    public var rows: Int
    /// Sixel and iTerm2: the whole image. Kitty: the image's transmission (`a=t`), written once
    /// for all its parts, each shown by `kitty`.
    public var bytes: [UInt8]
    /// Kitty only: which image, which of its placements, and the part of it shown.
    public var kitty: KittyPart?

    public init(key: String, column: Int, row: Int, columns: Int, rows: Int, bytes: [UInt8], kitty: KittyPart? = nil) {
        self.key = key
        self.column = column
        self.row = row
        self.columns = columns
        self.rows = rows
        self.bytes = bytes
        self.kitty = kitty
    }
}

/// One placement of a transmitted kitty image: its ids, and the source rectangle in the image's
/// pixels that fills the placement's cells (nil: the whole image). A kitty image partly covered
/// by a pane is shown as several parts, one per visible rectangle.
public struct KittyPart: Hashable, Sendable {
    public var imageID: UInt32
    public var placementID: UInt32
    public var source: PixelRect?

    public init(imageID: UInt32, placementID: UInt32, source: PixelRect?) {
        self.imageID = imageID
        self.placementID = placementID
        self.source = source
    }
}

/// A rectangle of an image's pixels.
public struct PixelRect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
