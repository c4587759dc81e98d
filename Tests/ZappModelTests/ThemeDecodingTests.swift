import Foundation
import Testing
import ZappModel

/// Theme files go through the project's JSON parser: line:column errors, no trailing commas.
@Suite("theme decoding")
struct ThemeDecodingTests {
    @Test("a trailing comma is refused with its line and column")
    func trailingComma() {
        let text = "{\n  \"name\": \"harbor\",\n  \"glyphs\": \"ascii\",\n}\n"
        #expect {
            try Theme.decode(Data(text.utf8), file: "harbor.json")
        } throws: { error in
            let description = String(describing: error)
            return description.hasPrefix("theme harbor.json: 4:1: ") && description.contains("comma")
        }
    }

    @Test("a syntax error names the line and column")
    func syntaxError() {
        #expect {
            try Theme.decode(Data("{\n  \"name\" \"x\"\n}".utf8), file: "t.json")
        } throws: { error in
            String(describing: error).hasPrefix("theme t.json: 2:")
        }
    }

    @Test("a valid theme still decodes")
    func valid() throws {
        let theme = try Theme.decode(Data(#"{"name": "harbor", "glyphs": "ascii"}"#.utf8), file: "t.json")
        #expect(theme.name == "harbor")
        #expect(theme.glyphs == .ascii)
    }
}
