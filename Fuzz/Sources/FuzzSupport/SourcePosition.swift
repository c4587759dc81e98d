/// Whether a reported line:column points into the input: lines are split at `\n`, both are
/// 1-based, and the column (counted in Unicode scalars, as the parsers count) may be one past
/// the line's last character (the end of the input or of the line).
public enum SourcePosition {
    public static func isValid(line: Int, column: Int, in bytes: some Collection<UInt8>) -> Bool {
        guard line >= 1, column >= 1 else { return false }
        var currentLine = 1
        var scalars = 0
        for byte in bytes {
            if currentLine == line {
                if byte == 0x0A { break }
                if byte & 0xC0 != 0x80 { scalars += 1 }
            } else if byte == 0x0A {
                currentLine += 1
            }
        }
        return currentLine == line && column <= scalars + 1
    }
}
