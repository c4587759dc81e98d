import Foundation
import Testing

@testable import ZappModel

/// The one output rule (`TextSanitizer`) and bounded quoting of configuration values (`Quoted`).
@Suite struct OutputTextTests {
    static let payload = "\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{9B}31m\u{202E}"

    /// No scalar of `text` is a control, except line breaks and tabs when `keepingLineBreaks`.
    static func isClean(_ text: String, keepingLineBreaks: Bool = false) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            !TextSanitizer.isControl(scalar) || (keepingLineBreaks && (scalar == "\n" || scalar == "\t"))
        }
    }

    @Test func visibleWritesControlsAsEscapes() {
        #expect(TextSanitizer.visible("plain") == "plain")
        #expect(TextSanitizer.visible("x" + Self.payload) == #"x\u{1B}]0;PWNED\u{7}\u{1B}[2J\u{9B}31m\u{202E}"#)
        #expect(TextSanitizer.visible("a\tb\nc\rd\u{7F}\u{2028}") == #"a\tb\nc\rd\u{7F}\u{2028}"#)
        #expect(TextSanitizer.visible("a\tb\nc\u{1B}", keepingLineBreaks: true) == "a\tb\nc\\u{1B}")
        #expect(TextSanitizer.visible("日本 👨‍👩‍👧") == "日本 👨‍👩‍👧")
    }

    @Test func visibleCutsStacksOfMarks() {
        let zalgo = "Z" + String(repeating: "\u{0301}", count: 50) + "!"
        #expect(TextSanitizer.visible(zalgo) == "Z" + String(repeating: "\u{0301}", count: TextSanitizer.maximumMarks) + "!")
        #expect(TextSanitizer.visible("Vie\u{0302}\u{0323}t") == "Vie\u{0302}\u{0323}t")
        #expect(Quoted.value(zalgo).unicodeScalars.count < 20, "a one-character value of 50 marks is bounded too")
    }

    @Test func jsonEscapedEscapesC1AndBidiInsideStrings() throws {
        let json = "{\n  \"a\" : \"x\u{9B}31m\u{202E}\u{1B}\"\n}"
        let escaped = TextSanitizer.jsonEscaped(json)
        #expect(escaped == "{\n  \"a\" : \"x\\u009b31m\\u202e\\u001b\"\n}")
        #expect(Self.isClean(escaped, keepingLineBreaks: true))
        let decoded = try JSONSerialization.jsonObject(with: Data(escaped.utf8)) as? [String: String]
        #expect(decoded?["a"] == "x\u{9B}31m\u{202E}\u{1B}")
    }

    @Test func quotedValuesAreEscapedAndBounded() {
        #expect(Quoted.value("home") == "\"home\"")
        #expect(Quoted.value("a\"b\\c") == #""a\"b\\c""#)
        #expect(Quoted.value("it's", mark: "'") == #"'it\'s'"#)
        #expect(Quoted.value(Self.payload).contains("\\u{1B}"))
        #expect(Self.isClean(Quoted.value(Self.payload)))
        let huge = String(repeating: "a", count: 52_428_800)
        #expect(Quoted.value(huge) == "\"" + String(repeating: "a", count: 40) + "…\" (52,428,800 characters)")
        #expect(Quoted.value(String(repeating: "b", count: 41)).hasSuffix("…\" (41 characters)"))
        #expect(Quoted.value(String(repeating: "b", count: 40)) == "\"" + String(repeating: "b", count: 40) + "\"")
    }

    /// Every echo of a 1 MB value in a diagnostic is bounded and names its size.
    @Test(arguments: [
        ("number", "[" + String(repeating: "9", count: 1_000_000) + "]"),
        ("bad number", "[1" + String(repeating: "x", count: 1_000_000) + "]"),
        ("word", "[" + String(repeating: "w", count: 1_000_000) + "]"),
        ("unquoted key", "{" + String(repeating: "k", count: 1_000_000) + ": 1}"),
        ("missing colon", "{\"" + String(repeating: "k", count: 1_000_000) + "\" 1}"),
        ("missing value", "{\"" + String(repeating: "k", count: 1_000_000) + "\": }"),
    ])
    func syntaxErrorsAreBounded(_ kind: String, _ json: String) {
        do {
            _ = try JSONParser.parse(Data(json.utf8))
            Issue.record("\(kind): parsed")
        } catch {
            let text = Diagnostic(syntaxError: error, file: "river.json").description
            #expect(text.count < 300, "\(kind): \(text.count) characters")
            #expect(text.contains("(1,000,00"), "\(kind): \(text)")
        }
    }

    @Test func duplicateKeysTargetsAndScreenIDsAreBounded() {
        let long = String(repeating: "z", count: 1_000_000)
        let river = """
            [{"id": "home", "home": true, "\(long)": 1, "\(long)": 2,
              "navigations": [{"category": "nav_bar", "nav_items": [{"id": "b", "title": "t", "type": "button", "data": {"target": "\(long)x"}}]}],
              "hooks": {"preload_plugins": [{"identifier": "\(long)", "type": "general", "screen_id": "\(long)y"}]}},
             {"id": "\(long)"}, {"id": "\(long)"}]
            """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-bounded-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try? Data(river.utf8).write(to: folder.appendingPathComponent("river.json"))
        try? Data("[]".utf8).write(to: folder.appendingPathComponent("plugin_configurations.json"))
        let result = AppLoader.load(folder: folder)
        let codes = Set(result.diagnostics.map(\.code))
        #expect(codes.isSuperset(of: [.duplicateKey, .unknownTarget, .duplicateID, .unknownHookPlugin, .unknownHookScreen]))
        for diagnostic in result.diagnostics {
            #expect(diagnostic.description.count < 400, "\(diagnostic.code): \(diagnostic.description.prefix(200))")
        }
    }

    @Test func aPathWithAHugeKeyIsBounded() {
        let path = JSONPath.root + 0 + String(repeating: "q", count: 100_000)
        #expect(path.description == "$[0][\"" + String(repeating: "q", count: 40) + "…\" (100,000 characters)]")
    }
}
