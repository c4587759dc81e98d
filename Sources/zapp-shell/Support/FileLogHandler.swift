#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import Logging
import ZappModel
import Synchronization

/// A swift-log handler that appends lines to a file: the interactive UI owns the terminal,
/// so nothing may be logged to stdout or stderr while it runs. Messages and metadata are
/// written with their controls as visible escapes (`TextSanitizer.visible`): one event is one
/// line, and nothing from a configuration acts on the terminal that shows the log; credentials
/// in URLs are redacted (`CredentialRedaction`). The file is never opened through a symbolic link.
struct FileLogHandler: LogHandler {
    /// The open log file, shared by every logger writing to it.
    final class File: Sendable {
        /// The descriptor, opened for appending; the mutex keeps each line in one piece.
        private let descriptor: Mutex<Int32>

        /// Opens (creating it with mode 0600 when missing, in a folder made 0700 when missing: the
        /// state directory holds sessions and cached images) the file at `url` for appending.
        init(url: URL) throws {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            // O_NOFOLLOW: a symbolic link planted at the log's name is refused, never written through.
            let fd = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY, 0o600)
            guard fd >= 0 else { throw FileLogError(path: url.path, code: errno) }
            descriptor = Mutex(fd)
        }

        func write(_ line: String) {
            descriptor.withLock { fd in
                var bytes = Array(line.utf8)[...]
                while !bytes.isEmpty {
                    let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
                    if written < 0 && errno == EINTR { continue }
                    guard written > 0 else { return }
                    bytes = bytes.dropFirst(written)
                }
            }
        }
    }

    /// The log file could not be opened; its description is the system's reason.
    struct FileLogError: LocalizedError {
        var path: String
        var code: Int32

        var errorDescription: String? { String(cString: strerror(code)) }
    }

    private let label: String
    private let file: File
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    init(label: String, file: File, level: Logger.Level = .info) {
        self.label = label
        self.file = file
        logLevel = level
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        if let extra = event.metadata { merged.merge(extra) { $1 } }
        let details = merged.isEmpty ? "" : " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let timestamp = Self.timestamp()
        let line = TextSanitizer.visible(
            CredentialRedaction.redacted("\(timestamp) \(event.level) \(label): \(event.message)\(details)"))
        file.write(line + "\n")
    }

    /// The current time in UTC as ISO 8601 (`2026-11-23T12:36:40Z`), as `Date.formatted(.iso8601)`
    /// writes it, without its cost (`UTCTime`; ARCHITECTURE.md, "No full Foundation").
    static func timestamp(_ seconds: Int = time(nil)) -> String {
        UTCTime.iso8601(seconds)
    }
}
