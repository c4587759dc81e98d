import CImages
import ZappCore
import ZappModel

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
        return resized(width: max(1, Int((Double(width) * scale).rounded())), height: max(1, Int((Double(height) * scale).rounded())))
    }

    /// The image scaled to `fit`'s size and centred on its canvas; transparent around it.
    func placed(in fit: ImageFit) -> RGBAImage {
        let scaled = width == fit.width && height == fit.height ? self : resized(width: fit.width, height: fit.height)
        var canvas = RGBAImage(width: fit.canvasWidth, height: fit.canvasHeight, pixels: [UInt8](repeating: 0, count: fit.canvasWidth * fit.canvasHeight * 4))
        canvas.copy(scaled, x: 0, y: 0, width: scaled.width, height: scaled.height, toX: fit.x, toY: fit.y)
        return canvas
    }

    /// The image resized to exactly `width` × `height` (each target pixel the average of the
    /// source pixels it covers; nearest when enlarging).
    func resized(width newWidth: Int, height newHeight: Int) -> RGBAImage {
        let output = [UInt8](unsafeUninitializedCapacity: newWidth * newHeight * 4) { target, count in
            pixels.withUnsafeBufferPointer { source in
                zs_images_downscale(source.baseAddress, Int32(width), Int32(height), target.baseAddress, Int32(newWidth), Int32(newHeight))
            }
            count = newWidth * newHeight * 4
        }
        return RGBAImage(width: newWidth, height: newHeight, pixels: output)
    }

    /// Copies `source`'s rectangle at `x`, `y` (`width` × `height`) to `toX`, `toY` of this image.
    private mutating func copy(_ source: RGBAImage, x: Int, y: Int, width: Int, height: Int, toX: Int, toY: Int) {
        guard width > 0, height > 0 else { return }
        let rowBytes = width * 4
        pixels.withUnsafeMutableBufferPointer { target in
            source.pixels.withUnsafeBufferPointer { from in
                for row in 0..<height where toY + row < self.height {
                    let start = ((y + row) * source.width + x) * 4
                    let end = ((toY + row) * self.width + toX) * 4
                    (target.baseAddress! + end).update(from: from.baseAddress! + start, count: rowBytes)
                }
            }
        }
    }

    /// The image composed over an opaque `backdrop`: every pixel opaque.
    func composed(over backdrop: ZappColor) -> RGBAImage {
        var result = self
        let under = [Int(backdrop.red), Int(backdrop.green), Int(backdrop.blue)]
        result.pixels.withUnsafeMutableBufferPointer { pixels in
            for start in stride(from: 0, to: pixels.count, by: 4) {
                let alpha = Int(pixels[start + 3])
                guard alpha < 255 else { continue }
                for channel in 0..<3 {
                    pixels[start + channel] = UInt8((Int(pixels[start + channel]) * alpha + under[channel] * (255 - alpha)) / 255)
                }
                pixels[start + 3] = 255
            }
        }
        return result
    }
}
