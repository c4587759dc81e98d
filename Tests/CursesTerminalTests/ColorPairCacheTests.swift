import Testing

@testable import CursesTerminal

@Suite("ColorPairCache")
struct ColorPairCacheTests {
    typealias Colors = ColorPairCache.Colors

    /// Records every pair definition sent to the "terminal".
    final class Definitions: @unchecked Sendable {
        var log: [(Int32, Colors)] = []
    }

    func makeCache(capacity: Int, definitions: Definitions) -> ColorPairCache {
        ColorPairCache(
            capacity: capacity,
            definePair: { definitions.log.append(($0, $1)) },
            distance: { abs(Int($0.foreground - $1.foreground)) + abs(Int($0.background - $1.background)) }
        )
    }

    @Test("default colours use pair 0 and define nothing")
    func defaultPair() {
        let definitions = Definitions()
        var cache = makeCache(capacity: 4, definitions: definitions)
        #expect(cache.pair(for: Colors(foreground: -1, background: -1)) == 0)
        #expect(definitions.log.isEmpty)
    }

    @Test("pairs are defined once and reused")
    func cached() {
        let definitions = Definitions()
        var cache = makeCache(capacity: 4, definitions: definitions)
        let red = Colors(foreground: 1, background: -1)
        let blue = Colors(foreground: 4, background: 0)
        #expect(cache.pair(for: red) == 1)
        #expect(cache.pair(for: blue) == 2)
        #expect(cache.pair(for: red) == 1)
        #expect(definitions.log.count == 2)
        #expect(cache.colors(of: 2) == blue)
    }

    @Test("when full, the least recently used pair that no visible cell uses is recycled")
    func recyclesInvisible() {
        let definitions = Definitions()
        var cache = makeCache(capacity: 2, definitions: definitions)
        let a = cache.pair(for: Colors(foreground: 1, background: -1))
        let b = cache.pair(for: Colors(foreground: 2, background: -1))
        cache.retain(a)
        _ = cache.pair(for: Colors(foreground: 1, background: -1))
        let c = cache.pair(for: Colors(foreground: 3, background: -1))
        #expect(c == b)
        #expect(cache.colors(of: b) == Colors(foreground: 3, background: -1))
        #expect(definitions.log.count == 3)
        #expect(cache.definedCount == 2)
    }

    @Test("when every pair is on screen, the nearest existing pair stands in")
    func nearestFallback() {
        let definitions = Definitions()
        var cache = makeCache(capacity: 2, definitions: definitions)
        let a = cache.pair(for: Colors(foreground: 1, background: 0))
        let b = cache.pair(for: Colors(foreground: 6, background: 0))
        cache.retain(a)
        cache.retain(b)
        #expect(cache.pair(for: Colors(foreground: 5, background: 0)) == b)
        #expect(cache.pair(for: Colors(foreground: 2, background: 0)) == a)
        #expect(definitions.log.count == 2)
    }

    @Test("releasing cells frees pairs for reuse; releaseAll frees every pair")
    func release() {
        let definitions = Definitions()
        var cache = makeCache(capacity: 1, definitions: definitions)
        let a = cache.pair(for: Colors(foreground: 1, background: 0))
        cache.retain(a)
        cache.retain(a)
        cache.release(a)
        #expect(cache.pair(for: Colors(foreground: 7, background: 7)) == a)
        #expect(cache.colors(of: a) == Colors(foreground: 1, background: 0))
        cache.releaseAll()
        #expect(cache.pair(for: Colors(foreground: 7, background: 7)) == a)
        #expect(cache.colors(of: a) == Colors(foreground: 7, background: 7))
    }

    @Test("a terminal without pairs draws everything with pair 0")
    func noPairs() {
        let definitions = Definitions()
        var cache = makeCache(capacity: 0, definitions: definitions)
        #expect(cache.pair(for: Colors(foreground: 1, background: 2)) == 0)
        #expect(definitions.log.isEmpty)
    }
}
