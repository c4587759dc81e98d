#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ZappModel

/// Fetched images kept on disk under the state directory (`images/`), keyed by URL, with the
/// validators the server gave (`ETag`, `Last-Modified`): the next run asks with them and uses
/// the kept bytes on `304 Not Modified`, and when the server cannot be reached, so that an app
/// opened offline shows what it showed before. Only bytes in an image format are kept (never
/// an HTML error page).
struct ImageDiskCache: Sendable {
    /// One kept image.
    struct Entry: Sendable, Hashable {
        var bytes: [UInt8]
        var etag: String?
        var lastModified: String?
    }

    let folder: URL

    init(stateDirectory: URL) {
        folder = stateDirectory.appendingPathComponent("images", isDirectory: true)
    }

    /// The entry kept for `url`, nil when none (or it cannot be read).
    func entry(for url: String) -> Entry? {
        let (bytesFile, metaFile) = files(for: url)
        guard case .success(let meta) = FileSystem.contents(atPath: metaFile.path),
            case .success(let bytes) = FileSystem.contents(atPath: bytesFile.path)
        else { return nil }
        var fields: [String: String] = [:]
        for line in String(decoding: meta, as: UTF8.self).split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = String(line[line.index(after: colon)...]).trimmingWhitespace
        }
        // Two URLs with the same hash: the file names the URL it holds.
        guard fields["url"] == url else { return nil }
        return Entry(bytes: Array(bytes), etag: fields["etag"], lastModified: fields["last-modified"])
    }

    /// Keeps `entry` for `url` (each file written to a temporary name and renamed, so a reader
    /// never sees half of one). Failures are ignored: the cache is an optimisation.
    func store(_ entry: Entry, for url: String) {
        guard !url.contains("\n"), !url.contains("\r") else { return }
        let (bytesFile, metaFile) = files(for: url)
        var meta = "url: \(url)\n"
        if let etag = entry.etag { meta += "etag: \(etag)\n" }
        if let lastModified = entry.lastModified { meta += "last-modified: \(lastModified)\n" }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(entry.bytes).write(to: bytesFile, options: .atomic)
            try Data(meta.utf8).write(to: metaFile, options: .atomic)
        } catch {
            return
        }
    }

    /// `<hash>.image` and `<hash>.meta`, the hash FNV-1a 64 of the URL (stable across runs).
    private func files(for url: String) -> (URL, URL) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in url.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let hex = String(hash, radix: 16)
        let name = String(repeating: "0", count: 16 - hex.count) + hex
        return (folder.appendingPathComponent(name + ".image"), folder.appendingPathComponent(name + ".meta"))
    }
}
