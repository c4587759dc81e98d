/// How many diagnostics a pass over a river's screens (decoding, checks) holds: past that it
/// counts the rest and says how many it left out. A river of 100,000 screens each with one
/// warning held 150 MB of them (issue 34: what is held is bounded, not only what is read).
public enum DiagnosticLimit {
    /// The most diagnostics one pass holds.
    public static let perPass = 10_000

    /// `diagnostics`, cut to `perPass`, with a warning counting those left out (`dropped` more
    /// were never held).
    static func capped(_ diagnostics: [Diagnostic], dropped: Int = 0, file: String) -> [Diagnostic] {
        let left = max(0, diagnostics.count - perPass) + dropped
        guard left > 0 else { return diagnostics }
        return Array(diagnostics.prefix(perPass)) + [
            .warning(
                .notListed, file: file, at: .file, "\(left) more diagnostics are not listed (the first \(perPass) are)",
                hint: "fix those listed, or the pattern they share, and check again")
        ]
    }
}
