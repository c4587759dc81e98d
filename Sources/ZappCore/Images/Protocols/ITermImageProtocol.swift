#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// iTerm2's inline images (OSC 1337; also WezTerm's and mintty's): the canvas's PNG shown over
/// its cells, a part left visible as a PNG of the part's pixels. Not sent through tmux (tmux does
/// not know the cells they cover, so they scroll and linger). The image is part of the cells:
/// text written over it erases it, and writing its cells again removes it.
public struct ITermImageProtocol: TerminalImageProtocol {
    public init() {}

    public var mode: ImageMode { .iterm }
    public var showsPixels: Bool { true }
    public var needsCellSize: Bool { true }
    public var passesThroughTmux: Bool { false }
    public var band: Int { 1 }
    public var composesOverBackdrop: Bool { false }
    public var cropsByEncoding: Bool { true }

    public func encode(_ canvas: ImagePixels, png: [UInt8], fit: ImageFit, key: String, encoders: ImageEncoders) -> [UInt8]? {
        Self.image(png: png, columns: fit.columns, rows: fit.rows)
    }

    public func crop(_ part: ImagePart, of image: PreparedImage, encoders: ImageEncoders) -> Result<[UInt8], ImageLoadError> {
        image.pixels(of: part).flatMap { found in
            encoders.png(found.pixels.cropped(x: found.x, y: found.y, width: found.width, height: found.height)).map {
                Self.image(png: $0, columns: part.columns, rows: part.rows)
            }
        }
    }

    public func placement(of image: ImageOnScreen, showing part: ImagePart, encoded: [UInt8]?) -> ImagePlacement? {
        .inCells(of: image, showing: part, encoded: encoded)
    }

    /// `png` shown at the cursor over `columns` × `rows` cells (plain numbers are cells in this
    /// protocol), ended by BEL.
    public static func image(png: [UInt8], columns: Int, rows: Int) -> [UInt8] {
        Array("\u{1B}]1337;File=inline=1;size=\(png.count);width=\(columns);height=\(rows);preserveAspectRatio=1:".utf8)
            + Array(Data(png).base64EncodedString().utf8) + [0x07]
    }
}
