#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A large river scanned by the parser (`JSONArrayIndex`: every syntax error found, each
/// screen's bytes, id, name and `home` located) and decoded screen by screen from its bytes: a
/// value (the bytes are an immutable `Data`), decoding is a pure function of it. `run` scans
/// before its first frame and keeps the screens not decoded yet as positions in it
/// (`ScreenList`); the update asks for those it needs (`.decodeScreens`), the deferred checks
/// decode the rest for their report only (ARCHITECTURE.md, "Start"). An eager load of a large
/// river keeps it scanned too: whole-river passes decode each screen as they read it, on
/// several threads (`decodingReport(threads:)`), so no pass holds every screen (issue 34).
///
/// Each screen is decoded exactly as `RiverDecoder` decodes it in a whole river (same model,
/// JSON paths, diagnostics, duplicate-key positions); `decodingReport` gives the diagnostics in
/// the order of an eager load.
public struct ScannedRiver: Sendable {
    /// What decoding one screen gives.
    struct DecodedScreen: Sendable {
        var screen: ScreenModel
        var diagnostics: [Diagnostic]
        var duplicateKeys: [JSONDuplicateKey]
        /// The file index of each kept hook entry, when some were dropped (`RiverSourceMap`).
        var preloadIndices: [Int]?
        var postloadIndices: [Int]?
        /// Diagnostics not held (`decodingReport`, past `DiagnosticLimit.perPass`).
        var dropped = 0
    }

    /// What decoding one screen reports, without the screen (`decodingReport`).
    private struct ScreenReport {
        var position: Int
        var decoded: DecodedScreen
    }

    /// The river's name in diagnostics.
    let file: String
    /// Where each screen lies in the bytes.
    let index: JSONArrayIndex
    /// Each screen's id and name as its decoding reads them, and whether it is marked home.
    let ids: [String]
    let names: [String]
    let homeFlags: [Bool]
    /// Some screen has a `home` key, whatever its value.
    let hasHomeKey: Bool
    private let bytes: Data

    /// The members of a screen that are read before it is decoded.
    private static let memberKeys = ["id", "home", "name"]

    /// Scans `data`; nil when it is not an array of one to `RiverDecoder.maximumScreens`
    /// elements (or not JSON: the eager path reports it, its parse bounded by
    /// `JSONParser.valueLimit`).
    init?(scanning data: Data, file: String) {
        guard data.count <= ConfigurationFileReader.maximumSize,
            let index = try? JSONArrayIndex(
                scanning: data, memberKeys: Self.memberKeys, elementLimit: RiverDecoder.maximumScreens),
            !index.elements.isEmpty
        else { return nil }
        self.file = file
        self.index = index
        var ids: [String] = []
        var names: [String] = []
        var homeFlags: [Bool] = []
        var hasHomeKey = false
        ids.reserveCapacity(index.elements.count)
        names.reserveCapacity(index.elements.count)
        homeFlags.reserveCapacity(index.elements.count)
        for element in index.elements.indices {
            ids.append(Self.text(index.member(0, of: element), in: data))
            homeFlags.append(Self.isHome(index.member(1, of: element), in: data))
            names.append(Self.text(index.member(2, of: element), in: data))
            if index.member(1, of: element) != nil { hasHomeKey = true }
        }
        self.ids = ids
        self.names = names
        self.homeFlags = homeFlags
        self.hasHomeKey = hasHomeKey
        bytes = data
    }

    var count: Int { index.elements.count }

    /// The error for a river listing more than `RiverDecoder.maximumScreens` screens, counted
    /// without decoding or parsing (`JSONArrayIndex.countElements` stops there); nil otherwise.
    /// A river too short to list that many is not scanned: n values take at least 2n + 1 bytes
    /// (the brackets, a byte each, the commas between), and the count of the demo's 46 KB was
    /// 640,000 instructions of its start.
    static func tooManyScreens(_ data: Data, file: String) -> Diagnostic? {
        guard data.count >= 2 * (RiverDecoder.maximumScreens + 1) + 1,
            let count = JSONArrayIndex.countElements(in: data, upTo: RiverDecoder.maximumScreens),
            count > RiverDecoder.maximumScreens
        else { return nil }
        return RiverDecoder.tooManyScreens(file: file)
    }

