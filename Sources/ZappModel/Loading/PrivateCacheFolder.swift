#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A private, bounded folder of the state directory holding one file per address: the image
/// cache (`images/`) and the offline copies of http(s) apps (`offline/`). The folder is made 0700
/// by the cache itself, which marks it (`markerName`) and uses no other: a folder already there
/// without the mark, a symbolic link or someone else's folder means no cache, and nothing in it
/// is touched or chmod-ed. Each entry is one 0600 file (`PrivateFile`) starting with the cache's
/// magic line, written to a temporary name and renamed, named by a digest of its address
/// (`key(for:)`: no URL, user, password or query written anywhere). Every store keeps the folder
/// within `maximumBytes`, removing the least recently used entries first (a read marks an entry
/// used); it deletes only files it wrote: its names holding its magic line.
public struct PrivateCacheFolder: Sendable {
    /// A temporary file older than this is a store that did not finish (its process died).
    static let abandonedTemporaryAge = 60
    /// The file that marks a folder the cache made itself.
    public static let markerName = ".zapp-shell-cache"

    public let folder: URL
    public let maximumBytes: Int
    /// The first line of every entry this cache writes (with its newline).
    let magic: [UInt8]

    /// The folder `name` of `stateDirectory`, whose entries start with the line `magic`, or nil
    /// when `maximumBytes` is 0 (nothing kept).
    public init?(stateDirectory: URL, name: String, magic: String, maximumBytes: Int) {
        guard maximumBytes > 0 else { return nil }
        folder = stateDirectory.appendingPathComponent(name, isDirectory: true)
        self.maximumBytes = maximumBytes
        self.magic = Array((magic + "\n").utf8)
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
    /// Only an entry of ours gone bad (its magic line) is removed; anything else is left alone.
    public func entry<Entry>(for url: URL, limit: Int, decode: ([UInt8]) -> Entry?) -> Entry? {
        guard isOurFolder() else { return nil }
        let path = folder.appendingPathComponent(Self.key(for: url)).path
        guard case .success(let data) = FileSystem.contents(atPath: path, limit: limit, followingLinks: false) else {
            if isOurs(path) { unlink(path) }
            return nil
        }
        guard let entry = decode(Array(data)) else {
            if data.starts(with: magic) { unlink(path) }
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

    /// Makes the folder (and the state directory above it) if missing, 0700, and marks it as the
    /// cache's own; an existing folder is used only when it is (`isOurFolder`), and never chmod-ed.
    private func makeFolder() -> Bool {
        var info = stat()
        if lstat(folder.path, &info) == 0 { return isOurFolder() }
        var missing: [String] = []
        var path = FileSystem.parent(of: folder.path)
        while FileSystem.kind(atPath: path) == .missing, path != "/" {
            missing.append(path)
            path = FileSystem.parent(of: path)
        }
        for path in missing.reversed() where mkdir(path, 0o700) != 0 && errno != EEXIST { return false }
        guard mkdir(folder.path, 0o700) == 0 else { return false }
        do {
            try PrivateFile.create(folder.appendingPathComponent(Self.markerName).path, with: magic)
        } catch {
            return false
        }
        return true
    }

    /// True when the folder is the cache's own: a folder (not a link) of this user's, holding
    /// the marker the cache wrote when it made it.
    private func isOurFolder() -> Bool {
        var info = stat()
        guard lstat(folder.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid() else { return false }
        let marker = folder.appendingPathComponent(Self.markerName).path
        return lstat(marker, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// True when the regular file at `path` starts with the cache's magic line (read without
    /// following a link).
    private func isOurs(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: magic.count)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count == magic.count && head == magic
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

    /// Removes its temporary files of stores that never finished, then the least recently used
    /// of its entries while they hold more than `maximumBytes` (never `kept`, the entry just
    /// stored). A file that is not one of its names holding its magic line is left alone.
    private func keepWithinCap(keeping kept: String) {
        var entries: [(path: String, size: Int, used: Int)] = []
        let now = Int(time(nil))
        for name in FileSystem.entries(atPath: folder.path) ?? [] {
            let path = folder.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            let used = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
            if name.hasPrefix(".") && name.hasSuffix(".tmp") {
                if now - Int(info.st_mtim.tv_sec) >= Self.abandonedTemporaryAge, isOurs(path) { unlink(path) }
                continue
            }
            let isEntry = name.utf8.count == 64 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
            guard isEntry, isOurs(path) else { continue }
            entries.append((path, Int(info.st_size), name == kept ? Int.max : used))
        }
        var total = entries.reduce(0) { $0 + $1.size }
        for entry in entries.sorted(by: { $0.used < $1.used }) where total > maximumBytes && entry.used < Int.max {
            if unlink(entry.path) == 0 || errno == ENOENT { total -= entry.size }
        }
    }
}
