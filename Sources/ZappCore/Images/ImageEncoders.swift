/// The encoders the image protocols prepare and crop with (`TerminalImageProtocol`), given by
/// ZappPlugins, which holds the libraries (`ImagePreparer.encoders`): tests give their own.
public struct ImageEncoders: Sendable {
    /// PNG bytes of pixels.
    public var png: @Sendable (ImagePixels) -> Result<[UInt8], ImageLoadError>
    /// Sixel bytes (a DCS … ST) of pixels one pixel per pixel, their height whole 6-pixel bands.
    public var sixels: @Sendable (ImagePixels) -> [UInt8]

    public init(
        png: @escaping @Sendable (ImagePixels) -> Result<[UInt8], ImageLoadError>,
        sixels: @escaping @Sendable (ImagePixels) -> [UInt8]
    ) {
        self.png = png
        self.sixels = sixels
    }
}
