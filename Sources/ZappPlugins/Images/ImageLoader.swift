#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ZappCore
import ZappModel

/// The shell's `ImageLoading`: reads an image from an http(s) URL (through `HTTPClient`), a
/// `file://` URL, an absolute path or a path relative to the app folder (for an app fetched
/// over HTTP, paths are fetched from its server and local files are not read, as feeds are),
/// decodes it through the caps (`ImageLimits`) and prepares it for the asked box and mode.
///
/// Nothing here runs on the caller's actor: fetches run on HTTP's threads; local files and the
/// disk cache are read and written on a serial queue of this loader's own, and decoding and
/// chafa run on another (the C libraries are opened there, on the first image), so no thread of
/// the shared pool ever waits on a disk (ARCHITECTURE.md, "Executor"). Local files go through
/// `FileSystem.contents`: regular files only (a device, FIFO, socket or folder is refused,
/// naming its kind), capped at `ImageLimits.maximumBytes`. The fetched bytes and the prepared
/// images (per box and mode) are kept in memory within one byte budget (`ImageMemoryCache`),
/// and http(s) images on disk (`ImageDiskCache`, revalidated with `ETag` / `Last-Modified`).
/// Every failure names the address.
public actor ImageLoader: ImageLoading {
    public static let defaultTimeout = 10.0
    /// The most the disk cache holds unless told (`--image-cache-mb`): 256 MiB.
    public static let defaultDiskCacheBytes = 256 * 1024 * 1024
    /// The media types an image request accepts.
    static let accept = "image/png, image/jpeg, image/webp, image/*;q=0.8"
    /// Bytes of fetched and prepared images kept in memory before the least recently used are
    /// dropped (a dropped one is fetched again, from the disk cache for http).
    static let memoryLimit = 64 * 1024 * 1024
    /// Fetches and prepared images kept in memory, failures included.
    static let entryLimit = 2048

    private let folder: URL?
    private let diskCache: ImageDiskCache?
    private let limits: ImageLimits
    private let timeout: Double
    private let queue = BlockingWork.Lane()
    private let files = BlockingWork.Lane()
    private var memory = ImageMemoryCache<Kept, KeptTask>(maximumBytes: ImageLoader.memoryLimit, maximumEntries: ImageLoader.entryLimit)

    /// The bytes of one fetched image.
    struct Fetched: Sendable {
        var bytes: [UInt8]
    }

    private struct PreparedKey: Hashable {
        var address: String
        var columns: Int
        var rows: Int
        var mode: ImageMode
        var cell: CellPixelSize?
        var backdrop: ZappColor?
    }

    /// What the memory cache holds: an address's bytes, its image prepared for one box, or the
    /// bytes of a part of a prepared image (by the image's protocol bytes and the part).
    private enum Kept: Hashable {
        case fetched(String)
        case prepared(PreparedKey)
        case part([UInt8], ImagePart)
    }

    /// The load kept for a `Kept` key.
    private enum KeptTask {
        case fetched(Task<Result<Fetched, ImageLoadError>, Never>)
        case prepared(Task<Result<PreparedImage, ImageLoadError>, Never>)
        case part(Task<Result<[UInt8], ImageLoadError>, Never>)
    }

    /// - Parameters:
    ///   - folder: what relative paths resolve against: the app folder, or the http(s) URL of
    ///     a remote app's folder ending in `/` (`ZappApp.feedFolder`); nil: relative paths fail.
    ///   - stateDirectory: where fetched images are kept between runs (`images/` in it); nil:
    ///     in memory only.
    ///   - diskCacheBytes: the most the disk cache holds (`--image-cache-mb`); 0: no disk cache.
    public init(
        folder: URL?, stateDirectory: URL?, diskCacheBytes: Int = ImageLoader.defaultDiskCacheBytes,
        limits: ImageLimits = ImageLimits(), timeout: Double = ImageLoader.defaultTimeout
    ) {
        self.folder = folder
        diskCache = stateDirectory.flatMap { ImageDiskCache(stateDirectory: $0, maximumBytes: diskCacheBytes) }
        self.limits = limits
        self.timeout = timeout
    }

    public func load(_ request: ImageRequest) async -> Result<PreparedImage, ImageLoadError> {
        let address = request.address.trimmingWhitespace
        let mode = request.mode
        let key = Kept.prepared(
            PreparedKey(address: address, columns: request.columns, rows: request.rows, mode: mode, cell: request.cell, backdrop: request.backdrop))
        if case .prepared(let task)? = memory.value(for: key) { return await task.value }
        let fetch = fetchTask(address)
        let (limits, queue) = (self.limits, self.queue)
        let task = Task.detached { () -> Result<PreparedImage, ImageLoadError> in
            switch await fetch.value {
            case .failure(let error): return .failure(error)
            case .success(let fetched):
                let result = await BlockingWork.run(on: queue) {
                    Self.prepare(fetched.bytes, request: request, mode: mode, limits: limits)
                }
                return result.mapError { ImageLoadError("\(Self.shown(address)): \($0.message)") }
            }
        }
        memory.insert(.prepared(task), for: key)
        let result = await task.value
        if case .success(let image) = result { memory.measure(key, bytes: Self.byteCount(image)) }
        if case .success(let fetched) = await fetch.value { memory.measure(.fetched(address), bytes: fetched.bytes.count) }
        return result
    }

    /// Encodes `part` of `image` (a sixel or iTerm2 image a pane covers in part) on the
    /// preparing queue, once per image and part while it is kept in memory.
    public func encode(_ part: ImagePart, of image: PreparedImage) async -> Result<[UInt8], ImageLoadError> {
        let key = Kept.part(image.protocolBytes ?? [], part)
        if case .part(let task)? = memory.value(for: key) { return await task.value }
        let queue = queue
        let task = Task.detached { await BlockingWork.run(on: queue) { ImagePreparer.encode(part, of: image) } }
        memory.insert(.part(task), for: key)
        let result = await task.value
        if case .success(let bytes) = result { memory.measure(key, bytes: bytes.count + (image.protocolBytes?.count ?? 0)) }
        return result
    }

    /// What a prepared image holds in memory: its cells, its protocol payload, its PNG and the
    /// pixels kept for cropping.
    static func byteCount(_ image: PreparedImage) -> Int {
        image.cells.reduce(0) { $0 + $1.count } * MemoryLayout<ImageCell>.stride + (image.protocolBytes?.count ?? 0) + image.png.count
            + (image.pixels?.rgba.count ?? 0)
    }

    /// Decodes `bytes` through `limits` and prepares them for the request's box in `mode`: the
    /// loader's work without the fetch (it runs it on its queue), public for the benchmarks
    /// and the fuzz target.
    public static func prepare(_ bytes: [UInt8], request: ImageRequest, mode: ImageMode, limits: ImageLimits = ImageLimits())
        -> Result<PreparedImage, ImageLoadError>
    {
        let cell = ImagePreparer.pngCell(for: mode, cell: request.cell)
        let target = (request.columns * cell.width, request.rows * cell.height)
        return ImageDecoder.decode(bytes, limits: limits, target: target).flatMap { decoded in
            ImagePreparer.prepare(
                decoded.image, columns: request.columns, rows: request.rows, mode: mode, cell: request.cell, backdrop: request.backdrop,
                key: "\(request.address) \(request.columns)x\(request.rows)",
                originalPNG: decoded.format == .png ? bytes : nil)
        }
    }

    /// PNG bytes of `width` × `height` RGBA pixels (tests and benchmarks make images with it).
    public static func encodePNG(width: Int, height: Int, rgba: [UInt8]) -> Result<[UInt8], ImageLoadError> {
        guard width > 0, height > 0, rgba.count == width * height * 4 else {
            return .failure(ImageLoadError("\(rgba.count) bytes are not \(width)x\(height) RGBA pixels"))
        }
        return ImageDecoder.encodePNG(RGBAImage(width: width, height: height, pixels: rgba))
    }

    // MARK: Fetching

    /// One fetch per address while it is kept in memory (failures included), shared by every
    /// box it is drawn in.
    private func fetchTask(_ address: String) -> Task<Result<Fetched, ImageLoadError>, Never> {
        if case .fetched(let task)? = memory.value(for: .fetched(address)) { return task }
        let (folder, diskCache, limits, timeout, files) = (self.folder, self.diskCache, self.limits, self.timeout, self.files)
        let task = Task.detached {
            await Self.fetch(address, folder: folder, diskCache: diskCache, limits: limits, timeout: timeout, files: files)
                .mapError { ImageLoadError("\(Self.shown(address)): \($0.message)") }
        }
        memory.insert(.fetched(task), for: .fetched(address))
        return task
    }

    private static func fetch(
        _ address: String, folder: URL?, diskCache: ImageDiskCache?, limits: ImageLimits, timeout: Double, files: BlockingWork.Lane
    ) async
        -> Result<Fetched, ImageLoadError>
    {
        guard !address.isEmpty else { return .failure(ImageLoadError("the address is empty")) }
        if address.isWebURL {
            guard let url = URL(string: address), url.host != nil else { return .failure(ImageLoadError("not a valid URL")) }
            return await download(url, diskCache: diskCache, limits: limits, timeout: timeout, files: files)
        }
        if let folder, !folder.isFileURL {
            guard !address.contains("://") else {
                return .failure(ImageLoadError("not read for an app fetched over the network (use http or https)"))
            }
            guard let url = URL(string: address, relativeTo: folder)?.absoluteURL, url.host != nil else {
                return .failure(ImageLoadError("not a valid path on the app's server"))
            }
            return await download(url, diskCache: diskCache, limits: limits, timeout: timeout, files: files)
        }
        if address.contains("://") && !address.lowercased().hasPrefix("file://") {
            return .failure(ImageLoadError("unsupported URL scheme (use http, https or file)"))
        }
        let path: String
        switch LocalReference.resolve(address, folder: folder) {
        case .file(let resolved): path = resolved
        case .refused(let why): return .failure(ImageLoadError(String(why.dropFirst("is ".count))))
        case .notLocal: return .failure(ImageLoadError("not a local file"))
        }
        return await BlockingWork.run(on: files) { read(path, limits: limits) }
    }

    /// A local image through `FileSystem.contents`, capped at the byte cap.
    private static func read(_ path: String, limits: ImageLimits) -> Result<Fetched, ImageLoadError> {
        switch FileSystem.contents(atPath: path, limit: limits.maximumBytes) {
        case .success(let data): return .success(Fetched(bytes: Array(data)))
        case .failure(let refusal):
            switch refusal.problem {
            case .missing: return .failure(ImageLoadError("no such file"))
            case .tooLarge(let size?, _): return .failure(limits.check(bytes: size) ?? ImageLoadError(refusal.reason))
            default: return .failure(ImageLoadError(refusal.reason))
            }
        }
    }

    /// GETs `url`, revalidating what the disk cache holds; the kept bytes stand in when the
    /// server cannot be reached.
    private static func download(_ url: URL, diskCache: ImageDiskCache?, limits: ImageLimits, timeout: Double, files: BlockingWork.Lane) async
        -> Result<Fetched, ImageLoadError>
    {
        let kept = await BlockingWork.run(on: files) { diskCache?.entry(for: url) }
        var headers: [String] = []
        if let etag = kept?.etag { headers.append("If-None-Match: \(etag)") }
        if let lastModified = kept?.lastModified { headers.append("If-Modified-Since: \(lastModified)") }
        switch await HTTPClient().get(url, accept: accept, headers: headers, timeout: timeout, maximumBytes: limits.maximumBytes) {
        case .failure(let failure):
            if let kept, failure.reason != .cancelled, !isTooLarge(failure.reason) { return .success(Fetched(bytes: kept.bytes)) }
            if case .tooLarge = failure.reason, let error = limits.check(bytes: limits.maximumBytes + 1) { return .failure(error) }
            return .failure(ImageLoadError(failure.explanation))
        case .success(let response):
            if response.status == 304, let kept { return .success(Fetched(bytes: kept.bytes)) }
            guard (200..<300).contains(response.status) else { return .failure(ImageLoadError(response.statusLine)) }
            let bytes = Array(response.body)
            // Only what decodes is kept (not an HTML error page served as image/png).
            if let diskCache, case .success = ImageFormat.detect(bytes) {
                let entry = ImageDiskCache.Entry(bytes: bytes, etag: response.headers["etag"], lastModified: response.headers["last-modified"])
                await BlockingWork.run(on: files) { diskCache.store(entry, for: url) }
            }
            return .success(Fetched(bytes: bytes))
        }
    }

    private static func isTooLarge(_ reason: HTTPFailure.Reason) -> Bool {
        if case .tooLarge = reason { return true }
        return false
    }

    /// The address as messages show it: a URL without query, user or password.
    static func shown(_ address: String) -> String {
        guard address.isWebURL, let url = URL(string: address) else { return TextSanitizer.sanitize(address) }
        return HTTPClient.shown(url)
    }
}
