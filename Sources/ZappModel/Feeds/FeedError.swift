/// Why bytes are not a feed: what is wrong and where (1-based line and column when the
/// problem is in the text), so that a component can explain the failure in its own space.
public struct FeedError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var line: Int?
    public var column: Int?

    public init(_ message: String, line: Int? = nil, column: Int? = nil) {
        self.message = message
        self.line = line
        self.column = column
    }

    /// `bad XML at 3:14: unclosed <entry>` or the message alone.
    public var description: String {
        guard let line else { return message }
        return "\(message) at \(line):\(column ?? 1)"
    }
}
