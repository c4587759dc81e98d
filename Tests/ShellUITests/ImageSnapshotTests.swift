import SnapshotTesting
import Testing
import ZappCore
import ZappModel

@testable import ShellCore
@testable import ShellUI

/// Snapshots of images in frames: a bar with an image logo, a hero and a grid with artwork, a
/// list with thumbnails, and the placeholders while they load; and how exports carry them.
@Suite struct ImageSnapshotTests {
    @Test func logoHeroAndGrid() {
        var state = ImageFixtures.state()
        assertSnapshot(of: ImageFixtures.frame(state, 80, 30).plainText, as: .lines, named: "pending-80x30")
        ImageFixtures.readyAll(&state, columns: 80, rows: 30)
        assertSnapshot(of: ImageFixtures.frame(state, 80, 30).plainText, as: .lines, named: "ready-80x30")
        ImageFixtures.readyAll(&state, columns: 50, rows: 16)
        assertSnapshot(of: ImageFixtures.frame(state, 50, 16).plainText, as: .lines, named: "ready-50x16")
    }

    @Test func listThumbnails() {
        var state = ImageFixtures.state()
        var screens = Array(ImageFixtures.app.screens)
        screens[0].uiComponents = [
            UIComponent(id: "list", componentType: "list", data: ["title": "Latest", "source": .string(ImageFixtures.feedSource)])
        ]
        state.app = ZappApp(screens: screens, plugins: ImageFixtures.app.plugins, name: "Images")
        ImageFixtures.readyAll(&state, columns: 60, rows: 14)
        assertSnapshot(of: ImageFixtures.frame(state, 60, 14).plainText, as: .lines, named: "list-60x14")
        assertSnapshot(of: ImageFixtures.frame(state, 38, 14).plainText, as: .lines, named: "list-narrow-38x14")
    }

    @Test("symbols are in the cells in their colours; protocol images leave blank cells and a placement")
    func cellsAndPlacements() {
        var state = ImageFixtures.state(colors: .trueColor)
        ImageFixtures.readyAll(&state, columns: 80, rows: 30)
        let symbols = ImageFixtures.frame(state, 80, 30)
        #expect(symbols.images.allSatisfy { $0.protocolBytes == nil } && symbols.images.count == 4)
        let logo = symbols.images.first { $0.rect.y == 0 }!.rect
        #expect(symbols[logo.x, logo.y].grapheme == "▀")
        #expect(symbols[logo.x, logo.y].style == CellStyle(foreground: .rgb(230, 40, 40), background: .rgb(20, 60, 200)))

        state.colorSupport = .ansi256
        #expect(ImageFixtures.frame(state, 80, 30)[logo.x, logo.y].style.foreground == .ansi(TerminalColor.nearest256(230, 40, 40)))

        state.imageMode = .sixel
        state.cellPixels = CellPixelSize(width: 8, height: 16)
        ImageFixtures.readyAll(&state, columns: 80, rows: 30, protocolBytes: Array("\u{1B}Psixel\u{1B}\\".utf8))
        let kitty = ImageFixtures.frame(state, 80, 30)
        #expect(kitty[logo.x, logo.y].grapheme == " ", "the terminal draws over blank cells")
        let placements = kitty.placements
        #expect(placements.count == 4)
        #expect(placements.contains { $0.column == logo.x && $0.row == logo.y } && placements[0].bytes == Array("\u{1B}Psixel\u{1B}\\".utf8))
    }

    @Test("svg and html embed each image as a PNG data URI at its cells; without images they are as before")
    func exports() {
        var state = ImageFixtures.state(colors: .trueColor)
        let colors = DocumentColors(theme: state.theme)
        let offSVG = ImageFixtures.frame(ImageFixtures.state(mode: .off, colors: .trueColor), 80, 30).svgDocument(colors: colors, title: "t")
        #expect(!offSVG.contains("<image"))
        ImageFixtures.readyAll(&state, columns: 80, rows: 30)
        let frame = ImageFixtures.frame(state, 80, 30)
        let logo = frame.images.first { $0.rect.y == 0 }!.rect
        let svg = frame.svgDocument(colors: colors, title: "t")
        #expect(svg.contains(
            "<image x=\"\(logo.x * 12)\" y=\"0\" width=\"\(logo.width * 12)\" height=\"69\" preserveAspectRatio=\"xMidYMid meet\" href=\"data:image/png;base64,iVBORw==\"/>"))
        let html = frame.htmlDocument(colors: colors, title: "t")
        #expect(html.contains("<img alt=\"\" src=\"data:image/png;base64,iVBORw==\" style=\"left:calc(0.5em + \(logo.x)ch);top:calc(0.5em + 0 * 1.15em);width:\(logo.width)ch;height:calc(3 * 1.15em)\"/>"))
        #expect(frame.ansiText.contains("▀"), "ansi draws the symbols")
    }
}
