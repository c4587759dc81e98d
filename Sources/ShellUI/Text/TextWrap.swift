import ZappModel

/// Word wrapping by display width, for messages in panes and overlays.
public enum TextWrap {
    /// The sanitised text broken into lines of at most `width` cells (words longer than a
    /// line are cut). Empty text gives no lines.
    public static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        let clean = TextSanitizer.sanitize(text)
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in clean.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            var wordWidth = DisplayWidth.of(word)
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
            while wordWidth > width {
                var head = ""
                var headWidth = 0
                var rest = Substring(word)
                while let character = rest.first, headWidth + DisplayWidth.of(character) <= width {
                    head.append(character)
                    headWidth += DisplayWidth.of(character)
                    rest = rest.dropFirst()
                }
                if head.isEmpty { break }
                lines.append(head)
                word = String(rest)
                wordWidth = DisplayWidth.of(word)
            }
            line = word
            lineWidth = wordWidth
        }
        if lineWidth > 0 { lines.append(line) }
        return lines
    }
}
