/// Where a protocol image's pixels go in its box of cells: the image scaled to fit the box with
/// its aspect ratio kept (to the pixel), the whole cells it then needs, and the pixel canvas
/// over those cells it is centred in. Every protocol shows the canvas one pixel per pixel over
/// its cells, so the drawn image keeps its shape whatever the cell size (a canvas stretched
/// over whole cells would not: 3.96:1 drawn 5.7:1 in 10×22 cells), and a part of it is a part
/// of the canvas (`ImagePart`).
public struct ImageFit: Hashable, Sendable {
    /// The cells the canvas covers (at most the box's).
    public var columns: Int
    public var rows: Int
    /// The canvas in pixels: `columns` cells wide, `rows` cells high; for sixel the image itself,
    /// whole 6-pixel bands high (all a sixel image can be), from the box's top-left pixel.
    public var canvasWidth: Int
    public var canvasHeight: Int
    /// The image's pixels inside the canvas.
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    /// Fits an image of `imageWidth` × `imageHeight` pixels into `columns` × `rows` cells of
    /// `cell`; `band` is the height every image height is a multiple of (the protocol's).
    public init(imageWidth: Int, imageHeight: Int, columns: Int, rows: Int, cell: CellPixelSize, band: Int = 1) {
        let band = max(1, band)
        let boxWidth = max(1, columns) * cell.width
        let boxHeight = max(band, max(1, rows) * cell.height / band * band)
        let (sourceWidth, sourceHeight) = (Double(max(1, imageWidth)), Double(max(1, imageHeight)))
        let scale = min(Double(boxWidth) / sourceWidth, Double(boxHeight) / sourceHeight)
        width = min(boxWidth, max(1, Int((sourceWidth * scale).rounded())))
        height = min(boxHeight, max(1, Int((sourceHeight * scale).rounded())))
        if band > 1 {
            // Whole bands, the width following: the canvas is the image, nothing transparent
            // around it (mlterm paints a sixel's transparent pixels).
            height = max(band, height / band * band)
            width = min(boxWidth, max(1, Int((Double(height) * sourceWidth / sourceHeight).rounded())))
        }
        self.columns = min(max(1, columns), (width + cell.width - 1) / cell.width)
        self.rows = min(max(1, rows), (height + cell.height - 1) / cell.height)
        canvasWidth = band > 1 ? width : self.columns * cell.width
        canvasHeight = band > 1 ? height : self.rows * cell.height
        x = (canvasWidth - width) / 2
        y = (canvasHeight - height) / 2
    }
}
