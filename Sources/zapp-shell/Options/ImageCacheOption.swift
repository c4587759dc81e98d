import ArgumentParser
import ZappPlugins

/// `--image-cache-mb N` of `run` and `render`: how many MiB of fetched images the disk cache in
/// the state directory keeps (the least recently used go first; 0 keeps none on disk).
struct ImageCacheOption: ParsableArguments {
    /// The largest value taken: 1 TiB.
    static let maximum = 1024 * 1024
    /// The default: the image loader's.
    static let defaultMB = ImageLoader.defaultDiskCacheBytes / (1024 * 1024)

    @Option(
        name: .customLong("image-cache-mb"),
        help: ArgumentHelp(
            "The most MiB of fetched images kept on disk in the state directory, least recently used dropped first; 0 keeps none.",
            valueName: "N"),
        transform: ImageCacheOption.parse)
    var imageCacheMB: Int = defaultMB

    /// The cap in bytes.
    var bytes: Int { imageCacheMB * 1024 * 1024 }

    static func parse(_ text: String) throws -> Int {
        guard let value = Int(text), (0...maximum).contains(value) else {
            throw ValidationError("--image-cache-mb: expected a whole number of MiB from 0 to \(maximum), got \"\(text)\"")
        }
        return value
    }
}
