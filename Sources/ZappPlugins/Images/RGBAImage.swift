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
        var output = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                for y in 0..<newHeight {
                    let top = y * height / newHeight, bottom = max(top + 1, (y + 1) * height / newHeight)
                    for x in 0..<newWidth {
                        let left = x * width / newWidth, right = max(left + 1, (x + 1) * width / newWidth)
                        var red = 0, green = 0, blue = 0, alpha = 0
                        for row in top..<bottom {
                            var index = (row * width + left) * 4
                            for _ in left..<right {
                                let a = Int(source[index + 3])
                                red += Int(source[index]) * a
                                green += Int(source[index + 1]) * a
                                blue += Int(source[index + 2]) * a
                                alpha += a
                                index += 4
                            }
                        }
                        let count = (bottom - top) * (right - left)
                        let out = (y * newWidth + x) * 4
                        if alpha > 0 {
                            target[out] = UInt8(red / alpha)
                            target[out + 1] = UInt8(green / alpha)
                            target[out + 2] = UInt8(blue / alpha)
                        }
                        target[out + 3] = UInt8(alpha / count)
                    }
                }
            }
        }
        return RGBAImage(width: newWidth, height: newHeight, pixels: output)
    }
}
