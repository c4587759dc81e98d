#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The result of validating one or more apps or files, as `zapp-shell validate` prints it:
/// problems grouped by file, one per line, then a summary line; or the same as JSON.
public struct ValidationReport: Sendable, Encodable {
    /// The diagnostics of one file.
    public struct FileReport: Sendable, Encodable {
        public var file: String
        public var kind: ConfigurationFileKind?
        public var diagnostics: [Diagnostic]

        public init(file: String, kind: ConfigurationFileKind?, diagnostics: [Diagnostic]) {
            self.file = file
            self.kind = kind
            self.diagnostics = diagnostics
        }

        private enum CodingKeys: String, CodingKey { case file, kind, errors, warnings, diagnostics }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(file, forKey: .file)
            try container.encodeIfPresent(kind, forKey: .kind)
            try container.encode(diagnostics.errorCount, forKey: .errors)
            try container.encode(diagnostics.warningCount, forKey: .warnings)
            try container.encode(diagnostics, forKey: .diagnostics)
        }
    }

    public private(set) var files: [FileReport] = []

    public init() {}

    /// Adds an app's files and diagnostics.
    public mutating func add(_ result: AppLoadResult) {
        var names = result.files
        for diagnostic in result.diagnostics where !names.contains(diagnostic.file) { names.append(diagnostic.file) }
        for name in names {
            files.append(
                FileReport(
                    file: name, kind: result.fileKinds[name] ?? ConfigurationFileKind.byName(name),
                    diagnostics: result.diagnostics.filter { $0.file == name }))
        }
    }

    /// Adds a single file's diagnostics.
    public mutating func add(_ result: FileLoadResult) {
        files.append(FileReport(file: result.file, kind: result.kind, diagnostics: result.diagnostics))
    }

    public var diagnostics: [Diagnostic] { files.flatMap(\.diagnostics) }
    public var errorCount: Int { diagnostics.errorCount }
    public var warningCount: Int { diagnostics.warningCount }
    /// True when there is no error (warnings allowed).
    public var isValid: Bool { errorCount == 0 }

    /// 0 valid (warnings allowed), 1 errors, 2 a file could not be read.
    public var exitCode: Int32 {
        if diagnostics.containsUnreadable { return 2 }
        return isValid ? 0 : 1
    }

    /// `2 errors, 1 warning in 3 files`.
    public var summary: String {
        "\(Self.count(errorCount, "error")), \(Self.count(warningCount, "warning")) in \(Self.count(files.count, "file"))"
    }

    /// The human-readable report: each file's problems (or `<file>: ok`), then the summary.
    public var text: String {
        var lines: [String] = []
        for file in files {
            if file.diagnostics.isEmpty {
                lines.append("\(file.file): ok")
            } else {
                lines += file.diagnostics.map(\.description)
            }
        }
        lines.append(summary)
        return lines.joined(separator: "\n")
    }

    /// The report as pretty-printed JSON, controls in strings escaped (`TextSanitizer.jsonEscaped`).
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return TextSanitizer.jsonEscaped(String(decoding: data, as: UTF8.self))
    }

    private enum CodingKeys: String, CodingKey { case valid, errors, warnings, exitCode = "exit_code", summary, files }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(isValid, forKey: .valid)
        try container.encode(errorCount, forKey: .errors)
        try container.encode(warningCount, forKey: .warnings)
        try container.encode(exitCode, forKey: .exitCode)
        try container.encode(summary, forKey: .summary)
        try container.encode(files, forKey: .files)
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
