import FuzzSupport
import ZappCore
import ZappPlugins

/// Image bytes as a fetched asset reaches the decoders: recognised by content, refused over the
/// caps from the header (PNG through libpng, JPEG through TurboJPEG, WebP through libwebp),
/// decoded, then drawn by chafa into a box. The first byte picks the box (1…16 × 1…8 cells) and
/// the rest is the image. Caps are small (256 KiB, 1,048,576 pixels) so that each input is
/// fast. Invariants: it never crashes; a refusal gives a reason; an image fits its box, with
/// one row of cells per row it says it uses, and an over-cap header never decodes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImage(_ bytes: UnsafeRawPointer, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let input = Array(UnsafeRawBufferPointer(start: bytes, count: size))
    let columns = Int(input[0] & 0x0F) + 1, rows = Int(input[0] >> 4 & 0x07) + 1
    let limits = ImageLimits(maximumBytes: 256 * 1024, maximumPixels: 1024 * 1024)
    let request = ImageRequest(address: "fuzz.png", jsonPath: "$.fuzz", columns: columns, rows: rows)
    switch ImageLoader.prepare(Array(input.dropFirst()), request: request, mode: .symbols, limits: limits) {
    case .failure(let error):
        Invariant.require(!error.message.isEmpty, "a refusal without a reason")
    case .success(let image):
        Invariant.require(image.columns >= 1 && image.columns <= columns, "\(image.columns) columns in a box of \(columns)")
        Invariant.require(image.rows >= 1 && image.rows <= rows, "\(image.rows) rows in a box of \(rows)")
        Invariant.require(image.cells.count == image.rows && image.cells.allSatisfy { $0.count == image.columns },
                          "the cells are not \(image.columns)x\(image.rows)")
        Invariant.require(!image.png.isEmpty, "no PNG for exports")
    }
    return 0
}
