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
/// Private and bounded (ARCHITECTURE.md, "Where each rule lives"): the folder is made 0700 by the
/// cache itself, which marks it (`markerName`) and uses no other (an `images/` already there, a
/// symbolic link, a folder of someone else's: no cache, nothing in it touched), and each entry is
/// one 0600 file, written to a temporary name and renamed, holding the metadata and the
/// bytes together with their length and SHA-256, so a reader never pairs an `ETag` with another
/// process's bytes, and an entry failing its check is removed and fetched again. An entry is
/// named by a digest of its address (`key(for:)`): no URL, user, password or query is written
/// anywhere. Every store keeps the folder within `maximumBytes`, removing the least recently
/// used entries first (a read marks an entry used). It deletes only files it wrote: its names
/// (a digest, or its temporary names) holding its magic line.
struct ImageDiskCache: Sendable {
    /// The first line of every entry; an entry without it is not read.
    static let magic = "zapp-shell image cache 1"
    /// The longest metadata an entry carries before its bytes.
    static let maximumHeaderBytes = 4096
    /// A temporary file older than this is a store that did not finish (its process died).
    static let abandonedTemporaryAge = 60
    /// The file that marks a folder the cache made itself.
    static let markerName = ".zapp-shell-image-cache"

    /// One kept image.
    struct Entry: Sendable, Hashable {
        var bytes: [UInt8]
        var etag: String?
        var lastModified: String?
    }

    let folder: URL
    let maximumBytes: Int

    /// The cache in `stateDirectory/images`, or nil when `maximumBytes` is 0 (no disk cache).
    init?(stateDirectory: URL, maximumBytes: Int) {
        guard maximumBytes > 0 else { return nil }
        folder = stateDirectory.appendingPathComponent("images", isDirectory: true)
        self.maximumBytes = maximumBytes
    }

    /// The name of `url`'s entry: the SHA-256 of the address without its user, password and
    /// fragment, whose query enters only as its own digest.
    static func key(for url: URL) -> String {
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

    /// The entry kept for `url`, nil when none. An entry that fails its check (cut short,
    /// altered, not an entry) is removed, so the image is fetched again.
    func entry(for url: URL) -> Entry? {
        guard isOurFolder() else { return nil }
        let path = folder.appendingPathComponent(Self.key(for: url)).path
        let limit = ImageLimits.defaultMaximumBytes + Self.maximumHeaderBytes
        guard case .success(let data) = FileSystem.contents(atPath: path, limit: limit, followingLinks: false) else { return nil }
        guard let entry = Self.decode(Array(data)) else {
            // Removed only when it is one of ours gone bad (its magic line); anything else is left alone.
            if data.starts(with: Array((Self.magic + "\n").utf8)) { unlink(path) }
            return nil
        }
        Self.markUsed(path)
        return entry
    }

    /// Keeps `entry` for `url`, then removes the least recently used entries while the folder
    /// holds more than `maximumBytes`. Failures are ignored: the cache is an optimisation.
    func store(_ entry: Entry, for url: URL) {
        let file = Self.encode(entry)
        guard file.count <= maximumBytes, makeFolder() else { return }
        let key = Self.key(for: url)
        let temporary = folder.appendingPathComponent(".\(key).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp").path
        do {
            try PrivateFile.create(temporary, with: file)
        } catch {
            unlink(temporary)
            return
        }
        Self.markUsed(temporary)
        guard rename(temporary, folder.appendingPathComponent(key).path) == 0 else {
            unlink(temporary)
            return
        }
        keepWithinCap(keeping: key)
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

    // MARK: The folder

    /// Makes the folder (and the state directory above it) if missing, 0700, and marks it as the
    /// cache's own; an existing folder is used only when it is (`isOurFolder`), and never chmod-ed.
    private func makeFolder() -> Bool {
        if FileSystem.kind(atPath: folder.path) != .missing || isSymbolicLink(folder.path) { return isOurFolder() }
        var missing: [String] = []
        var path = FileSystem.parent(of: folder.path)
        while FileSystem.kind(atPath: path) == .missing, path != "/" {
            missing.append(path)
            path = FileSystem.parent(of: path)
        }
        for path in missing.reversed() where mkdir(path, 0o700) != 0 && errno != EEXIST { return false }
        guard mkdir(folder.path, 0o700) == 0 else { return false }
        do {
            try PrivateFile.create(folder.appendingPathComponent(Self.markerName).path, with: Array((Self.magic + "\n").utf8))
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
        guard lstat(marker, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        return true
    }

    private func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// True when the file at `path` starts with the cache's magic line (read without following a link).
    private static func isOurs(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let expected = Array((magic + "\n").utf8)
        var head = [UInt8](repeating: 0, count: expected.count)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count == expected.count && head == expected
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

    /// Removes its own temporary files of stores that never finished, then the least recently
    /// used entries while they hold more than `maximumBytes` (never `kept`, the entry just
    /// stored). A file of another name, or without the magic line, is not the cache's: left alone.
    private func keepWithinCap(keeping kept: String) {
        var entries: [(path: String, size: Int, used: Int)] = []
        let now = Int(time(nil))
        for name in FileSystem.entries(atPath: folder.path) ?? [] {
            let path = folder.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            let used = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
            if Self.isTemporaryName(name) {
                if now - Int(info.st_mtim.tv_sec) >= Self.abandonedTemporaryAge, Self.isOurs(path) { unlink(path) }
                continue
            }
            guard Self.isDigest(Substring(name)), Self.isOurs(path) else { continue }
            entries.append((path, Int(info.st_size), name == kept ? Int.max : used))
        }
        var total = entries.reduce(0) { $0 + $1.size }
        for entry in entries.sorted(by: { $0.used < $1.used }) where total > maximumBytes && entry.used < Int.max {
            if unlink(entry.path) == 0 || errno == ENOENT { total -= entry.size }
        }
    }

    /// 64 lowercase hexadecimal digits: an entry's name.
    private static func isDigest(_ name: Substring) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// `.KEY.PID.NUMBER.tmp`: a store's temporary name.
    private static func isTemporaryName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 5 && parts[0].isEmpty && isDigest(parts[1]) && parts[4] == "tmp"
            && parts[2].allSatisfy(\.isNumber) && parts[3].allSatisfy(\.isNumber)
    }
}
