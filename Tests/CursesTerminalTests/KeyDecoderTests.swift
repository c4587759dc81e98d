import ShellCore
import ShellUI
import Testing

@testable import CursesTerminal

@Suite("KeyDecoder")
struct KeyDecoderTests {
    let decoder = KeyDecoder()

    @Test("control characters become the keys the UI knows")
    func controlCharacters() {
        #expect(decoder.decodeCharacter(0x0D) == .enter)
        #expect(decoder.decodeCharacter(0x0A) == .enter)
        #expect(decoder.decodeCharacter(0x09) == .tab)
        #expect(decoder.decodeCharacter(0x1B) == .escape)
        #expect(decoder.decodeCharacter(0x7F) == .backspace)
        #expect(decoder.decodeCharacter(0x08) == .backspace)
        #expect(decoder.decodeCharacter(0x03) == .control("c"))
        #expect(decoder.decodeCharacter(0x01) == .control("a"))
        #expect(decoder.decodeCharacter(0x1A) == .control("z"))
        #expect(decoder.decodeCharacter(0x00) == nil)
        #expect(decoder.decodeCharacter(0x9B) == nil)
    }

    @Test("printable characters pass through, including wide ones")
    func printable() {
        #expect(decoder.decodeCharacter(UInt32(UInt8(ascii: "q"))) == .character("q"))
        #expect(decoder.decodeCharacter(0x65E5) == .character("日"))
        #expect(decoder.decodeCharacter(0x1F389) == .character("🎉"))
        #expect(decoder.decodeCharacter(0xD800) == nil)
    }

    @Test("function keys: arrows, paging, Shift-Tab, resize and mouse")
    func functionKeys() {
        let codes = decoder.codes
        #expect(decoder.decodeFunctionKey(codes.up) == .key(.up))
        #expect(decoder.decodeFunctionKey(codes.down) == .key(.down))
        #expect(decoder.decodeFunctionKey(codes.left) == .key(.left))
        #expect(decoder.decodeFunctionKey(codes.right) == .key(.right))
        #expect(decoder.decodeFunctionKey(codes.home) == .key(.home))
        #expect(decoder.decodeFunctionKey(codes.end) == .key(.end))
        #expect(decoder.decodeFunctionKey(codes.pageUp) == .key(.pageUp))
        #expect(decoder.decodeFunctionKey(codes.pageDown) == .key(.pageDown))
        #expect(decoder.decodeFunctionKey(codes.backTab) == .key(.backTab))
        #expect(decoder.decodeFunctionKey(codes.enter) == .key(.enter))
        #expect(decoder.decodeFunctionKey(codes.backspace) == .key(.backspace))
        #expect(decoder.decodeFunctionKey(codes.delete) == .key(.delete))
        #expect(decoder.decodeFunctionKey(codes.function1 + 4) == .key(.function(5)))
        #expect(decoder.decodeFunctionKey(codes.resize) == .resize)
        #expect(decoder.decodeFunctionKey(codes.mouse) == .mouse)
        #expect(decoder.decodeFunctionKey(0o777) == .ignored)
    }
}
