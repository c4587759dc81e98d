#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import ZappModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps the signed-in session of one app: a JSON file in the state directory (mode 0600,
/// replaced atomically), or memory only (for `zapp-shell trace`, which must not touch the
/// user's real session).
///
/// The file is read on every query, so every login plugin of the app and every process
/// see the same session. A missing file means signed out; an unreadable or corrupt file also
/// means signed out, with a warning in the log. An expired session is removed when read.
/// The token is written to the file and nowhere else: log lines name the user only.
public actor SessionStore {
    /// The session file; nil when the store lives in memory.
    public nonisolated let fileURL: URL?
    private let logger: Logger
    private let now: @Sendable () -> Date
    /// The in-memory session, and in file mode a session whose write failed (it lasts until exit).
    private var unsaved: Session?
    /// The corrupt content already warned about, so a bad file is reported once, not on every read.
    private var reportedCorruptData: Data?

    /// A store backed by `fileURL`.
    public init(fileURL: URL, logger: Logger, now: @escaping @Sendable () -> Date = { Date() }) {
        self.fileURL = fileURL
        self.logger = logger
        self.now = now
    }

    /// A store that keeps its session in memory only, optionally starting signed in.
    public init(inMemory session: Session? = nil, logger: Logger, now: @escaping @Sendable () -> Date = { Date() }) {
        self.fileURL = nil
        self.logger = logger
        self.now = now
        self.unsaved = session
    }

    /// The session file of an app: `<state directory>/<app identity>.session.json`
    /// (`PluginEnvironment.appIdentity(for:)`).
    public static func fileURL(stateDirectory: URL, appIdentity: String) -> URL {
        stateDirectory.appendingPathComponent("\(appIdentity).session.json")
    }

    /// The current session: nil when signed out or when the saved session has expired.
    public func current() -> Session? {
        guard let session = unsaved ?? readFile() else { return nil }
        if session.isExpired(at: now()) {
            logger.info("the session of \(session.username) has expired; signed out")
            clear()
            return nil
        }
        return session
    }

    /// Makes `session` current and writes it to the file. A failed write is logged as a
    /// warning and the session lasts until the program exits.
    public func save(_ session: Session) {
        guard let fileURL else {
            unsaved = session
            return
        }
        do {
            try writeAtomically(try Self.encoder.encode(session), to: fileURL)
            unsaved = nil
        } catch {
            unsaved = session
            logger.warning("cannot save the session to \(fileURL.path): \(Self.describe(error)); it lasts until exit")
        }
    }

    /// Signs out: forgets the session and removes the file.
    public func clear() {
        unsaved = nil
        guard let fileURL else { return }
        if unlink(fileURL.path) != 0 && errno != ENOENT {
            logger.warning("cannot remove the session file \(fileURL.path): \(String(cString: strerror(errno)))")
        }
    }

    private func readFile() -> Session? {
        guard let fileURL else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return nil
        } catch {
            if !FileManager.default.fileExists(atPath: fileURL.path) { return nil }
            logger.warning("cannot read the session file \(fileURL.path): \(FileSystem.reason(error)); signed out")
            return nil
        }
        do {
            let session = try Self.decoder.decode(Session.self, from: data)
            reportedCorruptData = nil
            return session
        } catch {
            guard data != reportedCorruptData else { return nil }
            reportedCorruptData = data
            logger.warning("the session file \(fileURL.path) is corrupt (\(Self.reason(error))); signed out")
            return nil
        }
    }

    /// Writes `data` over `url` through `PrivateFile.replace` (0600, flushed, renamed into place),
    /// so a reader never sees a half-written session.
    private func writeAtomically(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try PrivateFile.replace(url.path, with: Array(data), through: temporary.path)
        } catch {
            throw SessionStoreError.system(error.what, error.code)
        }
    }

    private static func describe(_ error: any Error) -> String {
        (error as? SessionStoreError)?.description ?? FileSystem.reason(error)
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted: return "not valid JSON"
        case DecodingError.keyNotFound(let key, _): return "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "unexpected value at \(path.isEmpty ? "the top level" : path)"
        default: return "unreadable"
        }
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

/// A failure writing the session file; the message names the path and the system's reason.
enum SessionStoreError: Error, CustomStringConvertible {
    case system(String, Int32)

    var description: String {
        switch self {
        case .system(let what, let code): return "\(what): \(String(cString: strerror(code)))"
        }
    }
}
