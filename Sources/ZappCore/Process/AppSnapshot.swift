#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A private copy of a trusted app folder, made while its trust digest was taken (each file read
/// once, digested and copied from the same bytes): the app's commands run from it, so a file
/// changed or swapped in the app folder after the check never runs (no check-then-run race).
/// The copy lives in a folder of its own (`mkdtemp`, mode 0700) and is removed when the last
/// holder lets go of it.
public final class AppSnapshot: Sendable, Hashable {
    /// The copy's folder (its real path).
    public let folder: URL

    /// A new, empty private folder in `folder` when given, else in `$TMPDIR` (else `/tmp`).
    /// - Throws: the system's reason when it cannot be made.
    public static func make(environment: [String: String] = ProcessInfo.processInfo.environment, in folder: String? = nil)
        throws(SnapshotError) -> AppSnapshot
    {
        let base = folder ?? environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array((base.hasSuffix("/") ? base : base + "/").utf8) + Array("zapp-shell-app.XXXXXX".utf8) + [0]
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { mkdtemp($0) }
        }
        guard made != nil else {
            throw SnapshotError(message: "cannot make a private copy of the app in \(base): \(String(cString: strerror(errno)))")
        }
        return AppSnapshot(folder: URL(fileURLWithPath: String(decoding: template.dropLast(), as: UTF8.self), isDirectory: true))
    }

    private init(folder: URL) {
        self.folder = folder
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    public static func == (left: AppSnapshot, right: AppSnapshot) -> Bool { left === right }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

/// The private copy of an app could not be made; the message says where and why.
public struct SnapshotError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
