#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import FuzzSupport
import ZappModel

/// A path a configuration names, as `FileSystem.contents` reads it. The first byte picks what is
/// at the path (a regular file, a symbolic link to it, a link to /dev/zero, a FIFO, a folder,
/// nothing) and whether links are followed; the next two the cap (0…65,535 bytes); the rest is
/// the file's bytes. Invariants: it never crashes or blocks (libFuzzer's timeout); a regular
/// file within the cap is read byte for byte, one over it is refused with its size; anything
/// else is refused with its kind; every refusal names the path.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFileReader(_ bytes: UnsafeRawPointer, _ size: Int) -> CInt {
    guard size >= 3 else { return 0 }
    let input = Array(UnsafeRawBufferPointer(start: bytes, count: size))
    let situation = Int(input[0] & 0x07) % 6
    let followingLinks = input[0] & 0x08 == 0
    let limit = Int(input[1]) << 8 | Int(input[2])
    let contents = Data(input.dropFirst(3))
    let path = Scratch.folder + "/target"
    let file = Scratch.folder + "/file"
    unlink(path)
    rmdir(path)
    unlink(file)
    Invariant.require(Scratch.write(contents, to: file), "cannot write \(file)")
    let expected: FileReadError.Problem?
    switch situation {
    case 0:
        Invariant.require(rename(file, path) == 0, "cannot move \(file)")
        expected = contents.count > limit ? .tooLarge(size: contents.count, limit: limit) : nil
    case 1:
        symlink(file, path)
        expected = !followingLinks ? .notAFile(.symbolicLink) : contents.count > limit ? .tooLarge(size: contents.count, limit: limit) : nil
    case 2:
        symlink("/dev/zero", path)
        expected = followingLinks ? .notAFile(.characterDevice) : .notAFile(.symbolicLink)
    case 3:
        mkfifo(path, 0o600)
        expected = .notAFile(.fifo)
    case 4:
        mkdir(path, 0o700)
        expected = .notAFile(.folder)
    default:
        expected = .missing
    }
    switch FileSystem.contents(atPath: path, limit: limit, followingLinks: followingLinks) {
    case .success(let read):
        Invariant.require(expected == nil, "read \(read.count) bytes where \(String(describing: expected)) was due")
        Invariant.require(read == contents, "read \(read.count) bytes of \(contents.count), not the same")
    case .failure(let refusal):
        Invariant.require(refusal.problem == expected, "refused as \(refusal.problem), not \(String(describing: expected))")
        Invariant.require(refusal.description.hasPrefix(path + ": "), "a refusal does not name the path: \(refusal)")
        Invariant.require(!refusal.reason.isEmpty, "a refusal without a reason")
    }
    return 0
}

/// A folder of this process's own for the paths each input makes.
enum Scratch {
    /// Writes `data` to a new file at `path` with one `open` and `write`.
    static func write(_ data: Data, to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == data.count
    }

    static let folder: String = {
        var template = Array("/tmp/zapp-fuzz-reader-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("cannot make a scratch folder") }
        return String(cString: made)
    }()
}
