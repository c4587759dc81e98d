/// A one-line message above the status line (the update code removes it after a while).
public struct Toast: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case info
        case error
    }

    public var text: String
    public var kind: Kind

    public init(_ text: String, kind: Kind = .info) {
        self.text = text
        self.kind = kind
    }
}
