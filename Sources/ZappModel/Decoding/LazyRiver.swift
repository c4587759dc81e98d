#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A river whose screens are decoded when they are first needed: `run` scans the file
/// (`JSONArrayIndex`: every syntax error is found, each screen's bytes and id located) before
/// its first frame and decodes only the screens that frame shows; the others are decoded on
/// demand (navigation, lookups) or all at once by `decodeAll()` once the first frame is drawn
/// (ARCHITECTURE.md, "Load checks after the first frame").
///
/// Each screen is decoded exactly as `RiverDecoder` decodes it in a whole river (same model,
/// JSON paths, diagnostics, duplicate-key positions); `decodeAll()` gives the diagnostics in
/// the order of an eager load. Safe to use from several threads: a screen decoded twice at
/// once is decoded to the same result, and the first one kept.
final class LazyRiver: Sendable {
    /// What decoding one screen gives.
    struct DecodedScreen: Sendable {
        var screen: ScreenModel
        var diagnostics: [Diagnostic]
        var duplicateKeys: [JSONDuplicateKey]
        /// The file index of each kept hook entry, when some were dropped (`RiverSourceMap`).
        var preloadIndices: [Int]?
        var postloadIndices: [Int]?
    }

    /// The river's name in diagnostics.
    let file: String
    /// Where each screen lies in the bytes.
    let index: JSONArrayIndex
    /// Each screen's id as its decoding reads it, and whether it is marked home.
    let ids: [String]
    let homeFlags: [Bool]
    /// Some screen has a `home` key, whatever its value.
    let hasHomeKey: Bool
    /// The bytes, until every screen is decoded.
    private let bytes: Mutex<Data?>
    private let decoded: Mutex<[DecodedScreen?]>
    /// The parser of screens decoded on demand, kept so that its string caches are set up once
    /// rather than for each screen.
    private let onDemand = Mutex(JSONArrayIndex.ElementParser())

    /// The members of a screen that are read before it is decoded.
    private static let memberKeys = ["id", "home"]

    /// Whether `decodeAll` may give the memory of decoded screens' bytes back: only when the
    /// river owns them (no other `Data` shares their storage).
    private let releasesBytes: Bool

    /// Scans `data`; nil when it is not an array of at least one element (or not JSON: the
    /// eager path reports it). `releasingBytes`: nothing else holds `data`'s storage.
    init?(scanning data: Data, file: String, releasingBytes: Bool = false) {
        guard data.count <= ConfigurationFileReader.maximumSize,
            let index = try? JSONArrayIndex(scanning: data, memberKeys: Self.memberKeys), !index.elements.isEmpty
        else { return nil }
        self.file = file
        self.index = index
        releasesBytes = releasingBytes
        var ids: [String] = []
        var homeFlags: [Bool] = []
        var hasHomeKey = false
        ids.reserveCapacity(index.elements.count)
        homeFlags.reserveCapacity(index.elements.count)
        for element in index.elements.indices {
            ids.append(Self.id(index.member(0, of: element), in: data))
            homeFlags.append(Self.isHome(index.member(1, of: element), in: data))
            if index.member(1, of: element) != nil { hasHomeKey = true }
        }
        self.ids = ids
        self.homeFlags = homeFlags
        self.hasHomeKey = hasHomeKey
        bytes = Mutex(data)
        decoded = Mutex([DecodedScreen?](repeating: nil, count: index.elements.count))
    }

    var count: Int { index.elements.count }

    /// The screen at `position`, decoded now if it was not yet.
    func screen(at position: Int) -> ScreenModel {
        if let done = decoded.withLock({ $0[position]?.screen }) { return done }
        return onDemand.withLock { parser in decode(position, parser: &parser).screen }
    }

    /// True when the screen at `position` has been decoded.
    func isDecoded(_ position: Int) -> Bool {
        decoded.withLock { $0[position] != nil }
    }

    /// The screens decoded so far, in river order.
    var decodedScreens: [ScreenModel] {
        decoded.withLock { $0.compactMap { $0?.screen } }
    }

