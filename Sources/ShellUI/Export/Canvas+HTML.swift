import ShellCore

extension Canvas {
    /// The canvas as a standalone HTML page (UTF-8, deterministic): one `<pre>` in a monospace
    /// font on the document background, one line per row, and a `<span>` with inline colours and
    /// weight for each stretch whose style differs from the page's. A wide character sits in a
    /// box two characters wide (`.w`), so the columns after it line up whatever font the viewer
    /// has. `title` is the page's `<title>`. The page is also well-formed XML (void elements
    /// closed), so XML tools can read it. Lines are 1.15 em apart, a little less than a monospace
    /// font's height, so that backgrounds and vertical box-drawing lines join from row to row.
    /// Images (`Canvas.images`) are PNG `data:` URIs placed over their cells, which are drawn
    /// blank under them (`underEmbeddedImages`).
    public func htmlDocument(colors: DocumentColors, title: String) -> String {
        var lines: [String] = []
        lines.reserveCapacity(rows)
        let page = underEmbeddedImages
        for row in 0..<rows {
            var line = ""
            for run in page.styleRuns(inRow: row) {
                let style = colors.resolve(run.style)
                var css: [String] = []
                if style.foreground != colors.foreground { css.append("color:\(style.foreground.hex)") }
                if style.background != colors.background { css.append("background:\(style.background.hex)") }
                if style.bold { css.append("font-weight:bold") }
                if style.italic { css.append("font-style:italic") }
                if style.underline { css.append("text-decoration:underline") }
                var text = ""
                for glyph in run.glyphs {
                    let escaped = MarkupText.escaped(glyph.text)
                    text += glyph.width == 2 ? "<span class=\"w\">\(escaped)</span>" : escaped
                }
                line += css.isEmpty ? text : "<span style=\"\(css.joined(separator: ";"))\">\(text)</span>"
            }
            lines.append(line)
        }
        let label = MarkupText.escaped(title)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8"/>
            <title>\(label)</title>
            <style>
            pre.zapp-shell { display: inline-block; margin: 0; padding: 0.5em; line-height: 1.15; font-family: \(MarkupText.monospaceFonts); color: \(colors.foreground.hex); background: \(colors.background.hex); }
            pre.zapp-shell .w { display: inline-block; width: 2ch; }
            \(images.allSatisfy { $0.png.isEmpty } ? "" : "pre.zapp-shell { position: relative; } pre.zapp-shell img { position: absolute; }\n")</style>
            </head>
            <body>
            <pre class="zapp-shell" aria-label="\(label)">\(lines.joined(separator: "\n"))\(htmlImages())</pre>
            </body>
            </html>

            """
    }
}
