import CImages

/// Decoded pixels: 8-bit RGBA (not premultiplied), rows top to bottom, no padding.
struct RGBAImage: Sendable, Hashable {
    var width: Int
    var height: Int
    var pixels: [UInt8]

    /// The image shrunk by averaging boxes of pixels so that it fits `maximumWidth` ×
    /// `maximumHeight` (aspect ratio kept); itself when it fits already.
    func fitting(maximumWidth: Int, maximumHeight: Int) -> RGBAImage {
        guard width > maximumWidth || height > maximumHeight, maximumWidth > 0, maximumHeight > 0 else { return self }
        let scale = min(Double(maximumWidth) / Double(width), Double(maximumHeight) / Double(height))
        let newWidth = max(1, Int((Double(width) * scale).rounded()))
        let newHeight = max(1, Int((Double(height) * scale).rounded()))
        let output = [UInt8](unsafeUninitializedCapacity: newWidth * newHeight * 4) { target, count in
            pixels.withUnsafeBufferPointer { source in
                zs_images_downscale(source.baseAddress, Int32(width), Int32(height), target.baseAddress, Int32(newWidth), Int32(newHeight))
            }
            count = newWidth * newHeight * 4
        }
        return RGBAImage(width: newWidth, height: newHeight, pixels: output)
    }
}
