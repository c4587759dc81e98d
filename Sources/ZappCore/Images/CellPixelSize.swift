/// The size of one terminal cell in pixels, as the terminal reports it (`TIOCGWINSZ`'s pixel
/// fields, or its answer to `CSI 16 t` / `CSI 14 t`). Sixel and iTerm2 images are prepared for
/// their box of cells with it; without it they are drawn as symbols (a guessed cell size draws
/// past the box or short of it).
public struct CellPixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    /// Nil unless both sides are positive and plausible for a cell (1–512 pixels).
    public init?(width: Int, height: Int) {
        guard (1...512).contains(width), (1...512).contains(height) else { return nil }
        self.width = width
        self.height = height
    }

    /// The cell of a window `pixels` wide and high showing `columns` × `rows` cells; nil when
    /// either is zero.
    public init?(windowWidth: Int, windowHeight: Int, columns: Int, rows: Int) {
        guard columns > 0, rows > 0 else { return nil }
        self.init(width: windowWidth / columns, height: windowHeight / rows)
    }

    public var description: String { "\(width)x\(height)" }
}
