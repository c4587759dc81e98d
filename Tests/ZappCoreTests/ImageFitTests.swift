import Testing
import ZappCore

/// A protocol image keeps its aspect ratio in its cells whatever the cell size (issue 33: the
/// harbor-tv logo, 380×96 = 3.96:1, was sent 240×42 pixels, 5.7:1, in 10×22 and 9×19 cells).
@Suite("ImageFit")
struct ImageFitTests {
    /// Cell sizes of real fonts (DejaVu Sans Mono 9–12 pt, xterm's default 6×13) and odd ones.
    static let cells: [(Int, Int)] = [(9, 19), (10, 20), (10, 22), (12, 24), (7, 15), (6, 13), (8, 17), (11, 23), (13, 31), (5, 9)]

    static func check(_ fit: ImageFit, image: (Int, Int), columns: Int, rows: Int, cell: CellPixelSize, band: Int) {
        let want = Double(image.0) / Double(image.1)
        let drawn = Double(fit.width) / Double(fit.height)
        // Within 3%, or within the pixel rounding of a very small image.
        let slack = max(0.03, 1.0 / Double(min(fit.width, fit.height)))
        #expect(abs(drawn / want - 1) <= slack, "\(image) in \(columns)x\(rows) cells of \(cell): drawn \(fit.width)x\(fit.height)")
        #expect(fit.columns <= columns && fit.rows <= rows, "\(image) in \(columns)x\(rows) of \(cell): uses \(fit.columns)x\(fit.rows)")
        #expect(band > 1 ? fit.canvasWidth > (fit.columns - 1) * cell.width && fit.canvasWidth <= fit.columns * cell.width
            : fit.canvasWidth == fit.columns * cell.width)
        #expect(fit.canvasHeight <= fit.rows * cell.height && fit.canvasHeight % band == 0)
        #expect(fit.x >= 0 && fit.y >= 0 && fit.x + fit.width <= fit.canvasWidth && fit.y + fit.height <= fit.canvasHeight)
        // As large as the box allows: one band (or pixel) higher would not fit.
        #expect(Double(fit.height + band) * want >= Double(columns * cell.width) || fit.height + band > rows * cell.height / band * band)
    }

    @Test("the harbor-tv logo (380x96) in its 24x3 bar box keeps 3.96:1 at every cell size, sixel and PNG protocols")
    func logo() throws {
        for (width, height) in Self.cells {
            let cell = try #require(CellPixelSize(width: width, height: height))
            for band in [1, 6] {
                let fit = ImageFit(imageWidth: 380, imageHeight: 96, columns: 24, rows: 3, cell: cell, band: band)
                Self.check(fit, image: (380, 96), columns: 24, rows: 3, cell: cell, band: band)
            }
        }
        let xterm = ImageFit(imageWidth: 380, imageHeight: 96, columns: 24, rows: 3, cell: try #require(CellPixelSize(width: 10, height: 22)), band: 6)
        #expect([xterm.width, xterm.height] == [238, 60], "whole bands, the width following")
    }

    @Test("artwork, wide and tall images in hero, grid and list boxes keep their shape")
    func artwork() throws {
        let images = [(1280, 720), (640, 960), (300, 300), (4096, 64), (16, 16), (1, 1)]
        let boxes = [(60, 8), (18, 4), (6, 2), (1, 1), (80, 3)]
        for (width, height) in Self.cells {
            let cell = try #require(CellPixelSize(width: width, height: height))
            for image in images {
                for (columns, rows) in boxes {
                    for band in [1, 6] {
                        let fit = ImageFit(imageWidth: image.0, imageHeight: image.1, columns: columns, rows: rows, cell: cell, band: band)
                        if fit.width >= 8 && fit.height >= 8 {
                            Self.check(fit, image: image, columns: columns, rows: rows, cell: cell, band: band)
                        }
                        #expect(fit.columns <= columns && fit.rows <= max(rows, 1) && fit.width >= 1 && fit.height >= 1)
                    }
                }
            }
        }
    }

    @Test("a sixel image whose rows end mid-band takes the smallest number of rows that holds it")
    func bands() throws {
        // 19-pixel cells: 3 rows are 57 pixels, 54 of them whole bands.
        let fit = ImageFit(imageWidth: 100, imageHeight: 56, columns: 10, rows: 3, cell: try #require(CellPixelSize(width: 10, height: 19)), band: 6)
        #expect(fit.canvasHeight % 6 == 0 && fit.height <= fit.canvasHeight && fit.rows <= 3)
    }
}