    /// Decodes every screen not decoded yet and releases the bytes: the screens, and the
    /// diagnostics and source map an eager load of the river gives. The screens are decoded in
    /// order, and the memory of the bytes before the first screen not decoded yet is given back
    /// as it goes (no screen before it reads them again), so the bytes and all the models are
    /// not held at once.
    /// With `threads` above 1 (an eager load of a large river) the screens are decoded in as
    /// many ranges at once and no memory is given back.
    func decodeAll(threads: Int = 1) -> (screens: [ScreenModel], diagnostics: [Diagnostic], sourceMap: RiverSourceMap) {
        let lanes = min(max(threads, 1), Self.maximumThreads, count)
        if lanes > 1 {
            let size = (count + lanes - 1) / lanes
            ParallelLanes.run(lanes) { lane in
                var parser = JSONArrayIndex.ElementParser()
                for position in (lane * size)..<min(count, (lane + 1) * size) where !isDecoded(position) {
                    _ = decode(position, parser: &parser)
                }
            }
        } else {
            var parser = JSONArrayIndex.ElementParser()
            var released = 0
            for position in 0..<count {
                if !isDecoded(position) { _ = decode(position, parser: &parser) }
                if position % Self.releaseStride == Self.releaseStride - 1 {
                    released = release(from: released, to: index.elements[position].end)
                }
            }
        }
        bytes.withLock { $0 = nil }
        let all = decoded.withLock { $0.map { $0! } }
        var screens: [ScreenModel] = []
        screens.reserveCapacity(all.count)
        var duplicates: [JSONDuplicateKey] = []
        var diagnostics: [Diagnostic] = []
        var sourceMap = RiverSourceMap()
        for (position, screen) in all.enumerated() {
            screens.append(screen.screen)
            duplicates += screen.duplicateKeys
            diagnostics += screen.diagnostics
            if let indices = screen.preloadIndices { sourceMap.preloadIndices[position] = indices }
            if let indices = screen.postloadIndices { sourceMap.postloadIndices[position] = indices }
        }
        return (screens, ConfigurationFileReader.duplicateKeyWarnings(duplicates, file: file) + diagnostics, sourceMap)
    }

    /// Indices of the screens whose JSON may hold `text` as (part of) a string: the decoded ones
    /// and those whose bytes hold its UTF-8 or any escape. Lets a search of every screen for an
    /// id skip the screens it cannot be in without decoding them.
    func positions(mayHolding text: String) -> [Int] {
        let needle = Array(text.utf8)
        let plain = !needle.isEmpty && !needle.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        guard plain, let data = bytes.withLock({ $0 }) else { return Array(0..<count) }
        var hits = [Bool](repeating: false, count: count)
        data.withUnsafeBytes { raw in
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
        // Read after the search: bytes given back during it belong to screens decoded by then.
        let done = decoded.withLock { $0.map { $0 != nil } }
        return (0..<count).filter { done[$0] || hits[$0] || index.elements[$0].hasEscapes }
    }

    /// The most threads `decodeAll` decodes on.
    static let maximumThreads = 8

    /// How many screens `decodeAll` decodes between two releases of their bytes.
    private static let releaseStride = 512

    /// Gives back the whole memory pages of the bytes from offset `start` to `end` (screens that
    /// are all decoded); returns where the next release starts. The pages read as zeros after
    /// that, which only `positions(mayHolding:)` may still look at (and it counts decoded
    /// screens in without their bytes).
    private func release(from start: Int, to end: Int) -> Int {
        #if canImport(Glibc)
        guard releasesBytes, let data = bytes.withLock({ $0 }) else { return end }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard page > 0 else { return start }
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            let address = Int(bitPattern: base)
            let first = (address + start + page - 1) / page * page
            let last = (address + end) / page * page
            guard last > first, let pages = UnsafeMutableRawPointer(bitPattern: first) else { return }
            _ = madvise(pages, last - first, MADV_DONTNEED)
        }
        return end
        #else
        return start
        #endif
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
        let result = bytes.withLock { $0 }.map { decode(position, in: $0, parser: &parser) } ?? lost(position)
        return decoded.withLock { slots in
            if let kept = slots[position] { return kept }
            slots[position] = result
            return result
        }
    }

    private func decode(_ position: Int, in data: Data, parser: inout JSONArrayIndex.ElementParser) -> DecodedScreen {
        let element = index.elements[position]
        var context = DecodingContext(file: file)
        var sourceMap = RiverSourceMap()
        do {
            let (value, duplicates) = try parser.parse(element, in: data)
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

    /// Only reached if the bytes were released with a screen undecoded, which `decodeAll` rules out.
    private func lost(_ position: Int) -> DecodedScreen {
        decoded.withLock { $0[position] }
            ?? DecodedScreen(screen: ScreenModel(id: ids[position], name: ""), diagnostics: [], duplicateKeys: [])
    }

    // MARK: Members read before decoding

    /// The id as `RiverDecoder` reads it (`requiredString`: a string, or a number written as
    /// JSON writes it; anything else is no id).
    private static func id(_ range: Range<Int>?, in data: Data) -> String {
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
