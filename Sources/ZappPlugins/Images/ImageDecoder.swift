import CImages
import ZappCore

/// The encodings images are read in, recognised by their first bytes (never by a file name or
/// a content type, which servers get wrong: HTML is served as `image/png`).
enum ImageFormat: String, Sendable {
    case png = "PNG", jpeg = "JPEG", webP = "WebP"

    /// The format of `bytes`, or why they are no image this program reads.
    static func detect(_ bytes: [UInt8]) -> Result<ImageFormat, ImageLoadError> {
        if bytes.isEmpty { return .failure(ImageLoadError("the file is empty")) }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .success(.png) }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .success(.jpeg) }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return .success(.webP)
        }
        let start = bytes.prefix(512).drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        if start.first == UInt8(ascii: "<") {
            let head = String(decoding: start.prefix(64), as: UTF8.self).lowercased()
            if head.hasPrefix("<svg") || head.hasPrefix("<?xml") && String(decoding: start, as: UTF8.self).contains("<svg") {
                return .failure(ImageLoadError("an SVG drawing, not a PNG, JPEG or WebP image"))
            }
            return .failure(ImageLoadError("an HTML or XML page, not a PNG, JPEG or WebP image"))
        }
        if bytes.starts(with: Array("GIF8".utf8)) { return .failure(ImageLoadError("a GIF image, not a PNG, JPEG or WebP image")) }
        return .failure(ImageLoadError("not a PNG, JPEG or WebP image"))
    }
}

/// Decodes PNG (libpng), JPEG (TurboJPEG) and WebP (libwebp) into RGBA through the caps: the
/// dimensions are read from the header and checked before the pixel buffer is allocated, and
/// truncated or corrupt data is a failure with the library's reason, never a crash.
enum ImageDecoder {
    /// The image in `bytes`. `target` is the size it will be drawn at: a JPEG is decoded at the
    /// smallest of TurboJPEG's scales (1/8 … 1) that still covers it, which is much faster.
    static func decode(_ bytes: [UInt8], limits: ImageLimits, target: (width: Int, height: Int)? = nil)
        -> Result<(image: RGBAImage, format: ImageFormat), ImageLoadError>
    {
        if let error = limits.check(bytes: bytes.count) { return .failure(error) }
        let format: ImageFormat
        switch ImageFormat.detect(bytes) {
        case .success(let found): format = found
        case .failure(let error): return .failure(error)
        }
        let decoded: Result<RGBAImage, ImageLoadError>
        switch format {
        case .png: decoded = decodePNG(bytes, limits: limits)
        case .jpeg: decoded = decodeJPEG(bytes, limits: limits, target: target)
        case .webP: decoded = decodeWebP(bytes, limits: limits)
        }
        return decoded.map { ($0, format) }
    }

    // MARK: PNG

