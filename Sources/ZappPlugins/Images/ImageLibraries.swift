import CImages
import ZappCore

/// The image libraries, each opened with `dlopen` when the first image needs it (no link-time
/// dependency: an app that shows no image never maps them; ARCHITECTURE.md, "Hand-written parts").
/// A library that cannot be opened fails the images that need it, naming the Debian package.
enum ImageLibraries {
    /// libpng 1.6's simplified API (Debian `libpng16-16`).
    static let png: Result<zs_png_api, ImageLoadError> = open("libpng16.so.16", package: "libpng16-16") {
        var api = zs_png_api()
        return (zs_png_load($0, &api, $1, $2), api)
    }

    /// TurboJPEG (Debian `libturbojpeg0`).
    static let turboJPEG: Result<zs_tj_api, ImageLoadError> = open("libturbojpeg.so.0", package: "libturbojpeg0") {
        var api = zs_tj_api()
        return (zs_tj_load($0, &api, $1, $2), api)
    }

    /// libwebp's simple decoding API (Debian `libwebp7`).
    static let webP: Result<zs_webp_api, ImageLoadError> = open("libwebp.so.7", package: "libwebp7") {
        var api = zs_webp_api()
        return (zs_webp_load($0, &api, $1, $2), api)
    }

    /// libchafa ≥ 1.8 and GLib's `g_string_free` (Debian `libchafa0`).
    static let chafa: Result<zs_chafa_api, ImageLoadError> = open("libchafa.so.0", package: "libchafa0") {
        var api = zs_chafa_api()
        return (zs_chafa_load($0, "libglib-2.0.so.0", &api, $1, $2), api)
    }

    private static func open<API>(
        _ soname: String, package: String,
        _ load: (UnsafePointer<CChar>, UnsafeMutablePointer<CChar>, Int) -> (Int32, API)
    ) -> Result<API, ImageLoadError> {
        var error = [CChar](repeating: 0, count: 512)
        let (status, api) = soname.withCString { name in
            error.withUnsafeMutableBufferPointer { load(name, $0.baseAddress!, $0.count) }
        }
        guard status == 0 else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(ImageLoadError("images need \(soname), which cannot be loaded (\(reason)); install the \(package) package"))
        }
        return .success(api)
    }
}

extension zs_png_api: @unchecked @retroactive Sendable {}
extension zs_tj_api: @unchecked @retroactive Sendable {}
extension zs_webp_api: @unchecked @retroactive Sendable {}
extension zs_chafa_api: @unchecked @retroactive Sendable {}
