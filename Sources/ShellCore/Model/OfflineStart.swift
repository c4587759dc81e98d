/// An http(s) app started from its last good copy: the server could not be reached (`reason`);
/// `note` is what the screen says ("offline: last copy from …").
public struct OfflineStart: Sendable, Hashable {
    public var note: String
    public var reason: String

    public init(note: String, reason: String) {
        self.note = note
        self.reason = reason
    }
}
