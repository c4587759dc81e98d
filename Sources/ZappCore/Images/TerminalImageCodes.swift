/// What the image protocols share (their own bytes are in their types, `TerminalImageProtocol`):
/// tmux's passthrough around their escape sequences, a PNG's size, stable ids. Pure, so the
/// wrapping is tested byte by byte.
public enum TerminalImageCodes {
    /// The width and height in pixels of PNG bytes (from their header), nil for other bytes.
    public static func pngSize(_ png: [UInt8]) -> (width: Int, height: Int)? {
        guard png.count >= 24, png.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        let number = { (at: Int) in png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height) = (number(16), number(20))
        return width > 0 && height > 0 ? (width, height) : nil
    }

    /// A stable id for a name (FNV-1a), never 0, below 2³¹: kitty's image and placement ids,
    /// the marks of an image's cells.
    public static func stableID(for key: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in key.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash & 0x7FFF_FFFF == 0 ? 1 : hash & 0x7FFF_FFFF
    }

    /// The bytes wrapped for tmux's passthrough (`allow-passthrough on`): each escape sequence
    /// (an APC, DCS or OSC up to its ST or BEL) in its own `ESC P tmux; … ESC \`, with every
    /// ESC inside doubled, so that kitty's chunks pass one by one. Bytes between sequences are
    /// passed as they are.
    public static func tmuxPassthrough(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 64 + 16)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x1B else {
                output.append(bytes[index])
                index += 1
                continue
            }
            var end = index + 1
            while end < bytes.count {
                if bytes[end] == 0x07 { end += 1; break }
                if bytes[end] == 0x1B, end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "\\") { end += 2; break }
                end += 1
            }
            output += Array("\u{1B}Ptmux;".utf8)
            for byte in bytes[index..<end] {
                if byte == 0x1B { output.append(0x1B) }
                output.append(byte)
            }
            output += Array("\u{1B}\\".utf8)
            index = end
        }
        return output
    }
}
