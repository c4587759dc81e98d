import Testing
import ZappModel

@testable import ShellCore
@testable import ShellUI

@Suite struct ColorTests {
    @Test func degradation() {
        let red = TerminalColor.rgb(255, 0, 0)
        #expect(red.degraded(to: .trueColor) == red)
        #expect(red.degraded(to: .ansi256) == .ansi(196))
        #expect(red.degraded(to: .ansi8) == .ansi(1))
        #expect(red.degraded(to: .none) == .default)
        #expect(TerminalColor.rgb(128, 128, 128).degraded(to: .ansi256) == .ansi(244))
        #expect(TerminalColor.rgb(0, 0, 0).degraded(to: .ansi256) == .ansi(16))
        #expect(TerminalColor.rgb(95, 135, 175).degraded(to: .ansi256) == .ansi(67))
        #expect(TerminalColor.rgb(30, 30, 200).degraded(to: .ansi8) == .ansi(4))
        #expect(TerminalColor.rgb(240, 240, 240).degraded(to: .ansi8) == .ansi(7))
        #expect(TerminalColor.ansi(196).degraded(to: .ansi8) == .ansi(1))
        #expect(TerminalColor.ansi(9).degraded(to: .ansi8) == .ansi(1))
        #expect(TerminalColor.default.degraded(to: .ansi8) == .default)
    }

    @Test func paletteIndicesRoundTrip() {
        for index in [16, 21, 46, 196, 231, 232, 244, 255] {
            let (r, g, b) = TerminalColor.rgb(ofPaletteIndex: UInt8(index))
            #expect(TerminalColor.nearest256(r, g, b) == UInt8(index))
        }
    }

    @Test func alphaBlendsOverTheBackground() {
        let half = ZappColor(alpha: 128, red: 255, green: 255, blue: 255)
        #expect(TerminalColor(half, over: .rgb(0, 0, 0)) == .rgb(128, 128, 128))
        #expect(TerminalColor(ZappColor(alpha: 0, red: 1, green: 2, blue: 3)) == nil)
        #expect(TerminalColor(ZappColor(red: 1, green: 2, blue: 3), over: .rgb(9, 9, 9)) == .rgb(1, 2, 3))
    }

    @Test func withoutColourFocusStaysVisible() {
        let palette = Palette(theme: .defaultDark, support: .none)
        #expect(palette[.cellFocused].attributes.contains(.reverse))
        #expect(palette[.cellFocused].background == .default)
        #expect(palette[.menuSelected].attributes.contains(.underline))
        let colour = Palette(theme: .defaultDark, support: .ansi256)
        #expect(colour[.bar].background == .ansi(237), "the bar's #2B3A55 is palette index 237")
    }

    @Test func riverColoursOverrideTheBar() {
        let palette = Palette(theme: .defaultDark, support: .trueColor)
        let style = palette.style(.bar, foreground: ZappColor(hex: "#FFFF0000"), background: ZappColor(hex: "#FF00FF00"))
        #expect(style.foreground == .rgb(255, 0, 0))
        #expect(style.background == .rgb(0, 255, 0))
    }

    @Test func ansiOutput() {
        var canvas = Canvas(columns: 3, rows: 1)
        canvas.draw("ab", x: 0, y: 0, style: CellStyle(foreground: .rgb(1, 2, 3), background: .ansi(4), attributes: .bold))
        #expect(canvas.ansiText == "\u{1B}[0;1;38;2;1;2;3;44mab\u{1B}[0m \u{1B}[0m")
    }
}