    static func decodePNG(_ bytes: [UInt8], limits: ImageLimits) -> Result<RGBAImage, ImageLoadError> {
        let api: zs_png_api
        switch ImageLibraries.png {
        case .success(let loaded): api = loaded
        case .failure(let error): return .failure(error)
        }
        var image = zs_png_image()
        image.version = UInt32(ZS_PNG_IMAGE_VERSION)
        return bytes.withUnsafeBytes { memory in
            defer { api.free(&image) }
            guard api.begin_read_from_memory(&image, memory.baseAddress, memory.count) != 0 else {
                return .failure(ImageLoadError("not a readable PNG image (\(message(of: image)))"))
            }
            let width = Int(image.width), height = Int(image.height)
            if let error = limits.check(width: width, height: height) { return .failure(error) }
            image.format = UInt32(ZS_PNG_FORMAT_RGBA)
            var failure: String?
            let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
                if api.finish_read(&image, nil, buffer.baseAddress, Int32(width * 4), nil) == 0 {
                    failure = message(of: image)
                    buffer.initialize(repeating: 0)
                }
                count = width * height * 4
            }
            if let failure { return .failure(ImageLoadError("a broken or truncated PNG image (\(failure))")) }
            return .success(RGBAImage(width: width, height: height, pixels: pixels))
        }
    }

    /// PNG bytes of `image` (for exports and the kitty and iTerm2 protocols), written for
    /// speed (libpng's `PNG_IMAGE_FLAG_FAST`: light compression, about three times faster;
    /// without alpha when every pixel is opaque) into a buffer sized for the worst case, in one pass.
    static func encodePNG(_ image: RGBAImage) -> Result<[UInt8], ImageLoadError> {
        let api: zs_png_api
        switch ImageLibraries.png {
        case .success(let loaded): api = loaded
        case .failure(let error): return .failure(error)
        }
        let count = image.width * image.height
        let opaque = image.pixels.withUnsafeBufferPointer { zs_images_is_opaque($0.baseAddress, count) != 0 }
        let channels = opaque ? 3 : 4
        let pixels = !opaque ? image.pixels : [UInt8](unsafeUninitializedCapacity: count * 3) { target, written in
            image.pixels.withUnsafeBufferPointer { zs_images_rgba_to_rgb($0.baseAddress, count, target.baseAddress) }
            written = count * 3
        }
        let raw = image.height * (image.width * channels + 1)
        var capacity = raw + raw / 64 + 4096
        for _ in 0..<2 {
            var header = zs_png_image()
            header.version = UInt32(ZS_PNG_IMAGE_VERSION)
            header.width = UInt32(image.width)
            header.height = UInt32(image.height)
            header.format = UInt32(opaque ? ZS_PNG_FORMAT_RGB : ZS_PNG_FORMAT_RGBA)
            header.flags = UInt32(ZS_PNG_IMAGE_FLAG_FAST)
            var written = capacity
            var succeeded = false
            let output = pixels.withUnsafeBytes { pixels in
                [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                    succeeded = api.write_to_memory(
                        &header, buffer.baseAddress, &written, 0, pixels.baseAddress, Int32(image.width * channels), nil) != 0
                    count = succeeded ? written : 0
                }
            }
            if succeeded { return .success(output) }
            // Too small after all: libpng said how much it needs.
            guard written > capacity else { return .failure(ImageLoadError("cannot encode PNG (\(message(of: header)))")) }
            capacity = written
        }
        return .failure(ImageLoadError("cannot encode PNG (it keeps growing)"))
    }

    private static func message(of image: zs_png_image) -> String {
        withUnsafeBytes(of: image.message) { raw in
            let text = String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            return text.isEmpty ? "libpng gave no reason" : text
        }
    }

    // MARK: JPEG

    static func decodeJPEG(_ bytes: [UInt8], limits: ImageLimits, target: (width: Int, height: Int)?)
        -> Result<RGBAImage, ImageLoadError>
    {
        let api: zs_tj_api
        switch ImageLibraries.turboJPEG {
        case .success(let loaded): api = loaded
        case .failure(let error): return .failure(error)
        }
        guard let handle = api.init_decompress() else { return .failure(ImageLoadError("TurboJPEG cannot start a decoder")) }
        defer { _ = api.destroy(handle) }
        func reason() -> String { api.get_error_str2(handle).map { String(cString: $0) } ?? "TurboJPEG gave no reason" }
        return bytes.withUnsafeBufferPointer { jpeg in
            var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
            guard api.decompress_header3(handle, jpeg.baseAddress, UInt(jpeg.count), &width, &height, &subsampling, &colorspace) == 0 else {
                return .failure(ImageLoadError("not a readable JPEG image (\(reason()))"))
            }
            if let error = limits.check(width: Int(width), height: Int(height)) { return .failure(error) }
            let (scaledWidth, scaledHeight) = scaled(width: Int(width), height: Int(height), to: target, api: api)
            var failure: String?
            let pixels = [UInt8](unsafeUninitializedCapacity: scaledWidth * scaledHeight * 4) { buffer, count in
                let status = api.decompress2(
                    handle, jpeg.baseAddress, UInt(jpeg.count), buffer.baseAddress, Int32(scaledWidth), Int32(scaledWidth * 4),
                    Int32(scaledHeight), Int32(ZS_TJPF_RGBA), Int32(ZS_TJFLAG_STOPONWARNING | ZS_TJFLAG_LIMITSCANS))
                if status != 0 {
                    failure = reason()
                    buffer.initialize(repeating: 0)
                }
                count = scaledWidth * scaledHeight * 4
            }
            if let failure { return .failure(ImageLoadError("a broken or truncated JPEG image (\(failure))")) }
            return .success(RGBAImage(width: scaledWidth, height: scaledHeight, pixels: pixels))
        }
    }

    /// The smallest TurboJPEG scale of width × height that still covers `target` (full size without one).
    private static func scaled(width: Int, height: Int, to target: (width: Int, height: Int)?, api: zs_tj_api) -> (Int, Int) {
        guard let target, target.width > 0, target.height > 0 else { return (width, height) }
        var count: Int32 = 0
        guard let factors = api.get_scaling_factors(&count) else { return (width, height) }
        var best = (width, height)
        for factor in UnsafeBufferPointer(start: factors, count: Int(count)) where factor.num > 0 && factor.denom > 0 {
            let w = (width * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
            let h = (height * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
            guard w <= width, w >= target.width || h >= target.height, w * h < best.0 * best.1 else { continue }
            best = (w, h)
        }
        return best
    }

    // MARK: WebP

    static func decodeWebP(_ bytes: [UInt8], limits: ImageLimits) -> Result<RGBAImage, ImageLoadError> {
        let api: zs_webp_api
        switch ImageLibraries.webP {
        case .success(let loaded): api = loaded
        case .failure(let error): return .failure(error)
        }
        return bytes.withUnsafeBufferPointer { webP in
            var width: Int32 = 0, height: Int32 = 0
            guard api.get_info(webP.baseAddress, webP.count, &width, &height) != 0 else {
                return .failure(ImageLoadError("not a readable WebP image (its header is broken)"))
            }
            if let error = limits.check(width: Int(width), height: Int(height)) { return .failure(error) }
            let size = Int(width) * Int(height) * 4
            var failed = false
            let pixels = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                if api.decode_rgba_into(webP.baseAddress, webP.count, buffer.baseAddress, size, width * 4) == nil {
                    failed = true
                    buffer.initialize(repeating: 0)
                }
                count = size
            }
            if failed { return .failure(ImageLoadError("a broken or truncated WebP image")) }
            return .success(RGBAImage(width: Int(width), height: Int(height), pixels: pixels))
        }
    }
}
