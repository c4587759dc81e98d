#if canImport(Glibc)
import Glibc
#endif
import ZappCore
import ZappModel

/// Everything in an app folder, as the trust digest covers it: every file (its bytes, size and
/// executable bit), every folder and every symbolic link (where it leads inside the folder),
/// recursively, names as bytes. A symbolic link leaving the folder (or leading nowhere), a device,
/// a FIFO or a socket makes the folder untrustable (`AppFolderRefusal`). Read once per check with
/// `openat` from the folder's descriptor (no name is followed twice), each file streamed through
/// SHA-256 in 64 KiB pieces (never whole in memory) and, when asked, copied from the same bytes
/// into an `AppSnapshot`, which is then exactly what was digested.
public struct AppFolderContents: Sendable, Hashable {
    /// What one entry is.
    public enum Kind: Sendable, Hashable {
        case folder
        /// A regular file: its size, whether its owner may execute it, the SHA-256 of its bytes.
        case file(size: Int, executable: Bool, digest: String)
        /// A symbolic link leading to `target`, the real path it resolves to, relative to the folder.
        case link(target: [UInt8])
    }

    /// One entry: its path relative to the folder (bytes, `/`-separated) and what it is.
    public struct Entry: Sendable, Hashable {
        public var path: [UInt8]
        public var kind: Kind
    }

    /// Every entry, each folder's names in byte order, a folder before what it holds.
    public var entries: [Entry]

    /// The most entries a folder may hold to be trusted: walking and copying stay quick.
    public static let entryLimit = 100_000
    /// The most bytes its files may hold together (1 GiB).
    public static let byteLimit = 1 << 30
    /// The deepest folder nesting followed.
    public static let depthLimit = 64

    /// How many regular files it holds.
    public var fileCount: Int { entries.reduce(0) { $0 + (isFile($1) ? 1 : 0) } }

    /// How many bytes its regular files hold together.
    public var byteCount: Int {
        entries.reduce(0) { total, entry in
            if case .file(let size, _, _) = entry.kind { return total + size }
            return total
        }
    }

    private func isFile(_ entry: Entry) -> Bool {
        if case .file = entry.kind { return true }
        return false
    }

    /// Adds every entry to `hash`, each field length-prefixed (no two folders give the same input).
    public func update(_ hash: inout SHA256) {
        func field(_ bytes: [UInt8]) {
            hash.update(Array("\(bytes.count):".utf8))
            hash.update(bytes)
        }
        field(Array("folder \(entries.count)".utf8))
        for entry in entries {
            switch entry.kind {
            case .folder:
                field(Array("d".utf8))
                field(entry.path)
            case .file(let size, let executable, let digest):
                field(Array((executable ? "x" : "f").utf8))
                field(entry.path)
                field(Array("\(size) \(digest)".utf8))
            case .link(let target):
                field(Array("l".utf8))
                field(entry.path)
                field(target)
            }
        }
    }

    /// Reads the folder at `folder` (a real path: no symbolic link in it), copying it into
    /// `snapshot` (an empty folder) when given.
    /// - Throws: `AppFolderRefusal` naming the entry that cannot be trusted or read, and why.
    public static func read(folder: String, copyingInto snapshot: String? = nil) throws(AppFolderRefusal) -> AppFolderContents {
        let root = Array(folder.utf8).reversed().drop { $0 == UInt8(ascii: "/") }.reversed()
        var walker = FolderWalker(root: Array(root), snapshotRoot: snapshot.map { Array($0.utf8) })
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw AppFolderRefusal(path: [], problem: "cannot be opened: \(Self.reason(errno))") }
        defer { close(descriptor) }
        var copy: Int32? = nil
        if let snapshot {
            let opened = open(snapshot, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard opened >= 0 else {
                throw AppFolderRefusal(path: [], problem: "cannot open the private copy \(snapshot): \(Self.reason(errno))")
            }
            copy = opened
        }
        defer { if let copy { close(copy) } }
        try walker.walk(descriptor, relative: [], copy: copy, depth: 0)
        return AppFolderContents(entries: walker.entries)
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}

/// Why an app folder cannot be trusted: the entry (relative path, bytes) and the problem.
public struct AppFolderRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: [UInt8]
    public var problem: String

    public var description: String {
        path.isEmpty ? "the app folder \(problem)" : "\(TrustListingText.shown(path)) \(problem)"
    }
}

/// The walk itself: a depth-first pass over descriptors, each name looked at with `fstatat`
/// without following it, and opened with `O_NOFOLLOW` (a name swapped for a link meanwhile fails).
private struct FolderWalker {
    let root: [UInt8]
    let snapshotRoot: [UInt8]?
    var entries: [AppFolderContents.Entry] = []
    var bytes = 0
    var buffer = [UInt8](repeating: 0, count: 65_536)

