#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The escape sequences of the terminal image protocols, as bytes: kitty's graphics protocol
/// (transmit-and-place and delete), iTerm2's inline images, and tmux's passthrough around
/// either. Pure, so the framing, the chunking and the wrapping are tested byte by byte.
public enum TerminalImageCodes {
    /// Base64 bytes per kitty chunk (the protocol's limit, a multiple of 4).
    public static let kittyChunkSize = 4096

    /// Kitty graphics: transmits `png` as image `id` without showing it (`a=t,f=100`), in
    /// chunks of 4096 base64 bytes (`m=1` on all but the last); `kittyPlace` shows it, once per
    /// visible part. `q=2` keeps the terminal from answering into the input.
    public static func kittyImage(png: [UInt8], id: UInt32) -> [UInt8] {
        let payload = Array(Data(png).base64EncodedString().utf8)
        var output: [UInt8] = []
        output.reserveCapacity(payload.count + payload.count / kittyChunkSize * 16 + 64)
        var offset = 0
        repeat {
            let end = min(offset + kittyChunkSize, payload.count)
            let more = end < payload.count ? 1 : 0
            output += Array("\u{1B}_G".utf8)
            if offset == 0 {
                output += Array("a=t,f=100,t=d,i=\(id),q=2,m=\(more)".utf8)
            } else {
                output += Array("m=\(more)".utf8)
            }
            output.append(UInt8(ascii: ";"))
            output += payload[offset..<end]
            output += Array("\u{1B}\\".utf8)
            offset = end
        } while offset < payload.count
        return output
    }

    /// Kitty graphics: shows the transmitted image `id` at the cursor as placement `placement`
    /// over `columns` × `rows` cells, cropped to the source rectangle `source` (pixels of the
    /// image; nil: all of it). `C=1` leaves the cursor where it was.
    public static func kittyPlace(
        id: UInt32, placement: UInt32, columns: Int, rows: Int, source: (x: Int, y: Int, width: Int, height: Int)?
    ) -> [UInt8] {
        let crop = source.map { ",x=\($0.x),y=\($0.y),w=\($0.width),h=\($0.height)" } ?? ""
        return Array("\u{1B}_Ga=p,i=\(id),p=\(placement)\(crop),c=\(columns),r=\(rows),C=1,q=2\u{1B}\\".utf8)
    }

    /// Kitty graphics: deletes placement `placement` of image `id`, keeping the image's data
    /// for its other placements (`a=d,d=i`).
    public static func kittyDelete(id: UInt32, placement: UInt32) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=i,i=\(id),p=\(placement),q=2\u{1B}\\".utf8)
    }

    /// Kitty graphics: deletes image `id` and frees its data (`a=d,d=I`).
    public static func kittyDelete(id: UInt32) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8)
    }

    /// Kitty graphics: deletes every image on screen (resize, suspend, exit).
    public static let kittyDeleteAll: [UInt8] = Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)

    /// The width and height in pixels of PNG bytes (from their header), nil for other bytes.
    public static func pngSize(_ png: [UInt8]) -> (width: Int, height: Int)? {
        guard png.count >= 24, png.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        let number = { (at: Int) in png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height) = (number(16), number(20))
        return width > 0 && height > 0 ? (width, height) : nil
    }

    /// The image id of kitty bytes made by `kittyImage` (its first chunk's `i=`), nil for other bytes.
    public static func kittyImageID(in bytes: [UInt8]) -> UInt32? {
        guard bytes.starts(with: Array("\u{1B}_G".utf8)) else { return nil }
        let header = bytes.dropFirst(3).prefix { $0 != UInt8(ascii: ";") && $0 != 0x1B }
        for field in header.split(separator: UInt8(ascii: ",")) where field.starts(with: Array("i=".utf8)) {
            return UInt32(String(decoding: field.dropFirst(2), as: UTF8.self))
        }
        return nil
    }

    /// A kitty image id for an image and its box: stable (FNV-1a), never 0, below 2³¹.
    public static func kittyID(for key: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in key.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash & 0x7FFF_FFFF == 0 ? 1 : hash & 0x7FFF_FFFF
    }

    /// iTerm2 inline image (OSC 1337, also WezTerm's and mintty's): `png` shown at the cursor
    /// over `columns` × `rows` cells (plain numbers are cells in this protocol), ended by BEL.
    public static func iTermImage(png: [UInt8], columns: Int, rows: Int) -> [UInt8] {
        Array("\u{1B}]1337;File=inline=1;size=\(png.count);width=\(columns);height=\(rows);preserveAspectRatio=1:".utf8)
            + Array(Data(png).base64EncodedString().utf8) + [0x07]
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
