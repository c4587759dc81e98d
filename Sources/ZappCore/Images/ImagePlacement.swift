/// A protocol image (kitty, iTerm2, sixel) as it shows in the current frame, after every layer
/// is drawn (`Canvas.resolveImages`): the cells it shows in, and the bytes that bring it there
/// and take it away, made by its protocol's type (`TerminalImageProtocol.placement`). The
/// terminal writes `bytes` with the cursor at the top-left cell after the frame's text
/// (`Terminal.showImages`) and removes a placement when a later frame no longer lists it. `key`
/// names the image, its box and the part shown, so an unchanged placement is not written again.
public struct ImagePlacement: Hashable, Sendable {
    public var key: String
    public var column: Int
    public var row: Int
    public var columns: Int
    public var rows: Int
    /// Written at the top-left cell: the image or its part (sixel, iTerm2), or a placement of the
    /// uploaded image (kitty).
    public var bytes: [UInt8]
    /// The image data written once before the first placement showing it, and kept while one
    /// does (kitty's transmission); nil when `bytes` carry the image.
    public var upload: ImageUpload?
    /// The bytes that remove the placement (kitty). Nil: the image is part of the cells (sixel,
    /// iTerm2): text written over it erases it, and the terminal removes it by writing its cells
    /// again from the frame.
    public var removal: [UInt8]?

    public init(
        key: String, column: Int, row: Int, columns: Int, rows: Int, bytes: [UInt8], upload: ImageUpload? = nil,
        removal: [UInt8]? = nil
    ) {
        self.key = key
        self.column = column
        self.row = row
        self.columns = columns
        self.rows = rows
        self.bytes = bytes
        self.upload = upload
        self.removal = removal
    }

    /// The placement of an image that is part of the cells (sixel, iTerm2): `part` of it shown by
    /// `encoded`, the part's own bytes; the whole image when the part is its box or has no bytes.
    public static func inCells(of image: ImageOnScreen, showing part: ImagePart, encoded: [UInt8]?) -> ImagePlacement {
        guard let encoded, part != image.whole else {
            return ImagePlacement(
                key: image.key, column: image.column, row: image.row, columns: image.columns, rows: image.rows, bytes: image.bytes)
        }
        return ImagePlacement(
            key: "\(image.key) part \(part)", column: image.column + part.column, row: image.row + part.row, columns: part.columns,
            rows: part.rows, bytes: encoded)
    }
}

/// Image data a terminal keeps for its placements (kitty's transmission, `a=t`): written once,
/// removed when no placement shows it any longer.
public struct ImageUpload: Hashable, Sendable {
    public var id: UInt32
    public var bytes: [UInt8]
    /// Removes the image and frees its data; its placements go with it.
    public var removal: [UInt8]
    /// Removes every image of the protocol (a clear, a resize, Ctrl-Z, the exit).
    public var clearing: [UInt8]

    public init(id: UInt32, bytes: [UInt8], removal: [UInt8], clearing: [UInt8]) {
        self.id = id
        self.bytes = bytes
        self.removal = removal
        self.clearing = clearing
    }
}

/// A protocol image as a frame draws it (`CanvasImage`): its name and its box (top-left cell,
/// size in cells), its prepared bytes and its PNG: what its type places parts of.
public struct ImageOnScreen: Hashable, Sendable {
    public var key: String
    public var column: Int
    public var row: Int
    public var columns: Int
    public var rows: Int
    public var bytes: [UInt8]
    public var png: [UInt8]

    public init(key: String, column: Int, row: Int, columns: Int, rows: Int, bytes: [UInt8], png: [UInt8]) {
        self.key = key
        self.column = column
        self.row = row
        self.columns = columns
        self.rows = rows
        self.bytes = bytes
        self.png = png
    }

    /// The part that is the whole box.
    public var whole: ImagePart { ImagePart(column: 0, row: 0, columns: columns, rows: rows) }
}
