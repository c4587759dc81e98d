import Foundation
import Testing

@testable import ZappModel

/// A river of about 1.25 MB (over `AppLoader.lazyRiverMinimumSize`) with an odd screen at
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

/// The eager load of a large river: scanned by the parser, then decoded screen by screen on
/// several threads for its report (`ScannedRiver.decodingReport(threads:)`) and read screen by
/// screen, against the one-thread result.
@Suite("Large river decoding")
struct LargeRiverDecodingTests {
    private func decode(_ river: Data, threads: Int) -> (screens: [ScreenModel], diagnostics: [Diagnostic], sourceMap: RiverSourceMap)? {
        guard let scanned = ScannedRiver(scanning: river, file: "river.json") else { return nil }
        let report = scanned.decodingReport(threads: threads)
        return ((0..<scanned.count).map(scanned.screen(at:)), report.diagnostics, report.sourceMap)
    }

    @Test(arguments: [1, 2, 3, 4, 8])
    func sameResultAsOneThread(threads: Int) throws {
        let river = oddRiver()
        #expect(river.count > AppLoader.lazyRiverMinimumSize)
        let expected = try oneThread(river)
        #expect(expected.diagnostics.count == 8)
        #expect(!expected.sourceMap.preloadIndices.isEmpty)

        let decoded = try #require(decode(river, threads: threads))
        #expect(decoded.screens.count == 802)
        #expect(decoded.screens == expected.screens)
        #expect(decoded.diagnostics == expected.diagnostics)
        #expect(decoded.sourceMap == expected.sourceMap)
    }

    @Test func pathsAndPositionsAreThoseOfTheWholeFile() throws {
        let decoded = try #require(decode(oddRiver(), threads: 2))
        let text = decoded.diagnostics.map(\.description)
        #expect(text.contains { $0.hasPrefix("river.json: $[801].navigations[0].styles.state: error:") })
        #expect(text.contains { $0.hasPrefix("river.json: $[801].hooks.preload_plugins[0]: warning:") })
        #expect(text.contains { $0.hasPrefix("river.json:2:") && $0.contains("duplicate key \"id\"") })
        #expect(decoded.sourceMap.preloadIndex(screen: 801, hook: 0) == 1)
    }

    @Test func syntaxErrorsAreTheParsersOwn() throws {
        let trailingComma = oddRiver(last: #"{"id": "x", "name": "y",}"#)
        #expect(decode(trailingComma, threads: 2) == nil)
        let result = AppLoader.load(river: trailingComma, plugins: RiverGenerator.plugins)
        let error = try #require(result.diagnostics.first { $0.code == .syntax })
        #expect(error.description.contains("trailing comma before '}'"))
        #expect(result.app == nil)

        var trailingText = oddRiver()
        trailingText.append(contentsOf: Array("{}".utf8))
        #expect(decode(trailingText, threads: 2) == nil)
        #expect(AppLoader.load(river: trailingText, plugins: nil).diagnostics.contains { $0.code == .syntax })
    }

    @Test func otherTextsAreParsedWhole() {
        let object = Data(("{\"screens\": " + String(decoding: oddRiver(), as: UTF8.self) + "}").utf8)
        #expect(decode(object, threads: 4) == nil)
    }
}


/// What a pass over a river's screens holds is bounded (issue 34): a screen's keys and values,
/// and the diagnostics of a pass.
@Suite("Large river bounds")
struct LargeRiverBoundsTests {
    @Test("the shortest river listing one screen over the limit is still counted and refused (shorter ones are not scanned)")
    func theShortestRiverOverTheLimitIsRefused() {
        let count = RiverDecoder.maximumScreens + 1
        let shortest = Data(("[" + Array(repeating: "1", count: count).joined(separator: ",") + "]").utf8)
        #expect(shortest.count == 2 * count + 1)
        #expect(ScannedRiver.tooManyScreens(shortest, file: "river.json") != nil)
        #expect(ScannedRiver.tooManyScreens(shortest.dropLast(3) + Data("]".utf8), file: "river.json") == nil)
        let result = AppLoader.load(
            river: shortest, plugins: .absent, name: "shortest", folder: nil, riverFile: "river.json",
            pluginsFile: "plugin_configurations.json")
        #expect(result.app == nil)
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.description.hasPrefix("river.json: $: error: lists more than 100000 screens; at most 100000 are read") == true)
    }

    @Test func aScreenHoldingTooManyValuesIsRefusedAlone() throws {
        let values = Array(repeating: "0", count: JSONParser.screenValueLimit).joined(separator: ",")
        let river = oddRiver(last: #"{"id": "huge", "general": {"list": [\#(values)]}}"#)
        let scanned = try #require(ScannedRiver(scanning: river, file: "river.json"))
        let report = scanned.decodingReport(threads: 2)
        let refused = report.diagnostics.filter { $0.code == .syntax }
        #expect(refused.count == 1)
        #expect(refused.first?.description.contains("the screen holds more than 100000 keys and values; it is not read further") == true)
        #expect(scanned.screen(at: scanned.count - 1).id == "huge", "the screen is still listed, by its id")
        #expect(scanned.screen(at: 1).id == "screen-0")
    }

    @Test func aPassHoldsAtMostTenThousandDiagnostics() throws {
        let count = DiagnosticLimit.perPass + 2_000
        let screens = (0..<count).map { #"{"id": "s\#($0)", "home": \#($0 == 0), "navigations": 5, "ui_components": [{"component_type": "list", "data": {"items": [{"title": "t", "target": "gone-\#($0)"}]}}]}"# }
        let data = Data(("[" + screens.joined(separator: ",\n") + "]").utf8)
        let scanned = try #require(ScannedRiver(scanning: data, file: "river.json"))
        let report = scanned.decodingReport(threads: 3)
        #expect(report.diagnostics.count == DiagnosticLimit.perPass + 1)
        #expect(report.diagnostics.last?.description == "river.json: warning: 2000 more diagnostics are not listed (the first 10000 are) (hint: fix those listed, or the pattern they share, and check again)")
        #expect(report.diagnostics.first?.description.hasPrefix("river.json: $[0].navigations: error:") == true, "the first are kept, in river order")

        let app = ZappApp(river: scanned, decoded: [:], plugins: [], folder: nil, name: "app")
        let checked = AppValidator.validate(app, riverFile: "river.json", pluginsFile: nil, sourceMap: report.sourceMap)
        #expect(checked.count == DiagnosticLimit.perPass + 1)
        #expect(checked.last?.code == .notListed)
        #expect(checked.last?.description.contains("2000 more diagnostics are not listed") == true)
    }
}

/// A pass reads a scanned river through one reader (one parser, its caches kept from screen to
/// screen): the screens are those decoded one by one.
@Suite("Screen list reader")
struct ScreenListReaderTests {
    @Test func aReaderGivesTheScreensDecodedOneByOne() throws {
        let scanned = try #require(ScannedRiver(scanning: oddRiver(screens: 300), file: "river.json"))
        let list = ScreenList(river: scanned, decoded: [5: ScreenModel(id: "kept", name: "decoded before")])
        let oneByOne = (0..<list.count).map { list[$0] }
        #expect(Array(list) == oneByOne)
        #expect(Array(list)[5].id == "kept", "a decoded screen is the one kept")
        #expect(Array(list).last?.id == "odd-last")
        var reader = list.reader()
        #expect((0..<list.count).reversed().map { reader.screen(at: $0) } == oneByOne.reversed())
    }
}
