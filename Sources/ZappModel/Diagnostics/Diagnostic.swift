/// One problem found in an app's configuration files: how serious it is, which file, where
/// (a line and column for syntax errors, a JSON path for everything else), what is wrong,
/// and a hint when there is a likely fix.
///
/// `description` is the stable one-line form printed by `zapp-shell validate` and by every
/// command that loads an app:
///
///     river.json:12:5: error: trailing comma before ']' (hint: remove the comma after the last element)
///     river.json: $[3].navigations[0].styles.state: error: expected one of on_top, overlay, hidden, got "ontop"
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// Errors stop an app from loading; warnings do not.
    public enum Severity: String, Sendable, Hashable, Codable {
        case error
        case warning
    }

    /// Where in the file the problem is.
    public enum Location: Sendable, Hashable {
        /// The whole file (it is missing, unreadable, or of an unknown kind).
        case file
        /// A 1-based line and column (syntax errors).
        case position(line: Int, column: Int)
        /// A JSON path such as `$[3].navigations[0].styles.state`.
        case path(JSONPath)
    }

    public var severity: Severity
    /// A stable machine-readable kind, for `--json` and for tests.
    public var code: DiagnosticCode
    /// The file as it is shown to the user (`river.json`, `myapp/river.json`, a URL).
    public var file: String
    public var location: Location
    public var message: String
    public var hint: String?

    public init(
        _ severity: Severity, _ code: DiagnosticCode, file: String, location: Location, message: String,
        hint: String? = nil
    ) {
        self.severity = severity
        self.code = code
        self.file = file
        self.location = location
        self.message = message
        self.hint = hint
    }

    /// An error.
    public static func error(
        _ code: DiagnosticCode, file: String, at location: Location, _ message: String, hint: String? = nil
    ) -> Diagnostic {
        Diagnostic(.error, code, file: file, location: location, message: message, hint: hint)
    }

    /// A warning.
    public static func warning(
        _ code: DiagnosticCode, file: String, at location: Location, _ message: String, hint: String? = nil
    ) -> Diagnostic {
        Diagnostic(.warning, code, file: file, location: location, message: message, hint: hint)
    }

    /// A syntax error reported by `JSONParser`.
    public init(syntaxError: JSONSyntaxError, file: String) {
        self.init(
            .error, .syntax, file: file, location: .position(line: syntaxError.line, column: syntaxError.column),
            message: syntaxError.message, hint: syntaxError.hint)
    }

    public var isError: Bool { severity == .error }

    /// `file:line:column: severity: message (hint: ...)` or `file: path: severity: message (hint: ...)`,
    /// credentials in URLs redacted (`CredentialRedaction`).
    public var description: String {
        var text: String
        switch location {
        case .file: text = "\(file): "
        case .position(let line, let column): text = "\(file):\(line):\(column): "
        case .path(let path): text = "\(file): \(path): "
        }
        text += "\(severity.rawValue): \(message)"
        if let hint { text += " (hint: \(hint))" }
        return CredentialRedaction.redacted(text)
    }
}

extension Diagnostic: Encodable {
    private enum CodingKeys: String, CodingKey {
        case severity, code, file, line, column, path, message, hint, description
    }

    /// `{"severity", "code", "file", "line"?, "column"?, "path"?, "message", "hint"?, "description"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(severity, forKey: .severity)
        try container.encode(code.rawValue, forKey: .code)
        try container.encode(file, forKey: .file)
        switch location {
        case .file:
            break
        case .position(let line, let column):
            try container.encode(line, forKey: .line)
            try container.encode(column, forKey: .column)
        case .path(let path):
            try container.encode(path.description, forKey: .path)
        }
        try container.encode(message, forKey: .message)
        try container.encodeIfPresent(hint, forKey: .hint)
        try container.encode(description, forKey: .description)
    }
}

extension Sequence where Element == Diagnostic {
    /// True when any diagnostic is an error.
    public var containsErrors: Bool { contains { $0.severity == .error } }

    /// True when a file could not be read at all (missing, a folder without river.json, permissions).
    public var containsUnreadable: Bool { contains { $0.code == .unreadable } }

    public var errorCount: Int { reduce(0) { $0 + ($1.severity == .error ? 1 : 0) } }
    public var warningCount: Int { reduce(0) { $0 + ($1.severity == .warning ? 1 : 0) } }
}
