#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Why `FileSystem.contents` did not read a file: nothing there, something that is not a
/// regular file (a folder, a device such as `/dev/zero`, a FIFO, a socket), a file over the
/// caller's cap (before reading, or grown past it while read), or the system's refusal. Its
/// `reason` is a phrase without the path, for messages that name the path their own way
/// ("logo.png: a FIFO (named pipe), not a regular file"); `description` names the path.
public struct FileReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is at a path when it is not a regular file.
    public enum Kind: String, Sendable, Equatable {
        case folder = "a folder"
        case characterDevice = "a character device"
        case blockDevice = "a block device"
        case fifo = "a FIFO (named pipe)"
        case socket = "a socket"
        case symbolicLink = "a symbolic link"
        case unknown = "a special file"

        /// The kind of a `stat` mode; nil for a regular file.
        init?(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFREG: return nil
            case S_IFDIR: self = .folder
            case S_IFCHR: self = .characterDevice
            case S_IFBLK: self = .blockDevice
            case S_IFIFO: self = .fifo
            case S_IFSOCK: self = .socket
            case S_IFLNK: self = .symbolicLink
            default: self = .unknown
            }
        }
    }

    /// What was wrong.
    public enum Problem: Sendable, Equatable {
        case missing
        case notAFile(Kind)
        /// Over the cap: `size` as `fstat` gave it, nil when the file grew past the cap while read.
        case tooLarge(size: Int?, limit: Int)
        case permissionDenied
        case failed(POSIXErrorCode)
    }

    public var path: String
    public var problem: Problem

    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// The error of a failed system call on `path`.
    init(path: String, errno code: Int32) {
        switch code {
        case ENOENT, ENOTDIR: self.init(path: path, problem: .missing)
        case EACCES, EPERM: self.init(path: path, problem: .permissionDenied)
        case ELOOP: self.init(path: path, problem: .notAFile(.symbolicLink))
        default: self.init(path: path, problem: .failed(POSIXErrorCode(rawValue: code) ?? .EIO))
        }
    }

    /// "no such file", "a character device, not a regular file", "30,000,000 bytes, over the
    /// 20,971,520-byte limit", "permission denied", "cannot be read (Input/output error)".
    public var reason: String {
        switch problem {
        case .missing: return "no such file"
        case .notAFile(let kind): return "\(kind.rawValue), not a regular file"
        case .tooLarge(let size?, let limit): return "\(Self.grouped(size)) bytes, over the \(Self.grouped(limit))-byte limit"
        case .tooLarge(nil, let limit): return "grew past the \(Self.grouped(limit))-byte limit while read"
        case .permissionDenied: return "permission denied"
        case .failed(let code): return "cannot be read (\(String(cString: strerror(code.rawValue))))"
        }
    }

    public var description: String { "\(path): \(reason)" }

    /// "20,971,520".
    public static func grouped(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var text = value < 0 ? "-" : ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
