/// A protocol image (kitty, iTerm2, sixel) shown at a box of cells of the current frame. The
/// view lays out where images go; the terminal writes `bytes` with the cursor at the box's
/// top-left cell after the frame's text (Terminal.showImages), and removes the image when a
/// later frame no longer lists it. `key` names the image and its box, so an unchanged image is
/// not written again.
public struct ImagePlacement: Hashable, Sendable {
    public var key: String
    public var column: Int
    public var row: Int
    public var columns: Int
    public var rows: Int
    public var bytes: [UInt8]

    public init(key: String, column: Int, row: Int, columns: Int, rows: Int, bytes: [UInt8]) {
        self.key = key
        self.column = column
        self.row = row
        self.columns = columns
        self.rows = rows
        self.bytes = bytes
    }
}
