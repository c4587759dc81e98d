import ZappModel

/// One image the UI wants drawn: where it is, which JSON path named it (for warnings), the
/// box of cells it must fit in, and how it is drawn: the mode (never `auto`) and, for sixel and
/// iTerm2, the terminal's cell size in pixels. `address` is http(s), `file://`, or a path
/// relative to the app's folder (local or remote: the loader is made for one app and resolves
/// it). The mode and cell size are part of the request so that a result prepared for a mode or
/// a font no longer in force is a different request: dropped, and asked for again.
public struct ImageRequest: Hashable, Sendable {
    public var address: String
    public var jsonPath: String
    public var columns: Int
    public var rows: Int
    public var mode: ImageMode
    public var cell: CellPixelSize?
    /// Sixel: the colour its transparent pixels are composed over, the cells' background as the
    /// terminal shows it (a bar's logo), so that no pixel is left transparent: mlterm fills
    /// transparent sixel pixels with a colour of its own. Nil: left transparent.
    public var backdrop: ZappColor?

    public init(
        address: String, jsonPath: String, columns: Int, rows: Int, mode: ImageMode = .symbols, cell: CellPixelSize? = nil,
        backdrop: ZappColor? = nil
    ) {
        self.backdrop = backdrop
        self.address = address
        self.jsonPath = jsonPath
        self.columns = columns
        self.rows = rows
        self.mode = mode
        self.cell = cell
    }
}

/// One cell of an image drawn with symbols: a character (a half block, a quadrant, a space…)
/// with its foreground and background colours.
public struct ImageCell: Hashable, Sendable {
    public var character: Character
    public var foreground: ZappColor
    public var background: ZappColor

    public init(character: Character, foreground: ZappColor, background: ZappColor) {
        self.character = character
        self.foreground = foreground
        self.background = background
    }
}

/// An image made ready for one box of cells: always the symbols version (used by every colour
/// terminal, by `render --format ansi` and as the fallback), its dominant colour (a bar
/// background image tints the bar with it), the encoded bytes for the terminal's protocol when
/// one is in use, and a PNG for exports (`render --format svg|html` embed it as a `data:` URI).
public struct PreparedImage: Sendable, Hashable {
    /// The box actually used (an image keeps its aspect ratio, so it may use fewer cells).
    public var columns: Int
    public var rows: Int
    /// `rows` rows of `columns` cells each.
    public var cells: [[ImageCell]]
    public var dominantColor: ZappColor
    /// The protocol payload (kitty/iTerm2/sixel escape sequences, to be written with the cursor
    /// at the box's top-left cell), nil for symbols.
    public var protocolBytes: [UInt8]?
    /// The image as PNG, for exports.
    public var png: [UInt8]
    /// The mode it was prepared for (the request's).
    public var mode: ImageMode
    /// Sixel and iTerm2: the canvas the protocol bytes show, one pixel per pixel over the box's
    /// cells (`ImageFit`), kept to encode the part a pane leaves visible (`ImageLoading.encode`).
    public var pixels: ImagePixels?

    public init(
        columns: Int, rows: Int, cells: [[ImageCell]], dominantColor: ZappColor, protocolBytes: [UInt8]?,
        png: [UInt8], mode: ImageMode = .symbols, pixels: ImagePixels? = nil
    ) {
        self.mode = mode
        self.pixels = pixels
        self.columns = columns
        self.rows = rows
        self.cells = cells
        self.dominantColor = dominantColor
        self.protocolBytes = protocolBytes
        self.png = png
    }
}

extension PreparedImage {
    /// The kept canvas pixels (`pixels`) and the rectangle of them `part` covers, clipped to the
    /// canvas: what a protocol that crops by encoding cuts a part from.
    public func pixels(of part: ImagePart) -> Result<(pixels: ImagePixels, x: Int, y: Int, width: Int, height: Int), ImageLoadError> {
        guard let pixels else { return .failure(ImageLoadError("the image keeps no pixels to crop")) }
        let (x, y) = (part.column * pixels.cell.width, part.row * pixels.cell.height)
        let width = min(part.columns * pixels.cell.width, pixels.width - x)
        let height = min(part.rows * pixels.cell.height, pixels.height - y)
        guard part.column >= 0, part.row >= 0, width > 0, height > 0 else {
            return .failure(ImageLoadError("the part \(part) is outside the image"))
        }
        return .success((pixels, x, y, width, height))
    }
}

/// The pixels of a prepared protocol image's canvas: 8-bit RGBA (not premultiplied), rows top
/// to bottom, laid out for cells of `cell` pixels (a part of the image is a rectangle of cells).
public struct ImagePixels: Sendable, Hashable {
    public var width: Int
    public var height: Int
    public var rgba: [UInt8]
    public var cell: CellPixelSize

    public init(width: Int, height: Int, rgba: [UInt8], cell: CellPixelSize) {
        self.width = width
        self.height = height
        self.rgba = rgba
        self.cell = cell
    }


    /// The pixels of a rectangle inside the canvas.
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> ImagePixels {
        var result: [UInt8] = []
        result.reserveCapacity(width * height * 4)
        for row in y..<(y + height) { result += rgba[((row * self.width + x) * 4)..<((row * self.width + x + width) * 4)] }
        return ImagePixels(width: width, height: height, rgba: result, cell: cell)
    }
}

/// A rectangle of an image's cells (column and row from the image box's top-left cell): the
/// part of a sixel or iTerm2 image a pane or an edge leaves visible.
public struct ImagePart: Sendable, Hashable, CustomStringConvertible {
    public var column: Int
    public var row: Int
    public var columns: Int
    public var rows: Int

    public init(column: Int, row: Int, columns: Int, rows: Int) {
        self.column = column
        self.row = row
        self.columns = columns
        self.rows = rows
    }

    public var description: String { "\(column),\(row) \(columns)x\(rows)" }
}

/// Why an image could not be shown, as one sentence naming the reason ("HTTP 404 Not Found",
/// "4000x40000 pixels is over the 16,777,216-pixel cap", "not a PNG, JPEG or WebP image").
public struct ImageLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// Fetches, decodes and prepares images. The UI asks through this protocol (the runtime runs
/// each load as a task off the main actor and reports back with an event), so tests inject a
/// scripted loader and the real one (ZappPlugins' `ImageLoader`) stays behind it. Loads are
/// cached in memory and on disk (keyed by address); the request's mode is already resolved
/// (never `auto`).
public protocol ImageLoading: Sendable {
    func load(_ request: ImageRequest) async -> Result<PreparedImage, ImageLoadError>
    /// The protocol bytes that show only `part` of `image` (sixel, iTerm2; prepared by this
    /// loader), to be written at the part's top-left cell. Off the main actor, cached.
    func encode(_ part: ImagePart, of image: PreparedImage) async -> Result<[UInt8], ImageLoadError>
}

extension ImageLoading {
    /// Loads `request` prepared for `mode` (the request's own mode replaced).
    public func load(_ request: ImageRequest, mode: ImageMode) async -> Result<PreparedImage, ImageLoadError> {
        var request = request
        request.mode = mode
        return await load(request)
    }
}

/// The image loader of services built without one (tests, tools that draw no images): every
/// image fails, saying so, and the title stands in.
public struct UnavailableImages: ImageLoading {
    public init() {}

    public func load(_ request: ImageRequest) async -> Result<PreparedImage, ImageLoadError> {
        .failure(ImageLoadError("images are not loaded here"))
    }

    public func encode(_ part: ImagePart, of image: PreparedImage) async -> Result<[UInt8], ImageLoadError> {
        .failure(ImageLoadError("images are not loaded here"))
    }
}
