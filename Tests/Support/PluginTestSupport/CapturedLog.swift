import Foundation
import Logging
import Synchronization

/// Collects every log line written through its `logger`, so tests can assert what was logged
/// (warnings) and what never was (tokens).
public final class CapturedLog: Sendable {
    public init() {}

    private let entries = Mutex<[(level: Logger.Level, message: String)]>([])

    public var logger: Logger {
        Logger(label: "zapp-plugins-tests") { _ in Handler(log: self) }
    }

    public var lines: [String] { entries.withLock { $0.map { "\($0.level): \($0.message)" } } }
    public var warnings: [String] { entries.withLock { $0.filter { $0.level >= .warning }.map(\.message) } }
    public var text: String { lines.joined(separator: "\n") }

    fileprivate func append(_ level: Logger.Level, _ message: String) {
        entries.withLock { $0.append((level, message)) }
    }

    private struct Handler: LogHandler {
        let log: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            log.append(event.level, event.message.description)
        }
    }
}
