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

    /// The size in bytes of the file at `path`, if it can be read.
    public static func size(atPath path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// Why a file operation failed, in the system's words ("Permission denied").
    public static func reason(_ error: any Error) -> String {
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
