import Foundation
import Testing
@testable import ZappModel

/// `JSONArrayIndex`: the validating scan that `run` makes of a river before its first frame.
/// It must accept exactly what the parser accepts, and its element ranges must parse to the
/// parser's elements.
@Suite("JSON array index (the scan before the first frame)")
struct JSONArrayIndexTests {
    static func scan(_ text: String, keys: [String] = ["id", "home"]) throws -> JSONArrayIndex? {
        try JSONArrayIndex(scanning: Data(text.utf8), memberKeys: keys)
    }

    static func text(_ range: Range<Int>, in text: String) -> String {
        String(decoding: Array(text.utf8)[range], as: UTF8.self)
    }

    /// Texts the parser accepts, of every kind of element: strings holding brackets, quotes and
    /// escapes, nested containers, numbers, literals, layout of every kind.
    static let accepted: [String] = [
        #"[]"#,
        "  [ ]  ",
        #"[1]"#,
        #"[{"id": "a"}, {"id": "b", "home": true}]"#,
        #"["a]b", "c}d", "e\"]f", "\\", "[{", "\u005D", "tab\tx"]"#,
        "[\n {\n  \"id\": \"x\",\n  \"nested\": [[], {}, [1, [2, {\"id\": \"inner\"}]]]\n },\r\n\t-0.5e+3, true, false, null\n]",
        #"[{"\u0069d": "escaped key"}, {"id": "first", "id": "second"}, {"id": 17}, {"id": null}, {"id": ["x"]}]"#,
        #"[{"home": "1"}, {"home": "  "}, {"home": 0}, {"home": "yes"}, {"home": {}}]"#,
        "\u{FEFF}[{\"id\": \"é — ✓ 𝄞\"}]",
        #"[{"id": "\ud834\udd1e", "name": "\/\b\f\n\r"}]"#,
        #"{"not": "an array"}"#,
        #""just a string""#,
        #"[12345678901234567890, 1e308, -0]"#,
        String(repeating: "[", count: 512) + String(repeating: "]", count: 512),
        "[" + String(repeating: "{\"a\":", count: 511) + "1" + String(repeating: "}", count: 511) + "]",
    ]

    /// Texts the parser refuses, at every place the scan checks.
    static let refused: [String] = [
        "", "   ", "[", "[1,]", "[1 2]", #"[{"a" 1}]"#, #"[{"a": }]"#, #"[{a: 1}]"#, "['a']", #"["abc"#,
        "[\"abc\ndef\"]", "[\"a\u{1}b\"]", #"["\x"]"#, #"["\u12G4"]"#, #"["\udc00"]"#, #"["\ud800"]"#,
        #"["\ud800\u0041"]"#, "[tru]", "[truex]", "[true-1]", "[True]", "[nul]", "[01]", "[1.]", "[-]", "[1e]",
        "[1.5.2]", "[1e999]", "[NaN]", "[+1]", "[.5]", "[1] x", "[1]]", "[1],", "[{]", "[{}}", "[[}]", "[1 // c\n]",
        "[{\"a\": 1,}]", "[,1]", "[1,,2]", #"[{"a": 1 "b": 2}]"#, "[\u{0}]",
        String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
        "[" + String(repeating: "{\"a\":", count: 512) + "1" + String(repeating: "}", count: 512) + "]",
    ]

    @Test(arguments: accepted)
    func acceptsWhatTheParserAccepts(_ text: String) throws {
        let value = try JSONParser.parse(text)
        let index = try Self.scan(text)
        guard case .array(let elements) = value else {
            #expect(index == nil)
            return
        }
        let scanned = try #require(index)
        #expect(scanned.elements.count == elements.count)
        let data = Data(text.utf8)
        for (offset, element) in scanned.elements.enumerated() {
            #expect(try JSONArrayIndex.parseElement(element, in: data).value == elements[offset])
            // The range is the element exactly: no layout on either side.
            let written = Self.text(element.start..<element.end, in: text)
            #expect(written.first?.isWhitespace == false && written.last?.isWhitespace == false, "\(written)")
        }
    }

    @Test(arguments: refused)
    func refusesWhatTheParserRefuses(_ text: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
        #expect(throws: JSONSyntaxError.self) { try Self.scan(text) }
    }

    @Test func elementRangesHoldStringsWithBracketsAndEscapes() throws {
        let text = #"[ "a]b" , {"k": "}\"{", "l": ["\\"]} ,[1,[2]] ]"#
        let index = try #require(try Self.scan(text))
        #expect(index.elements.map { Self.text($0.start..<$0.end, in: text) } == [
            #""a]b""#, #"{"k": "}\"{", "l": ["\\"]}"#, "[1,[2]]",
        ])
        #expect(index.elements.map(\.hasEscapes) == [false, true, false])
    }

    @Test func membersAreTheLastOfTheirKeyAtTheElementsOwnLevel() throws {
        let text = #"[{"navigations": [{"id": "nav"}], "id": "first", "\u0069d": "second", "home": true}, {"x": {"id": "deep"}}, 3]"#
        let index = try #require(try Self.scan(text))
        #expect(index.member(0, of: 0).map { Self.text($0, in: text) } == #""second""#)
        #expect(index.member(1, of: 0).map { Self.text($0, in: text) } == "true")
        #expect(index.member(0, of: 1) == nil)
        #expect(index.member(0, of: 2) == nil)
    }

    @Test func linesOfElements() throws {
        let text = "[\n  {\"id\": 1},\n\n    {\"id\": 2}, {\"id\": 3}\n]"
        let index = try #require(try Self.scan(text))
        #expect(index.elements.map(\.line) == [2, 4, 4])
        let columns = index.elements.map { $0.start - $0.lineStart + 1 }
        #expect(columns == [3, 5, 16])
    }

    /// Duplicate keys found when an element is parsed alone have the positions the whole parse gives.
    @Test func duplicateKeysOfAnElementAreLocatedInTheWholeText() throws {
        let text = "[{\"a\": 1},\n {\"b\": 1,\n  \"b\": 2}, {\"é\": 0, \"c\": [{\"d\": 1, \"d\": 2}]}\n]"
        var whole: [JSONDuplicateKey] = []
        _ = try JSONParser.parse(Data(text.utf8), duplicateKeys: &whole)
        let index = try #require(try Self.scan(text))
        var parser = JSONArrayIndex.ElementParser()
        let perElement = try index.elements.flatMap { try parser.parse($0, in: Data(text.utf8)).duplicateKeys }
        #expect(perElement == whole)
        #expect(whole.count == 2)
    }
}
