#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ShellCore

extension Canvas {
    /// The images of the canvas that documents embed (those with a PNG), each as a
    /// `data:image/png;base64,…` URI with its box of cells.
    var embeddedImages: [(rect: Rect, uri: String)] {
        images.filter { !$0.png.isEmpty }.map { image in
            (image.rect, "data:image/png;base64," + Data(image.png).base64EncodedString())
        }
    }

    /// The canvas as documents draw it under their images: the cells of each embedded image are
    /// blanks in its backdrop, so nothing of its symbols shows through the PNG's transparent parts.
    var underEmbeddedImages: Canvas {
        var page = self
        for image in images where !image.png.isEmpty {
            page.fill(image.rect, style: image.backdrop)
        }
        return page
    }

    /// The SVG elements placing the embedded images over their cells; empty without images.
    func svgImages() -> String {
        typealias Metrics = SVGMetrics
        return embeddedImages.map { image in
            "<image x=\"\(image.rect.x * Metrics.cellWidth)\" y=\"\(image.rect.y * Metrics.cellHeight)\" "
                + "width=\"\(image.rect.width * Metrics.cellWidth)\" height=\"\(image.rect.height * Metrics.cellHeight)\" "
                + "preserveAspectRatio=\"xMidYMid meet\" href=\"\(image.uri)\"/>\n"
        }.joined()
    }

    /// The HTML elements placing the embedded images over their cells of the page's `<pre>` (in
    /// its units: `ch` per column, 1.15 em per row, after its 0.5 em padding); empty without images.
    func htmlImages() -> String {
        embeddedImages.map { image in
            "<img alt=\"\" src=\"\(image.uri)\" style=\"left:calc(0.5em + \(image.rect.x)ch);"
                + "top:calc(0.5em + \(image.rect.y) * 1.15em);width:\(image.rect.width)ch;"
                + "height:calc(\(image.rect.height) * 1.15em)\"/>"
        }.joined()
    }
}
