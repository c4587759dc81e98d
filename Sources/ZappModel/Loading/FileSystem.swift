#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The few file-system questions and error wordings the loaders need, answered without full
/// Foundation (FoundationEssentials has no `ObjCBool` directory test, `NSError` or
/// `localizedDescription`), so that the process does not load ICU and libcurl at start.
public enum FileSystem {
    /// What is at a path.
    public enum Kind: Sendable, Equatable {
        case missing, directory, regularFile, other
    }

    /// What is at `path`, following symbolic links.
    public static func kind(atPath path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .regularFile
        default: return .other
        }
    }

    /// True when `path` is a folder.
    public static func isDirectory(atPath path: String) -> Bool {
        kind(atPath: path) == .directory
    }

    /// The names in the folder at `path` (without `.` and `..`), in no particular order; nil when
    /// it cannot be read. One `opendir`/`readdir` pass: `FileManager.contentsOfDirectory` took
    /// 0.2 ms of the first frame to list the four theme files (ARCHITECTURE.md, "Start").
    public static func entries(atPath path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Where the symbolic link at `path` points (its target as written, or the file itself for
    /// the kernel's `/proc/self/exe`); nil when `path` is not a symbolic link.
    public static func destinationOfSymbolicLink(atPath path: String) -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = buffer.withUnsafeMutableBytes { bytes in
            readlink(path, bytes.baseAddress!.assumingMemoryBound(to: CChar.self), bytes.count)
        }
        guard length > 0, length < buffer.count else { return nil }
        return String(decoding: buffer[..<length], as: UTF8.self)
    }

    /// The cap of a read whose caller names none: 16 MiB.
    public static let defaultReadLimit = 16 * 1024 * 1024

    /// The bytes of the regular file at `path`, at most `limit` of them: the one reader of
    /// everything a configuration names (rivers, plugins, content types, themes, feed maps,
    /// tapes, feeds, images, assets) and of the image cache (ARCHITECTURE.md, "Where each rule
    /// lives"). Anything else is refused without reading a byte: a folder, a device (`/dev/zero`
    /// never ends), a FIFO (whose open would wait for a writer), a socket — named with its kind.
    ///
    /// `stat` first, so a special file is refused before it is opened; then one `open`
    /// (`O_NONBLOCK`: a FIFO swapped in meanwhile does not block; `O_NOCTTY`; `O_NOFOLLOW` when
    /// `followingLinks` is false), `fstat` of what was opened (a symbolic link to a device, or a
    /// file replaced after the `stat`, is refused there), the size against `limit`, and `read`
    /// into the `Data` returned (no second copy: a 163 MB river takes 163 MB). A file that grows
    /// while read is read to its new end, and refused once past `limit`; files that say they are
    /// empty and are not (`/proc`) are read to their end within the same cap. Symbolic links to
    /// regular files are followed unless `followingLinks` is false (the image cache's own files).
    public static func contents(atPath path: String, limit: Int = defaultReadLimit, followingLinks: Bool = true)
        -> Result<Data, FileReadError>
    {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else {
            return .failure(FileReadError(path: path, errno: errno))
        }
        if let refusal = check(info, path: path, limit: limit) { return .failure(refusal) }
        let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (followingLinks ? 0 : O_NOFOLLOW)
        let descriptor = open(path, flags)
        guard descriptor >= 0 else { return .failure(FileReadError(path: path, errno: errno)) }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0 else { return .failure(FileReadError(path: path, errno: errno)) }
        if let refusal = check(info, path: path, limit: limit) { return .failure(refusal) }
        let capacity = min(max(Int(info.st_size), 0), limit) + 1
        var data = Data(count: capacity)
        var count = 0
        while true {
            if count == data.count {
                guard count <= limit else { return .failure(FileReadError(path: path, problem: .tooLarge(size: nil, limit: limit))) }
                data.count = min(count + max(count, 4096), limit + 1)
            }
            let read = data.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if read == 0 { break }
            if read < 0 {
                if errno == EINTR { continue }
                return .failure(FileReadError(path: path, errno: errno))
            }
            count += read
        }
        guard count <= limit else { return .failure(FileReadError(path: path, problem: .tooLarge(size: nil, limit: limit))) }
        data.count = count
        return .success(data)
    }

    /// The refusal of what `info` describes: not a regular file, or over `limit`.
    private static func check(_ info: stat, path: String, limit: Int) -> FileReadError? {
        if let kind = FileReadError.Kind(mode: info.st_mode) { return FileReadError(path: path, problem: .notAFile(kind)) }
        if Int(info.st_size) > limit { return FileReadError(path: path, problem: .tooLarge(size: Int(info.st_size), limit: limit)) }
        return nil
    }

    /// `path` with every symbolic link resolved and `.` and `..` removed (`realpath`); nil when
    /// it does not exist.
    public static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The folder that holds `path`, without touching the disk: "/" for a name in the root, "."
    /// for a relative name without a folder.
    public static func parent(of path: String) -> String {
        var end = path.utf8.endIndex
        while end > path.utf8.startIndex, path.utf8[path.utf8.index(before: end)] == UInt8(ascii: "/") {
            end = path.utf8.index(before: end)
        }
        guard let slash = path.utf8[..<end].lastIndex(of: UInt8(ascii: "/")) else { return path.hasPrefix("/") ? "/" : "." }
        var folderEnd = slash
        while folderEnd > path.utf8.startIndex, path.utf8[path.utf8.index(before: folderEnd)] == UInt8(ascii: "/") {
            folderEnd = path.utf8.index(before: folderEnd)
        }
        return folderEnd == path.utf8.startIndex ? "/" : String(path[..<folderEnd])
    }

    /// `name` (a relative path) inside the folder at `folder`.
    public static func path(_ name: String, in folder: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The size in bytes of the file at `path`, if it can be read.
    public static func size(atPath path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// Why a file operation failed, in the system's words ("Permission denied").
    public static func reason(_ error: any Error) -> String {
        if let refusal = error as? FileReadError { return refusal.reason }
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        if let cocoa = error as? CocoaError {
            switch cocoa.code {
            case .fileReadNoSuchFile, .fileNoSuchFile: return String(cString: strerror(ENOENT))
            case .fileReadNoPermission, .fileWriteNoPermission: return String(cString: strerror(EACCES))
            case .fileReadCorruptFile: return "the file is corrupt"
            case .fileReadTooLarge: return "the file is too large"
            default: break
            }
        }
        return String(describing: error)
    }
}
