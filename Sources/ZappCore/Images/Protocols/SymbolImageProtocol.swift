/// Unicode symbols (block elements in colour, chafa's), every colour terminal's and the fallback
/// of the others: an image is its cells (`PreparedImage.cells`, which every prepared image has),
/// drawn by the view like text, so nothing is encoded, placed, cropped or deleted.
public struct SymbolImageProtocol: TerminalImageProtocol {
    public init() {}

    public var mode: ImageMode { .symbols }
    public var showsPixels: Bool { false }
    public var needsCellSize: Bool { false }
    public var passesThroughTmux: Bool { true }
    public var band: Int { 1 }
    public var composesOverBackdrop: Bool { false }
    public var cropsByEncoding: Bool { false }

    public func encode(_ canvas: ImagePixels, png: [UInt8], fit: ImageFit, key: String, encoders: ImageEncoders) -> [UInt8]? {
        nil
    }

    public func crop(_ part: ImagePart, of image: PreparedImage, encoders: ImageEncoders) -> Result<[UInt8], ImageLoadError> {
        .failure(ImageLoadError("symbols images are not cropped by encoding"))
    }

    public func placement(of image: ImageOnScreen, showing part: ImagePart, encoded: [UInt8]?) -> ImagePlacement? {
        nil
    }
}
