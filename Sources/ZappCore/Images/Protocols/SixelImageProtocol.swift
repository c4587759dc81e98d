/// Sixel (xterm -ti vt340, foot, mlterm, konsole, mintty, contour): chafa's sixels of the
/// canvas one pixel per pixel, whole 6-pixel bands high, composed over the cells' background
/// (mlterm paints transparent sixel pixels a colour of its own). A part left visible is cut from
/// the image's own sixels (`SixelCrop`: the same colour registers, so pixel for pixel what the
/// whole image showed there). The image is part of the cells: text written over it erases it,
/// and writing its cells again removes it.
public struct SixelImageProtocol: TerminalImageProtocol {
    public init() {}

    public var mode: ImageMode { .sixel }
    public var showsPixels: Bool { true }
    public var needsCellSize: Bool { true }
    public var passesThroughTmux: Bool { true }
    public var band: Int { 6 }
    public var composesOverBackdrop: Bool { true }
    public var cropsByEncoding: Bool { true }

    public func encode(_ canvas: ImagePixels, png: [UInt8], fit: ImageFit, key: String, encoders: ImageEncoders) -> [UInt8]? {
        encoders.sixels(canvas)
    }

    public func crop(_ part: ImagePart, of image: PreparedImage, encoders: ImageEncoders) -> Result<[UInt8], ImageLoadError> {
        image.pixels(of: part).flatMap { found in
            guard let bytes = image.protocolBytes,
                let cut = SixelCrop.crop(bytes, x: found.x, y: found.y, width: found.width, height: found.height)
            else { return .failure(ImageLoadError("the image's sixels cannot be cut")) }
            return .success(cut)
        }
    }

    public func placement(of image: ImageOnScreen, showing part: ImagePart, encoded: [UInt8]?) -> ImagePlacement? {
        .inCells(of: image, showing: part, encoded: encoded)
    }
}