    mutating func walk(_ directory: Int32, relative: [UInt8], copy: Int32?, depth: Int) throws(AppFolderRefusal) {
        guard depth < AppFolderContents.depthLimit else {
            throw AppFolderRefusal(path: relative, problem: "is nested more than \(AppFolderContents.depthLimit) folders deep")
        }
        for name in try names(directory, relative: relative) {
            let path = relative.isEmpty ? name : relative + [UInt8(ascii: "/")] + name
            guard entries.count < AppFolderContents.entryLimit else {
                throw AppFolderRefusal(path: [], problem: "holds more than \(AppFolderContents.entryLimit) entries")
            }
            var info = stat()
            guard withCString(name, { fstatat(directory, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0 else {
                throw AppFolderRefusal(path: path, problem: "cannot be read: \(AppFolderContents.reason(errno))")
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: try folder(directory, name: name, path: path, copy: copy, depth: depth)
            case S_IFREG: try file(directory, name: name, path: path, copy: copy)
            case S_IFLNK: try link(directory, name: name, path: path, copy: copy)
            default:
                throw AppFolderRefusal(
                    path: path, problem: "is \(Self.kind(info.st_mode)): an app folder may hold only files, folders and links inside it")
            }
        }
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }

    private func names(_ directory: Int32, relative: [UInt8]) throws(AppFolderRefusal) -> [[UInt8]] {
        let duplicate = dup(directory)
        guard duplicate >= 0, let stream = fdopendir(duplicate) else {
            if duplicate >= 0 { close(duplicate) }
            throw AppFolderRefusal(path: relative, problem: "cannot be listed: \(AppFolderContents.reason(errno))")
        }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != [UInt8(ascii: ".")] && name != [UInt8(ascii: "."), UInt8(ascii: ".")] { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    private mutating func folder(_ directory: Int32, name: [UInt8], path: [UInt8], copy: Int32?, depth: Int) throws(AppFolderRefusal) {
        entries.append(.init(path: path, kind: .folder))
        let opened = withCString(name) { openat(directory, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard opened >= 0 else { throw AppFolderRefusal(path: path, problem: "cannot be opened: \(AppFolderContents.reason(errno))") }
        defer { close(opened) }
        var copied: Int32? = nil
        if let copy {
            let made = withCString(name) { mkdirat(copy, $0, 0o700) == 0 ? openat(copy, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) : -1 }
            guard made >= 0 else { throw copyFailure(path) }
            copied = made
        }
        defer { if let copied { close(copied) } }
        try walk(opened, relative: path, copy: copied, depth: depth + 1)
    }

    private mutating func file(_ directory: Int32, name: [UInt8], path: [UInt8], copy: Int32?) throws(AppFolderRefusal) {
        let opened = withCString(name) { openat(directory, $0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard opened >= 0 else { throw AppFolderRefusal(path: path, problem: "cannot be read: \(AppFolderContents.reason(errno))") }
        defer { close(opened) }
        var info = stat()
        guard fstat(opened, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw AppFolderRefusal(path: path, problem: "changed while it was read")
        }
        let executable = info.st_mode & S_IXUSR != 0
        var output: Int32? = nil
        if let copy {
            let made = withCString(name) { openat(copy, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, executable ? 0o700 : 0o600) }
            guard made >= 0 else { throw copyFailure(path) }
            output = made
        }
        defer { if let output { close(output) } }
        var hash = SHA256()
        var size = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(opened, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw AppFolderRefusal(path: path, problem: "cannot be read: \(AppFolderContents.reason(errno))") }
            if count == 0 { break }
            size += count
            bytes += count
            guard bytes <= AppFolderContents.byteLimit else {
                throw AppFolderRefusal(path: [], problem: "holds more than \(AppFolderContents.byteLimit >> 20) MiB of files")
            }
            buffer.withUnsafeBufferPointer { hash.update(UnsafeBufferPointer(rebasing: $0[0..<count])) }
            if let output, !writeAll(output, count: count) { throw copyFailure(path) }
        }
        entries.append(.init(path: path, kind: .file(size: size, executable: executable, digest: hash.hexDigest())))
    }

    private mutating func link(_ directory: Int32, name: [UInt8], path: [UInt8], copy: Int32?) throws(AppFolderRefusal) {
        var target = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = withCString(name) { name in
            target.withUnsafeMutableBytes { readlinkat(directory, name, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count) }
        }
        let written = length > 0 ? String(decoding: target[..<length], as: UTF8.self) : "?"
        let full = root + [UInt8(ascii: "/")] + path
        guard let resolved = withCString(full, { realpath($0, nil) }) else {
            throw AppFolderRefusal(path: path, problem: "is a symbolic link to nothing (\(written))")
        }
        defer { free(resolved) }
        let real = Array(UnsafeBufferPointer(start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self), count: strlen(resolved)))
        let inside: [UInt8]
        if real == root {
            inside = []
        } else if real.starts(with: root + [UInt8(ascii: "/")]) {
            inside = Array(real.dropFirst(root.count + 1))
        } else {
            throw AppFolderRefusal(
                path: path, problem: "is a symbolic link leaving the app folder (to \(written))")
        }
        entries.append(.init(path: path, kind: .link(target: inside)))
        if let copy, let snapshotRoot {
            let destination = inside.isEmpty ? snapshotRoot : snapshotRoot + [UInt8(ascii: "/")] + inside
            let made = withCString(destination) { destination in withCString(name) { symlinkat(destination, copy, $0) } }
            guard made == 0 else { throw copyFailure(path) }
        }
    }

    private func writeAll(_ descriptor: Int32, count: Int) -> Bool {
        var offset = 0
        while offset < count {
            let written = buffer.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    private func copyFailure(_ path: [UInt8]) -> AppFolderRefusal {
        AppFolderRefusal(path: path, problem: "cannot be copied into the private copy: \(AppFolderContents.reason(errno))")
    }

    private func withCString<T>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { body($0) }
        }
    }
}
