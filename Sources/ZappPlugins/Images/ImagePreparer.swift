import CImages
import ZappCore
import ZappModel

/// Makes decoded pixels ready for a box of cells: the symbols version through chafa (block
/// elements in truecolor, read back cell by cell), the dominant colour, the PNG for exports and
/// protocols, and the protocol's bytes from its type (`TerminalImageProtocol`, given
/// `encoders`: libpng's PNG, chafa's sixels).
enum ImagePreparer {
    /// The cell taken for a protocol image where the terminal's (`ImageRequest.cell`) is not
    /// known: 10×20 pixels keep a PNG sharp. Only kitty goes without it (it scales an image into
    /// its cells itself); sixel and iTerm2 are drawn as symbols until it is known.
    static let defaultCell = (width: 10, height: 20)

    /// Pixels per cell kept for the PNG: for protocols, a terminal's cell (sharp; the real one
    /// when known); for symbols, only exports read it, whose cells are about 8×16 pixels. Never
    /// a photograph at full size, which costs more to encode than to decode.
    static func pngCell(for mode: ImageMode, cell: CellPixelSize?) -> (width: Int, height: Int) {
        guard mode.usesProtocol else { return (8, 16) }
        return cell.map { ($0.width, $0.height) } ?? defaultCell
    }

    /// Prepares `image` for `columns` × `rows` cells in `mode`. `key` names the image and its
    /// box (the kitty image id is made from it); `originalPNG` is kept as the PNG when the
    /// image came as one of reasonable size.
    static func prepare(
        _ image: RGBAImage, columns: Int, rows: Int, mode: ImageMode, cell: CellPixelSize? = nil, backdrop: ZappColor? = nil,
        key: String, originalPNG: [UInt8]?
    ) -> Result<PreparedImage, ImageLoadError> {
        guard columns > 0, rows > 0 else { return .failure(ImageLoadError("the box is \(columns)x\(rows) cells, too small for an image")) }
        let api: zs_chafa_api
        switch ImageLibraries.chafa {
        case .success(let loaded): api = loaded
        case .failure(let error): return .failure(error)
        }
        if let type = mode.imageProtocol, type.showsPixels {
            return prepareProtocol(image, columns: columns, rows: rows, as: type, cell: cell, backdrop: backdrop, key: key, api: api)
        }
        let cell = pngCell(for: mode, cell: cell)
        var width = Int32(columns), height = Int32(rows)
        let fontRatio = Float(cell.width) / Float(cell.height)
        api.calc_canvas_geometry(Int32(image.width), Int32(image.height), &width, &height, fontRatio, 1, 0)
        let (usedColumns, usedRows) = (max(1, min(columns, Int(width))), max(1, min(rows, Int(height))))
        let cells = symbols(image, columns: usedColumns, rows: usedRows, cell: cell, api: api)
        let small = image.fitting(maximumWidth: usedColumns * cell.width, maximumHeight: usedRows * cell.height)
        let png: [UInt8]
        if let originalPNG, small.width == image.width, originalPNG.count <= 1024 * 1024 {
            png = originalPNG
        } else {
            switch ImageDecoder.encodePNG(small) {
            case .success(let encoded): png = encoded
            case .failure(let error): return .failure(error)
            }
        }
        return .success(PreparedImage(
            columns: usedColumns, rows: usedRows, cells: cells, dominantColor: dominantColor(of: small), protocolBytes: nil,
            png: png, mode: mode))
    }

    /// A protocol image: the image fitted to the box with its aspect ratio kept, on a canvas of
    /// whole cells shown one pixel per pixel (`ImageFit`), encoded by its protocol's type, which
    /// says how (`TerminalImageProtocol`). Protocols that crop by encoding keep the canvas, to
    /// encode the part a pane leaves visible (`encode(_:of:)`).
    private static func prepareProtocol(
        _ image: RGBAImage, columns: Int, rows: Int, as type: any TerminalImageProtocol, cell: CellPixelSize?, backdrop: ZappColor?,
        key: String, api: zs_chafa_api
    ) -> Result<PreparedImage, ImageLoadError> {
        let cell = cell ?? CellPixelSize(width: defaultCell.width, height: defaultCell.height)!
        let fit = ImageFit(imageWidth: image.width, imageHeight: image.height, columns: columns, rows: rows, cell: cell, band: type.band)
        var canvas = image.placed(in: fit)
        if type.composesOverBackdrop, let backdrop { canvas = canvas.composed(over: backdrop) }
        let cells = symbols(canvas, columns: fit.columns, rows: fit.rows, cell: (cell.width, cell.height), api: api)
        let png: [UInt8]
        switch ImageDecoder.encodePNG(canvas) {
        case .success(let encoded): png = encoded
        case .failure(let error): return .failure(error)
        }
        let pixels = ImagePixels(width: canvas.width, height: canvas.height, rgba: canvas.pixels, cell: cell)
        return .success(PreparedImage(
            columns: fit.columns, rows: fit.rows, cells: cells, dominantColor: dominantColor(of: canvas),
            protocolBytes: type.encode(pixels, png: png, fit: fit, key: key, encoders: encoders), png: png, mode: type.mode,
            pixels: type.cropsByEncoding ? pixels : nil))
    }

    /// The bytes that show `part` of a prepared image, encoded by its protocol's type
    /// (`TerminalImageProtocol.crop`).
    static func encode(_ part: ImagePart, of image: PreparedImage) -> Result<[UInt8], ImageLoadError> {
        guard let type = image.mode.imageProtocol else {
            return .failure(ImageLoadError("\(image.mode.rawValue) images are not cropped by encoding"))
        }
        return type.crop(part, of: image, encoders: encoders)
    }

