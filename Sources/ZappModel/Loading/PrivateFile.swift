#if canImport(Glibc)
import Glibc
#endif

/// Files only this user may read, replaced whole: the session and trust files and the image
/// cache's entries. The one writer of them, so their rules cannot drift apart: a new file
/// created `O_EXCL | O_NOFOLLOW` with mode 0600, written completely (retrying `EINTR`), and for
/// `replace` flushed and renamed over the old one, so a reader sees the old file or the new
/// one, never half of either.
public enum PrivateFile {
    /// A step that failed: what was being done, naming the file, and `errno`.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var what: String
        public var code: Int32

        public var description: String { "\(what): \(String(cString: strerror(code)))" }
    }

    /// Creates `path`, which must not exist, as a 0600 file holding `bytes`; `flush` syncs it to disk.
    public static func create(_ path: String, with bytes: [UInt8], flush: Bool = false) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw Failure(what: "cannot create \(path)", code: errno) }
        defer { close(descriptor) }
        if fchmod(descriptor, 0o600) != 0 { throw Failure(what: "cannot set 0600 on \(path)", code: errno) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(what: "cannot write \(path)", code: errno)
            }
            offset += written
        }
        if flush && fsync(descriptor) != 0 { throw Failure(what: "cannot flush \(path)", code: errno) }
    }

    /// Replaces `path` with a 0600 file holding `bytes`, through `temporary` (a new name in the
    /// same folder, removed again when anything fails). The folder must exist.
    public static func replace(_ path: String, with bytes: [UInt8], through temporary: String) throws(Failure) {
        do throws(Failure) {
            try create(temporary, with: bytes, flush: true)
            if rename(temporary, path) != 0 { throw Failure(what: "cannot replace \(path)", code: errno) }
        } catch {
            unlink(temporary)
            throw error
        }
    }
}