    /// Whether both were scanned from the same bytes in memory (so decode to the same screens).
    func hasSameBytes(as other: ScannedRiver) -> Bool {
        file == other.file && bytes.count == other.bytes.count
            && bytes.withUnsafeBytes { mine in other.bytes.withUnsafeBytes { $0.baseAddress == mine.baseAddress } }
    }

    /// The screens at `positions`, decoded (many of them on several threads).
    func screens(at positions: [Int]) -> [Int: ScreenModel] {
        let lanes = Self.lanes(decoding: positions.count)
        let size = (positions.count + lanes - 1) / lanes
        let decoded = Mutex([Int: ScreenModel](minimumCapacity: positions.count))
        ParallelLanes.run(lanes) { lane in
            var parser = JSONArrayIndex.ElementParser()
            var screens: [Int: ScreenModel] = [:]
            for position in positions[(lane * size)..<min(positions.count, (lane + 1) * size)] {
                screens[position] = decode(position, parser: &parser).screen
            }
            decoded.withLock { $0.merge(screens) { first, _ in first } }
        }
        return decoded.withLock { $0 }
    }

    /// The screen at `position`, decoded.
    func screen(at position: Int) -> ScreenModel {
        var parser = JSONArrayIndex.ElementParser()
        return decode(position, parser: &parser).screen
    }

    /// The screen at `position`, decoded with `parser` (its caches kept for the next screen).
    func screen(at position: Int, parser: inout JSONArrayIndex.ElementParser) -> ScreenModel {
        decode(position, parser: &parser).screen
    }

    /// Decodes every screen for what an eager load of the river reports (its diagnostics, in
    /// that order) and its source map, keeping no screen: a large river's screens stay positions
    /// in its bytes (`ScreenList`), so the peak memory of a whole-river pass is the bytes plus
    /// the screens decoded at once on each thread (issue 34). With `threads` above 1 the screens
    /// are decoded in as many ranges at once.
    func decodingReport(threads: Int = 1) -> (diagnostics: [Diagnostic], sourceMap: RiverSourceMap) {
        let lanes = min(max(threads, 1), Self.maximumThreads, count)
        let size = (count + lanes - 1) / lanes
        // Each lane hands its range's report back once (a lock only to collect them).
        let ranges = Mutex([[ScreenReport]](repeating: [], count: lanes))
        ParallelLanes.run(lanes) { lane in
            var parser = JSONArrayIndex.ElementParser()
            var reports: [ScreenReport] = []
            var held = 0
            for position in (lane * size)..<min(count, (lane + 1) * size) {
                var decoded = decode(position, parser: &parser)
                // Past `DiagnosticLimit.perPass` diagnostics only their number is kept.
                if held >= DiagnosticLimit.perPass {
                    decoded.dropped = decoded.diagnostics.count
                    decoded.diagnostics = []
                }
                held += decoded.diagnostics.count
                guard !decoded.diagnostics.isEmpty || decoded.dropped > 0 || !decoded.duplicateKeys.isEmpty
                    || decoded.preloadIndices != nil || decoded.postloadIndices != nil
                else { continue }
                decoded.screen = ScreenModel(id: ids[position], name: "")
                reports.append(ScreenReport(position: position, decoded: decoded))
            }
            ranges.withLock { $0[lane] = reports }
        }
        var duplicates: [JSONDuplicateKey] = []
        var diagnostics: [Diagnostic] = []
        var dropped = 0
        var sourceMap = RiverSourceMap()
        for report in ranges.withLock({ $0.joined() }) {
            duplicates += report.decoded.duplicateKeys.prefix(max(0, ConfigurationFileReader.maximumDuplicateKeyWarnings - duplicates.count))
            diagnostics += report.decoded.diagnostics
            dropped += report.decoded.dropped
            if let indices = report.decoded.preloadIndices { sourceMap.preloadIndices[report.position] = indices }
            if let indices = report.decoded.postloadIndices { sourceMap.postloadIndices[report.position] = indices }
        }
        return (
            ConfigurationFileReader.duplicateKeyWarnings(duplicates, file: file)
                + DiagnosticLimit.capped(diagnostics, dropped: dropped, file: file), sourceMap
        )
    }

