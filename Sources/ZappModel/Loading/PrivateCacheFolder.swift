#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A private, bounded folder of the state directory holding one file per address: the image
/// cache (`images/`) and the offline copies of http(s) apps (`offline/`). The folder is 0700,
/// each entry one 0600 file (`PrivateFile`) written to a temporary name and renamed, named by a
/// digest of its address (`key(for:)`: no URL, user, password or query written anywhere). Every
/// store keeps the folder within `maximumBytes`, removing the least recently used entries first
/// (a read marks an entry used); what is not an entry is removed.
public struct PrivateCacheFolder: Sendable {
    /// A temporary file older than this is a store that did not finish (its process died).
    static let abandonedTemporaryAge = 60

    public let folder: URL
    public let maximumBytes: Int

    /// The folder `name` of `stateDirectory`, or nil when `maximumBytes` is 0 (nothing kept).
    public init?(stateDirectory: URL, name: String, maximumBytes: Int) {
        guard maximumBytes > 0 else { return nil }
        folder = stateDirectory.appendingPathComponent(name, isDirectory: true)
        self.maximumBytes = maximumBytes
    }

    /// The name of `url`'s entry: the SHA-256 of the address without its user, password and
    /// fragment, whose query enters only as its own digest.
    public static func key(for url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            return SHA256.hex(Array(url.absoluteString.utf8))
        }
        components.user = nil
        components.password = nil
        components.fragment = nil
        let query = components.percentEncodedQuery
        components.percentEncodedQuery = nil
        let address = (components.string ?? "") + "\n" + (query.map { SHA256.hex(Array($0.utf8)) } ?? "")
        return SHA256.hex(Array(address.utf8))
    }

    /// The entry kept for `url`, decoded by `decode` (at most `limit` bytes read); nil when none.
    /// An entry that cannot be read or decoded (cut short, altered, not an entry) is removed.
    public func entry<Entry>(for url: URL, limit: Int, decode: ([UInt8]) -> Entry?) -> Entry? {
        let path = folder.appendingPathComponent(Self.key(for: url)).path
        let data: Data
        switch FileSystem.contents(atPath: path, limit: limit, followingLinks: false) {
        case .success(let contents): data = contents
        case .failure(let refusal):
            if refusal.problem != .missing { unlink(path) }
            return nil
        }
        guard let entry = decode(Array(data)) else {
            unlink(path)
            return nil
        }
        Self.markUsed(path)
        return entry
    }

    /// Keeps `file` as `url`'s entry, then removes the least recently used entries while the
    /// folder holds more than `maximumBytes`. False when it could not be kept (too large, the
    /// folder or the file could not be made).
    @discardableResult
    public func store(_ file: [UInt8], for url: URL) -> Bool {
        guard file.count <= maximumBytes, makeFolder() else { return false }
        let key = Self.key(for: url)
        let temporary = folder.appendingPathComponent(".\(key).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp").path
        do {
            try PrivateFile.create(temporary, with: file)
        } catch {
            unlink(temporary)
            return false
        }
        Self.markUsed(temporary)
        guard rename(temporary, folder.appendingPathComponent(key).path) == 0 else {
            unlink(temporary)
            return false
        }
        keepWithinCap(keeping: key)
        return true
    }

    /// Makes the folder (and the state directory above it) if missing, 0700, and makes an
    /// existing folder 0700 (one kept by an older version was 0755).
    private func makeFolder() -> Bool {
        var missing: [String] = []
        var path = folder.path
        while FileSystem.kind(atPath: path) == .missing, path != "/" {
            missing.append(path)
            path = FileSystem.parent(of: path)
        }
        for path in missing.reversed() where mkdir(path, 0o700) != 0 && errno != EEXIST { return false }
        return FileSystem.isDirectory(atPath: folder.path) && chmod(folder.path, 0o700) == 0
    }

    /// Sets the entry's modification time to now, to the nanosecond (the kernel's own stamp is
    /// as coarse as a few milliseconds, which would leave entries written together unordered):
    /// the order in which entries are removed.
    private static func markUsed(_ path: String) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let times = [now, now]
        utimensat(AT_FDCWD, path, times, AT_SYMLINK_NOFOLLOW)
    }

    /// Removes what is not an entry (files an older version kept, with the URL in clear;
    /// temporary files of stores that never finished), then the least recently used entries
    /// while the rest hold more than `maximumBytes` (never `kept`, the entry just stored).
    private func keepWithinCap(keeping kept: String) {
        var entries: [(path: String, size: Int, used: Int)] = []
        let now = Int(time(nil))
        for name in FileSystem.entries(atPath: folder.path) ?? [] {
            let path = folder.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let used = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
            let isEntry = name.utf8.count == 64 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
            let isFreshTemporary = name.hasPrefix(".") && name.hasSuffix(".tmp") && now - Int(info.st_mtim.tv_sec) < Self.abandonedTemporaryAge
            guard (isEntry || isFreshTemporary) && info.st_mode & S_IFMT == S_IFREG else {
                if info.st_mode & S_IFMT != S_IFDIR { unlink(path) }
                continue
            }
            entries.append((path, Int(info.st_size), !isEntry ? Int.max : name == kept ? Int.max - 1 : used))
        }
        var total = entries.reduce(0) { $0 + $1.size }
        for entry in entries.sorted(by: { $0.used < $1.used }) where total > maximumBytes && entry.used < Int.max - 1 {
            if unlink(entry.path) == 0 || errno == ENOENT { total -= entry.size }
        }
    }
}
