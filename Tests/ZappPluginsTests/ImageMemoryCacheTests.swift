import Testing

@testable import ZappPlugins

/// The loader's memory cache: one byte budget for every kind of entry, least recently used first.
@Suite("ImageMemoryCache")
struct ImageMemoryCacheTests {
    @Test("measured entries are kept within the byte cap, the least recently used dropped first, never the one just measured")
    func byteCap() {
        var cache = ImageMemoryCache<String, Int>(maximumBytes: 100, maximumEntries: 10)
        for key in ["a", "b"] {
            cache.insert(1, for: key)
            cache.measure(key, bytes: 40)
        }
        // "a" is used: "b" is now the least recently used.
        #expect(cache.value(for: "a") == 1)
        cache.insert(1, for: "c")
        cache.measure("c", bytes: 40)
        #expect(cache.totalBytes == 80)
        #expect(cache.value(for: "a") == 1)
        #expect(cache.value(for: "b") == nil)
        #expect(cache.value(for: "c") == 1)
        cache.insert(2, for: "huge")
        cache.measure("huge", bytes: 500)
        #expect(cache.value(for: "huge") == 2)
        #expect(cache.count == 1 && cache.totalBytes == 500)
    }

    @Test("entries not measured yet count toward the entry cap only")
    func entryCap() {
        var cache = ImageMemoryCache<Int, Int>(maximumBytes: 100, maximumEntries: 3)
        for key in 0..<5 { cache.insert(key, for: key) }
        #expect(cache.count == 3)
        #expect(cache.value(for: 0) == nil && cache.value(for: 4) == 4)
        #expect(cache.totalBytes == 0)
    }
}
