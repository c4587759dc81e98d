/// A JSON syntax error: what is wrong, where (byte offset, 1-based line and column) and,
/// when there is a likely fix, a hint ("remove the comma after the last element").
///
/// The column counts Unicode scalars from the start of the line, so it matches what an
/// editor shows for the line (a tab counts as one column).
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var hint: String?
    /// Byte offset in the input where the problem was found.
    public var offset: Int
    public var line: Int
    public var column: Int

    public init(message: String, hint: String? = nil, offset: Int, line: Int, column: Int) {
        self.message = message
        self.hint = hint
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// `12:5: trailing comma before ']' (hint: ...)`.
    public var description: String {
        var text = "\(line):\(column): \(message)"
        if let hint { text += " (hint: \(hint))" }
        return text
    }
}

/// A key written twice in the same object. The later value is kept (as most parsers do);
/// it is reported as a warning because it usually hides a copy-and-paste mistake.
public struct JSONDuplicateKey: Sendable, Hashable {
    public var key: String
    public var offset: Int
    public var line: Int
    public var column: Int

    public init(key: String, offset: Int, line: Int, column: Int) {
        self.key = key
        self.offset = offset
        self.line = line
        self.column = column
    }
}
