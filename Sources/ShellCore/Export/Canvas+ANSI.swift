extension Canvas {
    /// The canvas as text with ANSI SGR colour and attribute sequences (one line per row, each
    /// ending in a reset), for `zapp-shell render --format ansi` and for inspection.
    public var ansiText: String {
        var output = ""
        output.reserveCapacity(columns * rows * 2)
        for row in 0..<rows {
            for run in styleRuns(inRow: row) {
                output += Self.sgr(run.style)
                output += run.text
            }
            output += "\u{1B}[0m"
            if row < rows - 1 { output += "\n" }
        }
        return output
    }

    /// The SGR sequence selecting a style from a reset state.
    static func sgr(_ style: CellStyle) -> String {
        var codes = ["0"]
        let attributes = style.attributes
        if attributes.contains(.bold) { codes.append("1") }
        if attributes.contains(.dim) { codes.append("2") }
        if attributes.contains(.italic) { codes.append("3") }
        if attributes.contains(.underline) { codes.append("4") }
        if attributes.contains(.reverse) { codes.append("7") }
        codes.append(contentsOf: colorCodes(style.foreground, foreground: true))
        codes.append(contentsOf: colorCodes(style.background, foreground: false))
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    private static func colorCodes(_ color: TerminalColor, foreground: Bool) -> [String] {
        switch color {
        case .default: return []
        case .ansi(let index) where index < 8: return [String((foreground ? 30 : 40) + Int(index))]
        case .ansi(let index) where index < 16: return [String((foreground ? 90 : 100) + Int(index) - 8)]
        case .ansi(let index): return [foreground ? "38" : "48", "5", String(index)]
        case .rgb(let r, let g, let b): return [foreground ? "38" : "48", "2", String(r), String(g), String(b)]
        }
    }
}
