import ShellCore
import ShellUI
import Testing

@testable import CursesTerminal

@Suite("ColorMapper")
struct ColorMapperTests {
    @Test("the default colour stays the terminal default at every level")
    func defaultColour() {
        for support in [ColorSupport.none, .ansi8, .ansi256, .trueColor] {
            #expect(ColorMapper(support: support, paletteSize: 256).colorNumber(for: .default) == -1)
        }
    }

    @Test("no colour support draws everything in the default colours")
    func noColour() {
        let mapper = ColorMapper(support: .none, paletteSize: 0)
        #expect(mapper.colorNumber(for: .rgb(255, 0, 0)) == -1)
        #expect(mapper.colorNumber(for: .ansi(3)) == -1)
    }

    @Test("truecolor keeps 24-bit values and avoids the basic-colour range")
    func trueColour() {
        let mapper = ColorMapper(support: .trueColor, paletteSize: 1 << 24)
        #expect(mapper.colorNumber(for: .rgb(0x12, 0x34, 0x56)) == 0x123456)
        #expect(mapper.colorNumber(for: .rgb(0, 0, 0)) == 8)
        #expect(mapper.colorNumber(for: .ansi(2)) == 2)
        #expect(mapper.colorNumber(for: .ansi(9)) == 0xFF0000)
    }

    @Test("256 colours: cube and grey ramp")
    func palette256() {
        let mapper = ColorMapper(support: .ansi256, paletteSize: 256)
        #expect(mapper.colorNumber(for: .rgb(255, 0, 0)) == 196)
        #expect(mapper.colorNumber(for: .rgb(0, 0, 0)) == 16)
        #expect(mapper.colorNumber(for: .rgb(255, 255, 255)) == 231)
        #expect(mapper.colorNumber(for: .rgb(128, 128, 128)) == 244)
        #expect(mapper.colorNumber(for: .rgb(0x5F, 0x87, 0xAF)) == 67)
        #expect(mapper.colorNumber(for: .ansi(12)) == 12)
    }

    @Test("8 colours: the nearest basic colour; bright ANSI folds down")
    func palette8() {
        let mapper = ColorMapper(support: .ansi8, paletteSize: 8)
        #expect(mapper.colorNumber(for: .rgb(250, 10, 10)) == 1)
        #expect(mapper.colorNumber(for: .rgb(10, 10, 200)) == 4)
        #expect(mapper.colorNumber(for: .rgb(240, 240, 240)) == 7)
        #expect(mapper.colorNumber(for: .rgb(20, 20, 20)) == 0)
        #expect(mapper.colorNumber(for: .ansi(9)) == 1)
        #expect(ColorMapper(support: .ansi8, paletteSize: 16).colorNumber(for: .ansi(9)) == 9)
    }

    @Test("approximate RGB round-trips palette entries")
    func approximateRGB() {
        let mapper = ColorMapper(support: .ansi256, paletteSize: 256)
        #expect(mapper.approximateRGB(of: -1) == nil)
        #expect(mapper.approximateRGB(of: 196).map { [$0.0, $0.1, $0.2] } == [255, 0, 0])
        #expect(mapper.approximateRGB(of: 232).map { [$0.0, $0.1, $0.2] } == [8, 8, 8])
        #expect(mapper.approximateRGB(of: 4).map { [$0.0, $0.1, $0.2] } == [0, 0, 238])
    }
}

@Suite("ColorMapper palette indices")
struct ColorMapperPaletteIndexTests {
    @Test("256-palette indices above 15 are kept, never truncated to a basic colour")
    func indicesKeptIn256() {
        let mapper = ColorMapper(support: .ansi256, paletteSize: 256)
        for index in 0...255 {
            #expect(mapper.colorNumber(for: .ansi(UInt8(index))) == Int32(index))
        }
    }

    @Test("truecolor draws a palette index as its RGB value")
    func indicesInTrueColor() {
        let mapper = ColorMapper(support: .trueColor, paletteSize: 1 << 24)
        #expect(mapper.colorNumber(for: .ansi(234)) == 0x1C1C1C)
        #expect(mapper.colorNumber(for: .ansi(67)) == 0x5F87AF)
        #expect(mapper.colorNumber(for: .ansi(16)) == 8, "black avoids the basic-colour range")
    }

    @Test("8 and 16 colours: a palette index becomes the nearest colour of the terminal's palette")
    func indicesInBasicPalettes() {
        let eight = ColorMapper(support: .ansi8, paletteSize: 8)
        let sixteen = ColorMapper(support: .ansi8, paletteSize: 16)
        #expect(eight.colorNumber(for: .ansi(234)) == 0)
        #expect(sixteen.colorNumber(for: .ansi(234)) == 0)
        #expect(sixteen.colorNumber(for: .ansi(196)) == 9)
        #expect(eight.colorNumber(for: .ansi(196)) == 1)
        #expect(sixteen.colorNumber(for: .ansi(250)) == 7)
        #expect(sixteen.colorNumber(for: .ansi(244)) == 8)
        for index in 0...255 {
            #expect((0..<8).contains(eight.colorNumber(for: .ansi(UInt8(index)))))
            #expect((0..<16).contains(sixteen.colorNumber(for: .ansi(UInt8(index)))))
        }
    }

    @Test("a 256-colour support level on a smaller palette falls back to the basic colours")
    func smallPaletteAt256() {
        let mapper = ColorMapper(support: .ansi256, paletteSize: 16)
        #expect(mapper.colorNumber(for: .ansi(234)) == 0)
        #expect(mapper.colorNumber(for: .rgb(255, 0, 0)) == 9)
    }
}
