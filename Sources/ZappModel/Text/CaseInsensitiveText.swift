/// Text looked for in other texts, ignoring case: "go to" matches it against every screen's name
/// and id on every key (100,000 texts a key on a 50,000-screen app), so ASCII text is compared
/// byte by byte, its letters lowercased as they are read, without a lowercased copy of each;
/// other text as `lowercased()` compares it.
public struct CaseInsensitiveText: Sendable {
    /// The text, lowercased.
    public let lowercased: String
    private let bytes: [UInt8]
    private let isASCII: Bool

    public init(_ text: String) {
        lowercased = text.lowercased()
        bytes = Array(lowercased.utf8)
        isASCII = bytes.allSatisfy { $0 < 0x80 }
    }

    /// Whether `text` holds this text, ignoring case.
    public func isFound(in text: String) -> Bool {
        match(in: text, whole: false) ?? text.lowercased().contains(lowercased)
    }

    /// Whether `text` is this text, ignoring case.
    public func isEqual(to text: String) -> Bool {
        match(in: text, whole: true) ?? (text.lowercased() == lowercased)
    }

    /// The match in an ASCII `text`; nil when either is not ASCII.
    private func match(in text: String, whole: Bool) -> Bool? {
        guard isASCII else { return nil }
        let wanted = bytes
        var text = text
        return text.withUTF8 { text -> Bool? in
            guard text.allSatisfy({ $0 < 0x80 }) else { return nil }
            if whole && text.count != wanted.count { return false }
            guard wanted.count <= text.count else { return false }
            guard !wanted.isEmpty else { return true }
            for start in 0...(text.count - wanted.count) {
                var offset = 0
                while offset < wanted.count {
                    let byte = text[start + offset]
                    if (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) != wanted[offset] { break }
                    offset += 1
                }
                if offset == wanted.count { return true }
            }
            return false
        }
    }
}
