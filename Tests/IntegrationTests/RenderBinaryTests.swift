import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The built `zapp-shell render`: its exit status, streams and documents.
@Suite("render, the built binary")
struct RenderBinaryTests {
    @Test("the built zapp-shell: render --format png exits 64 on stderr, svg and html are documents")
    func formatsEndToEnd() async throws {
        let refused = try await OutputChannelTests.run(["render", "--screen", "home", "--format", "png"])
        #expect(refused.status == 64)
        #expect(refused.out.isEmpty)
        #expect(String(decoding: refused.err, as: UTF8.self).contains("expected one of text, ansi, svg, html"))

        let dark = "#1B1F27"  // the base background of the shipped dark theme
        let theme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("themes/dark.json").path
        let svg = try await OutputChannelTests.run(["render", "--screen", "home", "--size", "60x12", "--theme", theme, "--format", "svg"])
        #expect(svg.status == 0)
        let svgText = String(decoding: svg.out, as: UTF8.self)
        let picture = try XMLDocument(xmlString: svgText, options: [])
        #expect(picture.rootElement()?.name == "svg")
        #expect(try picture.rootElement()?.nodes(forXPath: "@width").first?.stringValue == "720")
        #expect(svgText.contains("fill=\"\(dark)\""))
        #expect(svgText.contains("╭") || svgText.contains("┏"))

        let html = try await OutputChannelTests.run(["render", "--screen", "home", "--size", "60x12", "--theme", theme, "--format", "html"])
        #expect(html.status == 0)
        let page = String(decoding: html.out, as: UTF8.self)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("background: \(dark)"))
        _ = try XMLDocument(xmlString: page, options: [])
    }
}