    /// Positions of the screens whose JSON may hold `text` as (part of) a string: those whose
    /// bytes hold its UTF-8 or any escape. Lets a search of every screen for an id skip the
    /// screens it cannot be in without decoding them.
    func positions(mayHolding text: String) -> [Int] {
        let needle = Array(text.utf8)
        let plain = !needle.isEmpty && !needle.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        guard plain else { return Array(0..<count) }
        var hits = [Bool](repeating: false, count: count)
        bytes.withUnsafeBytes { raw in
            guard raw.baseAddress != nil else { return }
            var from = 0
            var element = 0
            let elements = index.elements
            while let offset = Self.find(needle, in: raw, from: from) {
                while element < elements.count, elements[element].end <= offset { element += 1 }
                if element < elements.count, elements[element].start <= offset {
                    hits[element] = true
                    from = elements[element].end
                } else {
                    from = offset + 1
                }
            }
        }
        return (0..<count).filter { hits[$0] || index.elements[$0].hasEscapes }
    }

    /// The most threads a whole-river pass decodes on (`decodingReport`, `screens(at:)`,
    /// `ScreenList.mapEveryScreen`): each holds the screen it decodes, up to
    /// `JSONParser.screenValueLimit` keys and values (issue 34).
    static let maximumThreads = 4

    /// How many threads decode `count` screens: one per 2,000 screens or more, at most
    /// `maximumThreads` and the processors there are.
    static func lanes(decoding count: Int) -> Int {
        min(Processors.available, maximumThreads, max(1, count / 2_000))
    }

    /// The offset of the first occurrence of `needle` at or after `from`.
    private static func find(_ needle: [UInt8], in raw: UnsafeRawBufferPointer, from: Int) -> Int? {
        guard let base = raw.baseAddress else { return nil }
        var from = from
        while from + needle.count <= raw.count,
            let found = memchr(base + from, Int32(needle[0]), raw.count - from - needle.count + 1)
        {
            let offset = base.distance(to: UnsafeRawPointer(found))
            if memcmp(base + offset, needle, needle.count) == 0 { return offset }
            from = offset + 1
        }
        return nil
    }

    // MARK: Decoding

    private func decode(_ position: Int, parser: inout JSONArrayIndex.ElementParser) -> DecodedScreen {
        let element = index.elements[position]
        var context = DecodingContext(file: file)
        var sourceMap = RiverSourceMap()
        do {
            let (value, duplicates) = try parser.parse(element, in: bytes)
            let screen = RiverDecoder.decodeScreen(
                value, at: .root + position, index: position, context: &context, sourceMap: &sourceMap)
            return DecodedScreen(
                screen: screen, diagnostics: context.diagnostics, duplicateKeys: duplicates,
                preloadIndices: sourceMap.preloadIndices[position], postloadIndices: sourceMap.postloadIndices[position])
        } catch {
            // The scan accepted these bytes, so the parser does too; should they ever disagree,
            // the screen is reported as the parser sees it, like any syntax error.
            return DecodedScreen(
                screen: ScreenModel(id: ids[position], name: ""), diagnostics: [Diagnostic(syntaxError: error, file: file)],
                duplicateKeys: [])
        }
    }

    // MARK: Members read before decoding

    /// A string member as `RiverDecoder` reads it (`requiredString`: a string, or a number
    /// written as JSON writes it; anything else is none).
    private static func text(_ range: Range<Int>?, in data: Data) -> String {
        guard let range else { return "" }
        if let plain = plainString(range, in: data) { return plain }
        switch value(range, in: data) {
        case .string(let string)?: return string
        case .number(let number)?: return DecodingContext.format(number)
        default: return ""
        }
    }

    /// `home` as `RiverDecoder` reads it (`DecodingContext.bool`).
    private static func isHome(_ range: Range<Int>?, in data: Data) -> Bool {
        guard let range else { return false }
        switch value(range, in: data) {
        case nil, .null?: return false
        case .string(let string)? where string.isBlank: return false
        case let value?: return value.boolValue ?? false
        }
    }

    /// The text of a string without escapes at `range` (quotes included), nil otherwise.
    private static func plainString(_ range: Range<Int>, in data: Data) -> String? {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard range.count >= 2, bytes[range.lowerBound] == UInt8(ascii: "\"") else { return nil }
            let inner = UnsafeBufferPointer(rebasing: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)])
            guard !inner.contains(UInt8(ascii: "\\")) else { return nil }
            return String(decoding: inner, as: UTF8.self)
        }
    }

    private static func value(_ range: Range<Int>, in data: Data) -> JSONValue? {
        try? JSONParser.parse(data[range])
    }
}
