#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import ZappModel

/// Fetched images kept on disk under the state directory (`images/`), with the validators the
/// server gave (`ETag`, `Last-Modified`): the next run asks with them and uses the kept bytes
/// on `304 Not Modified`, and when the server cannot be reached, so that an app opened offline
/// shows what it showed before. Only bytes in an image format are kept (never an HTML error
/// page).
///
/// Private and bounded (ARCHITECTURE.md, "Where each rule lives") by `PrivateCacheFolder`: each
/// entry holds the metadata and the bytes together with their length and SHA-256, so a reader
/// never pairs an `ETag` with another process's bytes, and an entry failing its check is
/// removed and fetched again.
struct ImageDiskCache: Sendable {
    /// The first line of every entry; an entry without it is not read.
    static let magic = "zapp-shell image cache 1"
    /// The longest metadata an entry carries before its bytes.
    static let maximumHeaderBytes = 4096

    /// One kept image.
    struct Entry: Sendable, Hashable {
        var bytes: [UInt8]
        var etag: String?
        var lastModified: String?
    }

    let folder: PrivateCacheFolder

    /// The cache in `stateDirectory/images`, or nil when `maximumBytes` is 0 (no disk cache).
    init?(stateDirectory: URL, maximumBytes: Int) {
        guard let folder = PrivateCacheFolder(stateDirectory: stateDirectory, name: "images", magic: Self.magic, maximumBytes: maximumBytes)
        else { return nil }
        self.folder = folder
    }

    /// The name of `url`'s entry (`PrivateCacheFolder.key(for:)`).
    static func key(for url: URL) -> String {
        PrivateCacheFolder.key(for: url)
    }

    /// The entry kept for `url`, nil when none. An entry that fails its check (cut short,
    /// altered, not an entry) is removed, so the image is fetched again.
    func entry(for url: URL) -> Entry? {
        folder.entry(for: url, limit: ImageLimits.defaultMaximumBytes + Self.maximumHeaderBytes, decode: Self.decode)
    }

    /// Keeps `entry` for `url` within the cap. Failures are ignored: the cache is an optimisation.
    func store(_ entry: Entry, for url: URL) {
        folder.store(Self.encode(entry), for: url)
    }

    // MARK: The entry file

    /// The magic line, `length:`, `sha256:`, the validators, an empty line, then the bytes.
    static func encode(_ entry: Entry) -> [UInt8] {
        var header = "\(magic)\nlength: \(entry.bytes.count)\nsha256: \(SHA256.hex(entry.bytes))\n"
        for (name, value) in [("etag", entry.etag), ("last-modified", entry.lastModified)] {
            if let value, let line = headerLine(name, value) { header += line }
        }
        return Array((header + "\n").utf8) + entry.bytes
    }

    /// The entry in `file`, nil unless it is whole: the magic line, a header within
    /// `maximumHeaderBytes`, exactly `length` bytes after it, and their SHA-256 as written.
    static func decode(_ file: [UInt8]) -> Entry? {
        let window = file.prefix(maximumHeaderBytes)
        guard let end = window.indices.first(where: { $0 > 0 && window[$0] == 0x0A && window[$0 - 1] == 0x0A }) else { return nil }
        let lines = String(decoding: file[..<(end - 1)], as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == Substring(magic) else { return nil }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            fields[String(line[..<colon])] = String(line[line.index(after: colon)...]).trimmingWhitespace
        }
        let bytes = Array(file[(end + 1)...])
        guard let length = fields["length"].flatMap({ Int($0) }), length == bytes.count,
            fields["sha256"] == SHA256.hex(bytes)
        else { return nil }
        return Entry(bytes: bytes, etag: fields["etag"], lastModified: fields["last-modified"])
    }

    /// "etag: VALUE\n", nil for a value that would break the header (a line break, a control,
    /// or longer than a validator needs to be).
    private static func headerLine(_ name: String, _ value: String) -> String? {
        guard value.utf8.count <= 512, !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
        return "\(name): \(value)\n"
    }
}
