import ZappModel

/// Word wrapping by display width, for messages in panes and overlays.
public enum TextWrap {
    /// The sanitised text broken into lines of at most `width` cells (words longer than a
    /// line are cut; a character wider than the line is left out). Empty text gives no lines.
    public static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        let clean = TextSanitizer.sanitize(text)
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in clean.split(separator: " ", omittingEmptySubsequences: true) {
            let wordWidth = DisplayWidth.of(word)
            if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            if wordWidth <= width {
                line = String(word)
                lineWidth = wordWidth
                continue
            }
            // A word longer than a line is cut, character by character (linear in its length).
            for character in word {
                let characterWidth = DisplayWidth.of(character)
                if characterWidth > width { continue }
                if lineWidth + characterWidth > width {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                line.append(character)
                lineWidth += characterWidth
            }
        }
        if lineWidth > 0 { lines.append(line) }
        return lines
    }
}
