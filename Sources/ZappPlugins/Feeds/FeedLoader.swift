#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ZappCore
import ZappModel

/// The shell's `FeedLoading`: reads a `data.source` that is an http(s) URL (through
/// `HTTPClient`), a `file://` URL, an absolute path or a path relative to the app folder,
/// and parses it by content (`FeedParser`). For an app fetched over HTTP, a path (relative or
/// absolute) is fetched from the app's server instead, and local files are not read.
///
/// A feed map (`--feeds`, `FeedMap`) is consulted first: a mapped source is read from its
/// target (a local file, even for an app fetched over HTTP, or a URL); an unmapped source that
/// is no URL or path (a provider address) fails with what it is (`FeedSource`).
///
/// Loads run concurrently off the caller, each bounded by `timeout` and `maximumBytes`; local
/// files are read on the loader's own queue, regular files only (`FileSystem.contents`).
/// Each source is loaded once per session: concurrent requests for it share one load, later
/// ones get the cached result (success or failure) until a `reload` (the retry key) starts
/// a new load.
public actor FeedLoader: FeedLoading {
    public static let defaultTimeout = 10.0
    public static let defaultMaximumBytes = 16 * 1024 * 1024
    /// The media types a feed request accepts (Pipes2 first).
    static let accept = "application/vnd+applicaster.pipes2+json, application/json, application/atom+xml, application/xml;q=0.9, */*;q=0.5"

    private let folder: URL?
    private let map: FeedMap
    private let timeout: Double
    private let maximumBytes: Int
    private var loads: [String: Task<Result<Feed, FeedLoadError>, Never>] = [:]
    /// Where local feeds are read: a lane of the blocking-work pool, so a slow disk holds none
    /// of the shared pool's threads (ARCHITECTURE.md, "Executor").
    private let queue = BlockingWork.Lane()

    /// - Parameters:
    ///   - folder: the app folder relative paths resolve against (nil: relative paths fail), or
    ///     the http(s) URL of a remote app's folder (`ZappApp.feedFolder`), ending in `/`.
    ///   - map: where sources come from instead of as written (`--feeds`).
    ///   - timeout: seconds a load may take as a whole.
    ///   - maximumBytes: the largest feed accepted.
    public init(
        folder: URL?, map: FeedMap = FeedMap(), timeout: Double = FeedLoader.defaultTimeout,
        maximumBytes: Int = FeedLoader.defaultMaximumBytes
    ) {
        self.folder = folder
        self.map = map
        self.timeout = timeout
        self.maximumBytes = maximumBytes
    }

    public func load(_ source: String, reload: Bool) async -> Result<Feed, FeedLoadError> {
        if !reload, let load = loads[source] { return await load.value }
        let (folder, timeout, maximumBytes, queue) = (self.folder, self.timeout, self.maximumBytes, self.queue)
        let target = map.target(for: source)
        let load = Task.detached {
            if let target {
                // A mapped target is the user's own file or URL: read as written, locally too.
                return await Self.fetch(target, folder: nil, mapped: true, timeout: timeout, maximumBytes: maximumBytes, queue: queue)
                    .flatMap { data in Self.parse(data) }
            }
            if let reason = FeedSource.unreachableReason(source, type: nil) { return .failure(FeedLoadError(reason)) }
            return await Self.fetch(source, folder: folder, timeout: timeout, maximumBytes: maximumBytes, queue: queue)
                .flatMap { data in Self.parse(data) }
        }
        loads[source] = load
        return await load.value
    }

    private static func parse(_ data: Data) -> Result<Feed, FeedLoadError> {
        do {
            return .success(try FeedParser.parse(data))
        } catch {
            return .failure(FeedLoadError(error.description))
        }
    }

    // MARK: Reading

    private static func fetch(_ source: String, folder: URL?, mapped: Bool = false, timeout: Double, maximumBytes: Int, queue: BlockingWork.Lane) async
        -> Result<Data, FeedLoadError>
    {
        let trimmed = source.trimmingWhitespace
        guard !trimmed.isEmpty else { return .failure(FeedLoadError("the source is empty")) }
        let lowered = trimmed.lowercased()
        if trimmed.isWebURL {
            guard let url = URL(string: trimmed), url.host != nil else { return .failure(FeedLoadError("not a valid URL: \(trimmed)")) }
            return await download(url, timeout: timeout, maximumBytes: maximumBytes)
        }
        if let folder, !folder.isFileURL {
            guard !trimmed.contains("://") else {
                return .failure(FeedLoadError("\(trimmed) is not read for an app fetched over the network (use http or https)"))
            }
            guard let url = URL(string: trimmed, relativeTo: folder)?.absoluteURL, url.host != nil else {
                return .failure(FeedLoadError("not a valid path on the app's server: \(trimmed)"))
            }
            return await download(url, timeout: timeout, maximumBytes: maximumBytes)
        }
        let file: URL
        if mapped {
            // A --feeds map is the user's, not the app's: its files are read wherever they are.
            file = lowered.hasPrefix("file://") ? URL(fileURLWithPath: URL(string: trimmed)?.path ?? trimmed)
                : trimmed.hasPrefix("/") || folder == nil ? URL(fileURLWithPath: trimmed) : folder!.appendingPathComponent(trimmed)
        } else {
            switch LocalReference.resolve(trimmed, folder: folder) {
            case .file(let path): file = URL(fileURLWithPath: path)
            case .refused(let why): return .failure(FeedLoadError("\(trimmed) \(why); not read"))
            case .notLocal: return .failure(FeedLoadError("\(trimmed) is not a feed address"))
            }
        }
        return await read(file, shown: trimmed, namesPath: mapped, maximumBytes: maximumBytes, on: queue)
    }

    private static func download(_ url: URL, timeout: Double, maximumBytes: Int) async -> Result<Data, FeedLoadError> {
        switch await HTTPClient().get(url, accept: accept, timeout: timeout, maximumBytes: maximumBytes) {
        case .failure(let failure):
            // The UI names the source beside the message ("Could not load SOURCE: ...").
            return .failure(FeedLoadError(failure.explanation))
        case .success(let response):
            guard (200..<300).contains(response.status) else {
                let host = url.port.map { "\(url.host ?? ""):\($0)" } ?? url.host ?? url.absoluteString
                return .failure(FeedLoadError("\(response.statusLine) from \(host)"))
            }
            return .success(response.body)
        }
    }

    /// Reads a local feed through `FileSystem.contents` (regular files only, capped at
    /// `maximumBytes`) on `queue`, never on a thread of the shared pool.
    private static func read(_ file: URL, shown: String, namesPath: Bool, maximumBytes: Int, on queue: BlockingWork.Lane) async
        -> Result<Data, FeedLoadError>
    {
        await BlockingWork.run(on: queue) {
            FileSystem.contents(atPath: file.path, limit: maximumBytes).mapError { refusal in
                switch refusal.problem {
                case .missing: return FeedLoadError("no such file: \(shown)")
                case .notAFile(.folder): return FeedLoadError("\(shown) is a folder, not a feed")
                case .tooLarge(let size?, let limit): return tooLarge(size, limit)
                // The UI names the source beside the message; a mapped target is named here.
                default: return FeedLoadError(namesPath ? "\(shown): \(refusal.reason)" : refusal.reason)
                }
            }
        }
    }

    private static func tooLarge(_ size: Int, _ maximum: Int) -> FeedLoadError {
        FeedLoadError("the feed is \(size / 1024) KiB, more than the \(maximum / 1024 / 1024) MiB limit")
    }
}
