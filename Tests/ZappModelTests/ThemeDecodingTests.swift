import Foundation
import Testing
import ZappModel

/// Theme files go through the project's JSON parser and `DecodingContext`, like every other
/// input: syntax errors with file:line:column, wrong values with file and JSON path, the same
/// tolerance, and no `JSONDecoder`.
@Suite("theme decoding")
struct ThemeDecodingTests {
    static func errors(_ text: String, file: String = "t.json") -> [String] {
        do {
            _ = try Theme.decode(Data(text.utf8), file: file)
            return []
        } catch {
            guard case .invalid(let diagnostics) = error else { return ["\(error)"] }
            return diagnostics.map(\.description)
        }
    }

    @Test("a trailing comma is refused with its file, line and column")
    func trailingComma() {
        let text = "{\n  \"name\": \"harbor\",\n  \"glyphs\": \"ascii\",\n}\n"
        #expect(Self.errors(text, file: "harbor.json") == [
            "harbor.json:3:20: error: trailing comma before '}' (hint: remove the comma after the last member)"
        ])
    }

    @Test("a syntax error names the file, line and column")
    func syntaxError() {
        #expect(Self.errors("{\n  \"name\" \"x\"\n}").first?.hasPrefix("t.json:2:10: error: expected ':'") == true)
    }

    @Test("wrong types, colours, enum values and role names name the file and JSON path, all of them at once")
    func structureErrors() {
        let text = #"{"name": true, "glyphs": "fancy", "border": 3, "roles": {"base": {"fg": "red", "bold": "maybe"}, "Bar-Title": {}, "bogus": null, "menu": 4}}"#
        #expect(Self.errors(text) == [
            #"t.json: $.name: error: expected a string, got true"#,
            #"t.json: $.glyphs: error: expected one of unicode, ascii, got "fancy""#,
            #"t.json: $.border: error: expected one of single, rounded, double, heavy, ascii, got 3"#,
            #"t.json: $.roles.base.fg: error: expected a colour (#AARRGGBB or #RRGGBB), got "red" (hint: write a colour as eight or six hex digits, such as #FF1A2B3C)"#,
            #"t.json: $.roles.base.bold: error: expected a boolean, got "maybe""#,
            #"t.json: $.roles["Bar-Title"]: error: unknown key "Bar-Title" (hint: did you mean "bar_title"?)"#,
            #"t.json: $.roles.bogus: error: unknown key "bogus" (hint: known: \#(ThemeRole.allCases.map(\.rawValue).joined(separator: ", ")))"#,
            ##"t.json: $.roles.menu: error: expected a style object, got 4 (hint: write {"fg": "#FFFFFFFF", "bold": true})"##,
        ])
    }

    @Test("a theme that is not an object is refused at $")
    func notAnObject() {
        #expect(Self.errors("[]").first?.hasPrefix("t.json: $: error: expected a theme object, got an array") == true)
    }

    @Test("the tolerance of other inputs: null, blank values, booleans and numbers as strings, unknown top-level keys")
    func tolerance() throws {
        let text = #"{"$schema": "./theme.schema.json", "name": "t", "glyphs": "", "extra": 1, "roles": {"base": {"fg": "FFFFFF", "bg": null, "bold": "1", "dim": 1, "italic": "no"}, "bar": null}}"#
        let theme = try Theme.decode(Data(text.utf8), file: "t.json")
        #expect(theme.glyphs == .unicode)
        #expect(theme.roles[.base] == ThemeStyle(foreground: ZappColor(hex: "FFFFFF"), bold: true, dim: true))
        #expect(theme.roles[.bar] == nil, "a null role takes the default")
    }

    @Test("a valid theme still decodes")
    func valid() throws {
        let theme = try Theme.decode(Data(#"{"name": "harbor", "glyphs": "ascii"}"#.utf8), file: "t.json")
        #expect(theme.name == "harbor")
        #expect(theme.glyphs == .ascii)
    }
}
