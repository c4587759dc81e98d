import ZappCore

/// What the image protocol types' tests share: encoders that say what they were given, and a
/// prepared image with a kept canvas.
enum ImageProtocolFixtures {
    /// A 4×12-pixel canvas in cells of 2×6 (2 columns, 2 rows), each pixel's red its x, green its y.
    static let pixels: ImagePixels = {
        var rgba: [UInt8] = []
        for y in 0..<12 { for x in 0..<4 { rgba += [UInt8(x), UInt8(y), 0, 255] } }
        return ImagePixels(width: 4, height: 12, rgba: rgba, cell: CellPixelSize(width: 2, height: 6)!)
    }()

    static let prepared = PreparedImage(
        columns: 2, rows: 2, cells: [], dominantColor: .init(red: 0, green: 0, blue: 0), protocolBytes: nil, png: [])
}

extension ImageEncoders {
    /// "PNG" bytes that are the pixels' size and RGBA, "sixels" that name the pixels' size.
    static let recording = ImageEncoders(
        png: { .success([UInt8($0.width), UInt8($0.height)] + $0.rgba) },
        sixels: { Array("sixels \($0.width)x\($0.height)".utf8) })
}

extension Result {
    var failureMessage: String? {
        if case .failure(let error) = self { "\(error)" } else { nil }
    }
}
