import Foundation
import Testing

@testable import ZappModel

/// A river of about 1.25 MB (over `ConcurrentRiverDecoder.minimumSize`) with an odd screen at
/// its start and one at its end: strings holding brackets, commas and escaped quotes, a
/// duplicate key, an invalid nav-bar state and a hook entry that is dropped.
private func oddRiver(screens: Int = 800, last: String = oddScreen("odd-last")) -> Data {
    var text = String(decoding: RiverGenerator.river(screens: screens), as: UTF8.self)
    text.removeLast(2)  // "]\n"
    let body = text.dropFirst(2)  // "[\n"
    return Data("[\n\(oddScreen("odd-first")),\n\(body),\n\(last)\n]\n".utf8)
}

private func oddScreen(_ id: String) -> String {
    #"""
    {"id": "\#(id)", "name": "Odd [one], {\"two\": 2}, \\", "id": "\#(id)",
     "hooks": {"preload_plugins": [{"type": "general"}, {"identifier": "analytics", "type": "general"}]},
     "navigations": [{"category": "nav_bar", "styles": {"state": "ontop"}}],
     "ui_components": [{"component_type": "list", "position": "first", "data": {"title": "] , [ } { \" ,"}}]}
    """#
}

/// The one-thread result: the parse's duplicate-key warnings, then the decoding's diagnostics.
private func oneThread(_ data: Data) throws -> (screens: [ScreenModel], diagnostics: [Diagnostic], sourceMap: RiverSourceMap) {
    var duplicates: [JSONDuplicateKey] = []
    let value = try JSONParser.parse(data, duplicateKeys: &duplicates)
    let decoded = RiverDecoder.decodeWithSourceMap(value, file: "river.json")
    let warnings = ConfigurationFileReader.duplicateKeyWarnings(duplicates, file: "river.json")
    return (decoded.screens, warnings + decoded.diagnostics, decoded.sourceMap)
}

@Suite("Concurrent river decoding")
struct ConcurrentRiverDecoderTests {
    @Test(arguments: [1, 2, 3, 4, 8])
    func sameResultAsOneThread(threads: Int) throws {
        let river = oddRiver()
        #expect(river.count > ConcurrentRiverDecoder.minimumSize)
        let expected = try oneThread(river)
        #expect(expected.diagnostics.count == 8)
        #expect(!expected.sourceMap.preloadIndices.isEmpty)

        let decoded = try #require(ConcurrentRiverDecoder.decode(river, file: "river.json", threads: threads))
        #expect(decoded.screens.count == 802)
        #expect(decoded.screens == expected.screens)
        #expect(decoded.diagnostics == expected.diagnostics)
        #expect(decoded.sourceMap == expected.sourceMap)
    }

    @Test func pathsAndPositionsAreThoseOfTheWholeFile() throws {
        let decoded = try #require(ConcurrentRiverDecoder.decode(oddRiver(), file: "river.json", threads: 2))
        let text = decoded.diagnostics.map(\.description)
        #expect(text.contains { $0.hasPrefix("river.json: $[801].navigations[0].styles.state: error:") })
        #expect(text.contains { $0.hasPrefix("river.json: $[801].hooks.preload_plugins[0]: warning:") })
        #expect(text.contains { $0.hasPrefix("river.json:2:") && $0.contains("duplicate key \"id\"") })
        #expect(decoded.sourceMap.preloadIndex(screen: 801, hook: 0) == 1)
    }

    @Test func syntaxErrorsAreLeftToTheOneThreadPath() throws {
        let trailingComma = oddRiver(last: #"{"id": "x", "name": "y",}"#)
        #expect(ConcurrentRiverDecoder.decode(trailingComma, file: "river.json", threads: 2) == nil)
        let result = AppLoader.load(river: trailingComma, plugins: RiverGenerator.plugins)
        let error = try #require(result.diagnostics.first { $0.code == .syntax })
        #expect(error.description.contains("trailing comma before '}'"))
        #expect(result.app == nil)

        var trailingText = oddRiver()
        trailingText.append(contentsOf: Array("{}".utf8))
        #expect(ConcurrentRiverDecoder.decode(trailingText, file: "river.json", threads: 2) == nil)
        #expect(AppLoader.load(river: trailingText, plugins: nil).diagnostics.contains { $0.code == .syntax })
    }

    @Test func smallRiversAndOtherTextsAreParsedWhole() {
        #expect(ConcurrentRiverDecoder.decode(RiverGenerator.river(screens: 20), file: "river.json", threads: 4) == nil)
        let object = Data(("{\"screens\": " + String(decoding: oddRiver(), as: UTF8.self) + "}").utf8)
        #expect(ConcurrentRiverDecoder.decode(object, file: "river.json", threads: 4) == nil)
    }
}

@Suite("JSON array partition")
struct JSONArrayPartitionTests {
    @Test func cutsOnlyBetweenTopLevelElements() throws {
        let text = #"\#u{FEFF} [ "a,]", {"b": [1, 2], "c": "}\",["}, [3, [4, 5]], "d\\", 6, {"e": {}} ] "#
        let data = Data(text.utf8)
        for count in 2...6 {
            let parts = try #require(data.withUnsafeBytes { JSONArrayPartition(bytes: $0, count: count)?.parts })
            #expect(parts.count >= 2 && parts.count <= count)
            #expect(parts.last?.end == nil)
            var elements: [JSONValue] = []
            for part in parts {
                var duplicates: [JSONDuplicateKey] = []
                #expect(part.firstElement == elements.count)
                let endComma = try JSONParser.parseElements(
                    data, from: part.start, stoppingAt: { $0 >= part.end ?? .max }, duplicateKeys: &duplicates
                ) { elements.append($0) }
                #expect(endComma == part.end)
            }
            #expect(JSONValue.array(elements) == (try JSONParser.parse(data)))
        }
    }

    @Test func theFirstPartCanBeLarger() throws {
        let text = "[" + (0..<100).map { "\"element \($0)\"" }.joined(separator: ", ") + "]"
        let parts = try #require(Data(text.utf8).withUnsafeBytes { JSONArrayPartition(bytes: $0, count: 3, firstShare: 0.5)?.parts })
        #expect(parts.count == 3)
        #expect((48...52).contains(parts[1].firstElement))
        #expect((73...77).contains(parts[2].firstElement))
    }

    @Test func noCutsInOtherTexts() {
        for text in [#"{"a": [1, 2, 3]}"#, "[1]", "[]", "  ", "\"[1, 2]\""] {
            #expect(Data(text.utf8).withUnsafeBytes { JSONArrayPartition(bytes: $0, count: 2) } == nil)
        }
    }
}
