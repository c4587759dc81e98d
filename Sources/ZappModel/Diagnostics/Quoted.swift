/// How a value from the configuration is quoted in a diagnostic: escaped so that nothing in
/// it acts on a terminal (`TextSanitizer.visible`), and cut to a bounded length with its size
/// named, so that a 50 MB key or number gives a one-line message:
///
///     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…" (52,428,800 characters)
public enum Quoted {
    /// Values longer than this many characters are cut.
    public static let limit = 40

    /// `"value"`, or its first `limit` characters, `…` and the size in characters. Backslashes
    /// and the quote mark inside are escaped.
    public static func value(_ text: some StringProtocol, mark: Character = "\"", limit: Int = Quoted.limit) -> String {
        let quote = String(mark)
        let head = text.utf8.count > limit ? String(text.prefix(limit)) : String(text)
        let cut = head.utf8.count < text.utf8.count
        var escaped = ""
        for scalar in head.unicodeScalars {
            if scalar == "\\" || quote.unicodeScalars.first == scalar { escaped += "\\" }
            escaped.unicodeScalars.append(scalar)
        }
        let shown = TextSanitizer.visible(escaped)
        guard cut else { return quote + shown + quote }
        return quote + shown + "…" + quote + " (" + grouped(text.count) + " characters)"
    }

    /// `52,428,800`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
