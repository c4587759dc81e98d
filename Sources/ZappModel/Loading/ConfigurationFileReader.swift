#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads configuration files from disk and parses them, turning every failure into a
/// diagnostic: missing files, folders, special files, permissions and oversized files are
/// "unreadable"; bad JSON is a syntax error with line and column.
public enum ConfigurationFileReader {
    /// Files larger than this are refused rather than read into memory: a guard against a
    /// runaway or hostile file. A large river is held as its bytes and decoded screen by screen
    /// as read (`ScannedRiver`), other files parse within `JSONParser.valueLimit`, so any file
    /// this size peaks under 400 MB (`HugeRiverTests`); it leaves room for the 164 MiB river of
    /// the 50,000-screen benchmark app.
    public static let maximumSize = 176 * 1024 * 1024
    /// A plugin configurations file larger than this is refused: real ones are a few KB, and
    /// it is read whole (its tree within `JSONParser.valueLimit`), so it stays under 400 MB.
    public static let pluginsMaximumSize = 16 * 1024 * 1024
    /// At most this many duplicate-key warnings are reported per file.
    static let maximumDuplicateKeyWarnings = 20

    /// The bytes of a file (through `FileSystem.contents`, capped at `limit`), or the reason
    /// it cannot be read.
    public static func read(_ url: URL, file: String, limit: Int = maximumSize) -> Result<Data, Diagnostic> {
        FileSystem.contents(atPath: url.path, limit: limit).mapError { refusal in
            switch refusal.problem {
            case .missing: return unreadable(file, "no such file")
            case .notAFile(.folder): return unreadable(file, "is a folder, not a file")
            case .notAFile(let kind): return unreadable(file, "is \(kind.rawValue), not a regular file")
            case .tooLarge(let size, _): return tooLarge(file, size: size, limit: limit)
            case .permissionDenied: return unreadable(file, "permission denied", hint: "check the file's permissions")
            case .failed: return unreadable(file, refusal.reason)
            }
        }
    }

    /// Parses bytes as JSON; duplicate keys become warnings, a syntax error an error.
    static func parse(_ data: Data, file: String) -> (value: JSONValue?, diagnostics: [Diagnostic]) {
        guard data.count <= maximumSize else { return (nil, [tooLarge(file, size: data.count, limit: maximumSize)]) }
        var duplicates: [JSONDuplicateKey] = []
        do {
            let value = try JSONParser.parse(data, duplicateKeys: &duplicates)
            return (value, duplicateKeyWarnings(duplicates, file: file))
        } catch {
            return (nil, [Diagnostic(syntaxError: error, file: file)])
        }
    }

    /// The warnings for keys written twice (the first `maximumDuplicateKeyWarnings`).
    static func duplicateKeyWarnings(_ duplicates: [JSONDuplicateKey], file: String) -> [Diagnostic] {
        duplicates.prefix(maximumDuplicateKeyWarnings).map { duplicate in
            Diagnostic.warning(
                .duplicateKey, file: file, at: .position(line: duplicate.line, column: duplicate.column),
                "duplicate key \(Quoted.value(duplicate.key)); the later value is used",
                hint: "remove one of the two")
        }
    }

    static func unreadable(_ file: String, _ message: String, hint: String? = nil) -> Diagnostic {
        .error(.unreadable, file: file, at: .file, message, hint: hint)
    }

    static func tooLarge(_ file: String, size: Int?, limit: Int) -> Diagnostic {
        let what = size.map { "is too large (\($0 / (1024 * 1024)) MB; " } ?? "grew too large while read ("
        return unreadable(
            file, what + "the limit is \(limit / (1024 * 1024)) MB)",
            hint: limit == maximumSize
                ? "a river of 50,000 screens is about 160 MB; check that this is the file you meant"
                : "a plugin configurations file is usually a few KB; check that this is the file you meant")
    }
}
