#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// Parses and decodes a large river screen by screen, on several threads. Each screen is
/// decoded as soon as it is parsed and its JSON released at once, so the JSON tree of the
/// whole river never exists (that bounds the memory of a large app). With more than one
/// processor the array of screens is cut into parts of whole screens (`JSONArrayPartition`),
/// each parsed and decoded on a thread of its own. The result is the one-thread result: the
/// same screens, JSON paths and diagnostics, in file order.
///
/// The first part does not wait for the cuts: it is parsed from the start while another thread
/// finds them, and stops at the first cut once that is known (`FirstPartEnd`).
///
/// A river too small to gain, or one that does not parse (a syntax error anywhere, or not an
/// array), is left to the whole-tree path, which reports it.
enum ConcurrentRiverDecoder {
    /// Rivers smaller than this are parsed whole and then decoded: the gain would be too small.
    static let minimumSize = 1 << 20
    /// The most threads used.
    static let maximumThreads = 8
    /// How much larger the first part is than an equal share: its thread starts at once, the
    /// others only once the cuts are found (measured on the 5,000-screen app: with equal parts
    /// the second of two threads ended about 15 % later).
    static let firstPartAllowance = 0.10

    /// Decodes `data` on up to `threads` threads; nil leaves it to the whole-tree path.
    static func decode(_ data: Data, file: String, threads: Int = Processors.available)
        -> (screens: [ScreenModel], diagnostics: [Diagnostic], sourceMap: RiverSourceMap)?
    {
        let count = min(max(threads, 1), maximumThreads)
        guard data.count >= minimumSize, data.count <= ConfigurationFileReader.maximumSize,
            let start = data.withUnsafeBytes({ JSONArrayPartition.firstElementOffset(in: $0) })
        else { return nil }

        let firstPartEnd = FirstPartEnd()
        let firstPart = Mutex<DecodedPart?>(nil)
        let otherParts = Mutex<[JSONArrayPartition.Part: DecodedPart?]>([:])
        // Lane 0 parses the first part from the start (the whole array on one processor); lane 1
        // finds the cuts and then parses the other parts, each on a thread of its own.
        ParallelLanes.run(count > 1 ? 2 : 1) { lane in
            if lane == 0 {
                let decoded = decode(data, from: start, firstElement: 0, file: file) { firstPartEnd.stops(at: $0) }
                firstPart.withLock { $0 = consume decoded }
                return
            }
            let firstShare = (1 + firstPartAllowance) / Double(count)
            guard let parts = data.withUnsafeBytes({ JSONArrayPartition(bytes: $0, count: count, firstShare: firstShare)?.parts }),
                let cut = parts[0].end, firstPartEnd.publish(cut)
            else { return }
            let rest = Array(parts.dropFirst())
            ParallelLanes.run(rest.count) { number in
                let part = rest[number]
                let decoded = decode(data, from: part.start, firstElement: part.firstElement, file: file) {
                    $0 >= part.end ?? .max
                }
                let complete = decoded.flatMap { $0.endComma == part.end ? $0 : nil }
                otherParts.withLock { $0[part] = consume complete }
            }
        }

        guard let first = firstPart.withLock({ $0.take() }) else { return nil }
        var results = [first]
        if let cut = first.endComma {
            let rest = otherParts.withLock { parts in
                defer { parts = [:] }
                return parts
            }
            guard cut == firstPartEnd.publishedCut else { return nil }
            for part in rest.keys.sorted(by: { $0.start < $1.start }) {
                guard let decoded = rest[part] ?? nil else { return nil }
                results.append(decoded)
            }
            guard results.count > 1, results.last?.endComma == nil else { return nil }
        }
        return merged(results, file: file)
    }

    /// What one part decodes to.
    private struct DecodedPart: Sendable {
        var screens: [ScreenModel]
        var diagnostics: [Diagnostic]
        var duplicateKeys: [JSONDuplicateKey]
        var sourceMap: RiverSourceMap
        /// Where the part stopped: the comma after its last element, nil at the end of the array.
        var endComma: Int?
    }

    /// Parses and decodes the screens from `start` up to the comma where `stop` says to stop
    /// (or the end of the array), each as soon as it is parsed; nil when they do not parse.
    private static func decode(
        _ data: Data, from start: Int, firstElement: Int, file: String, stoppingAt stop: (Int) -> Bool
    ) -> DecodedPart? {
        var duplicateKeys: [JSONDuplicateKey] = []
        var context = DecodingContext(file: file)
        var sourceMap = RiverSourceMap()
        var screens: [ScreenModel] = []
        let endComma: Int?
        do {
            endComma = try JSONParser.parseElements(data, from: start, stoppingAt: stop, duplicateKeys: &duplicateKeys) {
                element in
                let index = firstElement + screens.count
                screens.append(
                    RiverDecoder.decodeScreen(element, at: .root + index, index: index, context: &context, sourceMap: &sourceMap))
            }
        } catch {
            return nil
        }
        return DecodedPart(
            screens: screens, diagnostics: context.diagnostics, duplicateKeys: duplicateKeys, sourceMap: sourceMap,
            endComma: endComma)
    }

    /// The parts, in file order, as one result.
    private static func merged(_ parts: [DecodedPart], file: String)
        -> (screens: [ScreenModel], diagnostics: [Diagnostic], sourceMap: RiverSourceMap)
    {
        var screens: [ScreenModel] = []
        screens.reserveCapacity(parts.reduce(0) { $0 + $1.screens.count })
        var duplicates: [JSONDuplicateKey] = []
        var decodingDiagnostics: [Diagnostic] = []
        var sourceMap = RiverSourceMap()
        for part in parts {
            screens += part.screens
            duplicates += part.duplicateKeys
            decodingDiagnostics += part.diagnostics
            sourceMap.merge(part.sourceMap)
        }
        return (screens, ConfigurationFileReader.duplicateKeyWarnings(duplicates, file: file) + decodingDiagnostics, sourceMap)
    }

    /// Where the first part ends, agreed between the thread parsing it and the thread finding
    /// the cuts, whichever runs first: the cut holds only when it is published before the
    /// first part has passed it; otherwise the first part goes on to the end of the array.
    private final class FirstPartEnd: Sendable {
        private struct State {
            var cut: Int?
            /// The last separating comma the first part has gone past.
            var passed = -1
        }

        private let state = Mutex(State())

        /// The cut, when it was published.
        var publishedCut: Int? { state.withLock { $0.cut } }

        /// Publishes the cut; false when the first part is already past it.
        func publish(_ cut: Int) -> Bool {
            state.withLock { state in
                guard state.passed < cut else { return false }
                state.cut = cut
                return true
            }
        }

        /// Whether the first part stops at the separating comma at `comma`.
        func stops(at comma: Int) -> Bool {
            state.withLock { state in
                if let cut = state.cut, comma >= cut { return true }
                state.passed = comma
                return false
            }
        }
    }
}
