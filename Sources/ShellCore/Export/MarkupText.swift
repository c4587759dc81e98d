/// Text written into SVG and HTML documents: `&`, `<`, `>`, `"` and `'` become entities, and
/// controls and noncharacters become U+FFFD (`StyleRun.exportable`), so any text, from a cell
/// or from a configuration (a title), is safe in element content and in quoted attributes.
package enum MarkupText {
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsWork) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case _ where StyleRun.isUnsafe(scalar): result.unicodeScalars.append("\u{FFFD}")
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func needsWork(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "&", "<", ">", "\"", "'": return true
        default: return StyleRun.isUnsafe(scalar)
        }
    }

    /// The monospace fonts documents ask for, best first: each has the box-drawing glyphs.
    package static let monospaceFonts = "ui-monospace, 'SF Mono', Menlo, 'DejaVu Sans Mono', Consolas, 'Liberation Mono', monospace"
}
