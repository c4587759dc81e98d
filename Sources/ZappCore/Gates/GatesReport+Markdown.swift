import ZappModel

extension GatesReport {
    /// The report as Markdown: a summary, then one table with a row per screen (reached by,
    /// pre hooks, the outcome signed out and signed in), then the unreachable screens.
    public var markdown: String {
        let counts = self.counts
        var lines = [
            "# Gates of \(Self.cell(app))", "",
            "\(screens.count) screens: \(counts.gated) gated, \(counts.asks) asking without blocking, \(counts.open) open, "
                + "\(counts.unreachable) unreachable.",
        ]
        if let session { lines += ["", Self.cell(session)] }
        let signedInColumn = signedInUser.map { ["Signed in as \(Self.cell($0))"] } ?? []
        let header = ["Screen", "Reached by", "Pre hooks", "Signed out"] + signedInColumn
        lines += ["", "| " + header.joined(separator: " | ") + " |", "|" + String(repeating: " --- |", count: header.count)]
        for screen in screens {
            let hooks = screen.preHooks.isEmpty
                ? "none" : screen.preHooks.enumerated().map { "\($0.offset + 1). " + Self.cell($0.element.line) }.joined(separator: "<br>")
            let reached = screen.reaches.isEmpty
                ? "**unreachable**"
                : screen.reaches.map { Self.cell($0.line) }.joined(separator: "<br>") + (screen.isReachable ? "" : "<br>**unreachable**")
            var row = [
                "`\(Self.cell(screen.id))` \(Self.cell(screen.name))" + (screen.isGated ? " 🔒" : ""), reached, hooks,
                Self.cell(screen.signedOut.line),
            ]
            if signedInUser != nil { row.append(Self.cell(screen.signedIn?.line ?? "")) }
            lines.append("| " + row.joined(separator: " | ") + " |")
        }
        let unreachable = screens.filter { !$0.isReachable }.map { "`\($0.id)`" }
        lines += ["", unreachable.isEmpty ? "Every screen is reachable." : "Unreachable (deep link or go-to only): " + unreachable.joined(separator: ", ")]
        return lines.joined(separator: "\n")
    }

    /// Text for a table cell: `|`, `<`, `>` and backticks escaped, line breaks as spaces.
    static func cell(_ text: String) -> String {
        text.replacing("|", with: "\\|").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
            .replacing("`", with: "\\`").replacing("\n", with: " ")
    }
}
