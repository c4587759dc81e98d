import ZappCore

/// The caps every image passes before anything large is allocated: the encoded bytes (checked
/// before reading or while downloading) and the pixels (width × height read from the header:
/// PNG's IHDR, the JPEG frame header, WebP's VP8/VP8L/VP8X header). A decompression bomb, a
/// small file claiming 40000×40000 pixels, is refused from its header, before its pixels exist;
/// the largest buffer an accepted image needs is `maximumPixels` × 4 bytes (64 MiB).
public struct ImageLimits: Sendable, Hashable {
    /// 20 MiB of encoded image.
    public static let defaultMaximumBytes = 20 * 1024 * 1024
    /// 16,777,216 pixels (4096 × 4096).
    public static let defaultMaximumPixels = 4096 * 4096

    public var maximumBytes: Int
    public var maximumPixels: Int

    public init(maximumBytes: Int = ImageLimits.defaultMaximumBytes, maximumPixels: Int = ImageLimits.defaultMaximumPixels) {
        self.maximumBytes = maximumBytes
        self.maximumPixels = maximumPixels
    }

    /// Refuses a size over the byte cap.
    func check(bytes: Int) -> ImageLoadError? {
        bytes > maximumBytes
            ? ImageLoadError("the image is \(Self.grouped(bytes)) bytes, over the \(Self.grouped(maximumBytes))-byte cap") : nil
    }

    /// Refuses dimensions over the pixel cap, or that are no image at all.
    func check(width: Int, height: Int) -> ImageLoadError? {
        guard width > 0, height > 0 else { return ImageLoadError("the image claims \(width)x\(height) pixels") }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard overflow || pixels > maximumPixels else { return nil }
        return ImageLoadError("\(width)x\(height) pixels is over the \(Self.grouped(maximumPixels))-pixel cap")
    }

    /// "16,777,216".
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value))
        var text = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