    /// The encoders the protocol types prepare and crop with: libpng's PNG, chafa's sixels.
    static let encoders = ImageEncoders(
        png: { ImageDecoder.encodePNG(RGBAImage(width: $0.width, height: $0.height, pixels: $0.rgba)) },
        sixels: { pixels in
            guard case .success(let api) = ImageLibraries.chafa else { return [] }
            return sixels(RGBAImage(width: pixels.width, height: pixels.height, pixels: pixels.rgba), api: api)
        })

    /// A chafa canvas of `columns` × `rows` cells in `pixelMode` with `image` drawn on it.
    private static func withCanvas<T>(
        _ image: RGBAImage, columns: Int, rows: Int, cell: (width: Int, height: Int), pixelMode: Int32, api: zs_chafa_api,
        _ body: (UnsafeMutableRawPointer) -> T
    ) -> T {
        let map = api.symbol_map_new()
        // Block elements (eighths, quadrants, halves): measured the most readable for logos with
        // text and for photographs, and in every common terminal font (docs/symbols.md).
        let tags = ZS_CHAFA_SYMBOL_TAG_SPACE | ZS_CHAFA_SYMBOL_TAG_SOLID | ZS_CHAFA_SYMBOL_TAG_BLOCK
            | ZS_CHAFA_SYMBOL_TAG_QUAD | ZS_CHAFA_SYMBOL_TAG_HHALF | ZS_CHAFA_SYMBOL_TAG_VHALF
        api.symbol_map_add_by_tags(map, Int32(tags))
        let config = api.config_new()
        api.config_set_geometry(config, Int32(columns), Int32(rows))
        api.config_set_cell_geometry(config, Int32(cell.width), Int32(cell.height))
        api.config_set_canvas_mode(config, Int32(ZS_CHAFA_CANVAS_MODE_TRUECOLOR))
        api.config_set_pixel_mode(config, pixelMode)
        api.config_set_symbol_map(config, map)
        let canvas = api.canvas_new(config)!
        defer {
            api.canvas_unref(canvas)
            api.config_unref(config)
            api.symbol_map_unref(map)
        }
        image.pixels.withUnsafeBufferPointer { pixels in
            api.canvas_draw_all_pixels(
                canvas, Int32(ZS_CHAFA_PIXEL_RGBA8_UNASSOCIATED), pixels.baseAddress, Int32(image.width), Int32(image.height),
                Int32(image.width * 4))
        }
        return body(canvas)
    }

    /// The symbols version, cell by cell. A transparent colour (chafa's -1) is given alpha 0:
    /// the view draws the cell's own background there.
    static func symbols(_ image: RGBAImage, columns: Int, rows: Int, cell: (width: Int, height: Int), api: zs_chafa_api)
        -> [[ImageCell]]
    {
        withCanvas(image, columns: columns, rows: rows, cell: cell, pixelMode: Int32(ZS_CHAFA_PIXEL_MODE_SYMBOLS), api: api) { canvas in
            (0..<rows).map { y in
                (0..<columns).map { x in
                    var foreground: Int32 = 0, background: Int32 = 0
                    api.canvas_get_colors_at(canvas, Int32(x), Int32(y), &foreground, &background)
                    let scalar = Unicode.Scalar(api.canvas_get_char_at(canvas, Int32(x), Int32(y))) ?? " "
                    return ImageCell(character: Character(scalar), foreground: color(foreground), background: color(background))
                }
            }
        }
    }

    private static func color(_ packed: Int32) -> ZappColor {
        guard packed >= 0 else { return ZappColor(alpha: 0, red: 0, green: 0, blue: 0) }
        return ZappColor(red: UInt8(packed >> 16 & 0xFF), green: UInt8(packed >> 8 & 0xFF), blue: UInt8(packed & 0xFF))
    }

    /// chafa's sixel output (a DCS … ST) of `image` one pixel per pixel: its height is whole
    /// 6-pixel bands, given to chafa as cells of 1 × 6 pixels so that nothing is scaled.
    static func sixels(_ image: RGBAImage, api: zs_chafa_api) -> [UInt8] {
        withCanvas(
            image, columns: image.width, rows: max(1, image.height / 6), cell: (1, 6), pixelMode: Int32(ZS_CHAFA_PIXEL_MODE_SIXELS),
            api: api
        ) { canvas in
            // The fallback terminal description knows every sequence chafa writes, sixels included.
            let termInfo = api.term_db_get_fallback_info(api.term_db_get_default())
            defer { api.term_info_unref(termInfo) }
            guard let printed = api.canvas_print(canvas, termInfo) else { return [] }
            let bytes = Array(UnsafeRawBufferPointer(start: printed.pointee.str, count: printed.pointee.len))
            _ = api.g_string_free(printed, 1)
            return bytes
        }
    }

    /// The most common colour of the opaque pixels (4 bits a channel), as their average: a
    /// logo's brand colour rather than the mean of everything in it. Transparent images give
    /// a transparent colour.
    static func dominantColor(of image: RGBAImage) -> ZappColor {
        let pixelCount = image.width * image.height
        let packed = image.pixels.withUnsafeBufferPointer {
            zs_images_dominant_color($0.baseAddress, pixelCount, max(1, pixelCount / 65_536))
        }
        guard packed >= 0 else { return ZappColor(alpha: 0, red: 0, green: 0, blue: 0) }
        return ZappColor(red: UInt8(packed >> 16 & 0xFF), green: UInt8(packed >> 8 & 0xFF), blue: UInt8(packed & 0xFF))
    }
}
