import Foundation
import Logging
import ZappModel

/// A swift-log handler that appends lines to a file: the interactive UI owns the terminal,
/// so nothing may be logged to stdout or stderr while it runs. Messages and metadata are
/// written with their controls as visible escapes (`TextSanitizer.visible`): one event is one
/// line, and nothing from a configuration acts on the terminal that shows the log.
struct FileLogHandler: LogHandler {
    /// The open log file, shared by every logger writing to it.
    final class File: @unchecked Sendable {
        private let lock = NSLock()
        private let handle: FileHandle

        /// Opens (creating it with mode 0600 when missing) the file at `url` for appending.
        init(url: URL) throws {
            let manager = FileManager.default
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if !manager.fileExists(atPath: url.path) {
                guard manager.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                    throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path])
                }
            }
            handle = try FileHandle(forWritingTo: url)
            try handle.seekToEnd()
        }

        func write(_ line: String) {
            lock.lock()
            defer { lock.unlock() }
            try? handle.write(contentsOf: Data(line.utf8))
        }
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
        let timestamp = Date().formatted(.iso8601)
        let line = TextSanitizer.visible("\(timestamp) \(event.level) \(label): \(event.message)\(details)")
        file.write(line + "\n")
    }
}
