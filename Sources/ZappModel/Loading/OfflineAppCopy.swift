#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The last good copy of an http(s) app that `run` keeps in the state directory (`offline/`,
/// private and bounded by `PrivateCacheFolder`): the bytes of its river.json and, when the
/// server served them, plugin_configurations.json and content_types.json, with when they were
/// fetched. When the app cannot be fetched, `run` opens this copy, marked offline on screen.
///
/// One entry file per app address: a magic line, `saved:` (seconds since 1970), one
/// `NAME: LENGTH SHA256` line per file, an empty line, then the files' bytes in that order. A
/// copy whose lengths or digests do not match is removed.
public struct OfflineAppCopy: Sendable, Hashable {
    /// The first line of every entry.
    static let magic = "zapp-shell offline copy 1"
    /// The largest total of copies kept (the least recently used go first).
    public static let defaultMaximumBytes = 256 * 1024 * 1024
    /// The largest river kept as a copy: keeping one holds it twice more while it is written, so
    /// a larger river (a real one is under 1 MB) is not kept, and the load stays under 400 MB
    /// (issue 34).
    public static let maximumRiverBytes = 32 * 1024 * 1024
    /// The longest header an entry has.
    static let maximumHeaderBytes = 1024

    public var river: [UInt8]
    /// nil: the server had none (or `--plugins` gave a local one).
    public var plugins: [UInt8]?
    /// nil: the server had none.
    public var contentTypes: [UInt8]?
    /// When it was fetched, in seconds since 1970.
    public var saved: Int

    public init(river: [UInt8], plugins: [UInt8]?, contentTypes: [UInt8]?, saved: Int) {
        self.river = river
        self.plugins = plugins
        self.contentTypes = contentTypes
        self.saved = saved
    }

    /// "2026-11-28 12:40 UTC".
    public var savedText: String { UTCTime.minutes(saved) }

    // MARK: The entry file

    private var parts: [(name: String, bytes: [UInt8])] {
        [("river", river)] + [("plugins", plugins), ("content-types", contentTypes)].compactMap { name, bytes in
            bytes.map { (name, $0) }
        }
    }

    func encoded() -> [UInt8] {
        var header = "\(Self.magic)\nsaved: \(saved)\n"
        for part in parts { header += "\(part.name): \(part.bytes.count) \(SHA256.hex(part.bytes))\n" }
        return Array((header + "\n").utf8) + parts.flatMap(\.bytes)
    }

    static func decode(_ file: [UInt8]) -> OfflineAppCopy? {
        let window = file.prefix(maximumHeaderBytes)
        guard let end = window.indices.first(where: { $0 > 0 && window[$0] == 0x0A && window[$0 - 1] == 0x0A }) else { return nil }
        let lines = String(decoding: file[..<(end - 1)], as: UTF8.self).split(separator: "\n")
        guard lines.first == Substring(magic), lines.count >= 3,
            let saved = lines[1].hasPrefix("saved: ") ? Int(lines[1].dropFirst(7)) : nil
        else { return nil }
        var offset = end + 1
        var found: [String: [UInt8]] = [:]
        for line in lines.dropFirst(2) {
            let words = line.split(separator: " ")
            guard words.count == 3, words[0].hasSuffix(":"), let length = Int(words[1]), length >= 0,
                offset + length <= file.count
            else { return nil }
            let bytes = Array(file[offset..<(offset + length)])
            guard SHA256.hex(bytes) == words[2] else { return nil }
            found[String(words[0].dropLast())] = bytes
            offset += length
        }
        guard offset == file.count, let river = found["river"] else { return nil }
        return OfflineAppCopy(river: river, plugins: found["plugins"], contentTypes: found["content-types"], saved: saved)
    }
}

/// Where `run` keeps the offline copies: `offline/` in the state directory.
public struct OfflineAppCopies: Sendable {
    let folder: PrivateCacheFolder

    /// The copies under `stateDirectory`; nil when `maximumBytes` is 0 (none kept).
    public init?(stateDirectory: URL, maximumBytes: Int = OfflineAppCopy.defaultMaximumBytes) {
        guard let folder = PrivateCacheFolder(stateDirectory: stateDirectory, name: "offline", magic: OfflineAppCopy.magic, maximumBytes: maximumBytes)
        else { return nil }
        self.folder = folder
    }

    /// The copy kept of the app at `url`, nil when none (or it failed its check).
    public func copy(of url: URL) -> OfflineAppCopy? {
        folder.entry(for: url, limit: folder.maximumBytes, decode: OfflineAppCopy.decode)
    }

    /// Keeps `copy` as the app at `url`'s last good copy; false when it could not be kept.
    @discardableResult
    public func keep(_ copy: OfflineAppCopy, of url: URL) -> Bool {
        folder.store(copy.encoded(), for: url)
    }
}
