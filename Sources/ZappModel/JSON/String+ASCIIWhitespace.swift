extension StringProtocol {
    /// The text without leading and trailing spaces and tabs. Cheaper than Foundation's
    /// `trimmingCharacters(in:)`, which matters when reading large rivers.
    var trimmingSpacesAndTabs: Substring {
        let text = self[...]
        guard let first = text.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = text.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return Substring() }
        return Substring(text[first...last])
    }

    /// True when the text is empty or only spaces and tabs.
    var isBlank: Bool {
        utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}

extension StringProtocol {
    /// The text without leading and trailing white space, line breaks included: Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` without needing full Foundation.
    public var trimmingWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
