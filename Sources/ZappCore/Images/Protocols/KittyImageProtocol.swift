#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Kitty's graphics protocol (kitty, Ghostty): the canvas's PNG transmitted once (`a=t`) and
/// shown by placements (`a=p`), a part left visible cropped by the terminal to a source
/// rectangle of the image; placements and images deleted by id. Kitty scales an image into its
/// cells itself, so no cell size is needed (with one, the aspect ratio is kept to the pixel).
public struct KittyImageProtocol: TerminalImageProtocol {
    public init() {}

    public var mode: ImageMode { .kitty }
    public var showsPixels: Bool { true }
    public var needsCellSize: Bool { false }
    public var passesThroughTmux: Bool { true }
    public var band: Int { 1 }
    public var composesOverBackdrop: Bool { false }
    public var cropsByEncoding: Bool { false }

    /// The transmission of the PNG, its image id made from `key`.
    public func encode(_ canvas: ImagePixels, png: [UInt8], fit: ImageFit, key: String, encoders: ImageEncoders) -> [UInt8]? {
        Self.transmission(png: png, id: TerminalImageCodes.stableID(for: key))
    }

    public func crop(_ part: ImagePart, of image: PreparedImage, encoders: ImageEncoders) -> Result<[UInt8], ImageLoadError> {
        .failure(ImageLoadError("kitty images are not cropped by encoding"))
    }

    /// One placement of the transmitted image per visible part: an image shown in two places
    /// (entries sharing their artwork) is transmitted once, and each place has placements of its
    /// own (their ids come from the image's key, its position). A part is cropped to its pixels
    /// of the PNG.
    public func placement(of image: ImageOnScreen, showing part: ImagePart, encoded: [UInt8]?) -> ImagePlacement? {
        guard let id = Self.imageID(in: image.bytes) else { return nil }
        var source: (x: Int, y: Int, width: Int, height: Int)?
        if part != image.whole, let size = TerminalImageCodes.pngSize(image.png) {
            let left = part.column * size.width / image.columns, top = part.row * size.height / image.rows
            source = (
                left, top, max(1, (part.column + part.columns) * size.width / image.columns - left),
                max(1, (part.row + part.rows) * size.height / image.rows - top)
            )
        }
        let placement = TerminalImageCodes.stableID(for: "\(image.key) \(part)")
        return ImagePlacement(
            key: "\(image.key) part \(part)", column: image.column + part.column, row: image.row + part.row, columns: part.columns,
            rows: part.rows, bytes: Self.place(id: id, placement: placement, columns: part.columns, rows: part.rows, source: source),
            upload: ImageUpload(id: id, bytes: image.bytes, removal: Self.delete(id: id), clearing: Self.deleteAll),
            removal: Self.delete(id: id, placement: placement))
    }

    // MARK: Bytes

    /// Base64 bytes per chunk (the protocol's limit, a multiple of 4).
    public static let chunkSize = 4096

    /// Transmits `png` as image `id` without showing it (`a=t,f=100`), in chunks of 4096 base64
    /// bytes (`m=1` on all but the last); `place` shows it, once per visible part. `q=2` keeps
    /// the terminal from answering into the input.
    public static func transmission(png: [UInt8], id: UInt32) -> [UInt8] {
        let payload = Array(Data(png).base64EncodedString().utf8)
        var output: [UInt8] = []
        output.reserveCapacity(payload.count + payload.count / chunkSize * 16 + 64)
        var offset = 0
        repeat {
            let end = min(offset + chunkSize, payload.count)
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

    /// Shows the transmitted image `id` at the cursor as placement `placement` over `columns` ×
    /// `rows` cells, cropped to the source rectangle `source` (pixels of the image; nil: all of
    /// it). `C=1` leaves the cursor where it was.
    public static func place(
        id: UInt32, placement: UInt32, columns: Int, rows: Int, source: (x: Int, y: Int, width: Int, height: Int)?
    ) -> [UInt8] {
        let crop = source.map { ",x=\($0.x),y=\($0.y),w=\($0.width),h=\($0.height)" } ?? ""
        return Array("\u{1B}_Ga=p,i=\(id),p=\(placement)\(crop),c=\(columns),r=\(rows),C=1,q=2\u{1B}\\".utf8)
    }

    /// Deletes placement `placement` of image `id`, keeping the image's data for its other
    /// placements (`a=d,d=i`).
    public static func delete(id: UInt32, placement: UInt32) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=i,i=\(id),p=\(placement),q=2\u{1B}\\".utf8)
    }

    /// Deletes image `id` and frees its data (`a=d,d=I`).
    public static func delete(id: UInt32) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8)
    }

    /// Deletes every image on screen (resize, suspend, exit).
    public static let deleteAll: [UInt8] = Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)

    /// The image id of bytes made by `transmission` (its first chunk's `i=`), nil for other bytes.
    public static func imageID(in bytes: [UInt8]) -> UInt32? {
        guard bytes.starts(with: Array("\u{1B}_G".utf8)) else { return nil }
        let header = bytes.dropFirst(3).prefix { $0 != UInt8(ascii: ";") && $0 != 0x1B }
        for field in header.split(separator: UInt8(ascii: ",")) where field.starts(with: Array("i=".utf8)) {
            return UInt32(String(decoding: field.dropFirst(2), as: UTF8.self))
        }
        return nil
    }
}
