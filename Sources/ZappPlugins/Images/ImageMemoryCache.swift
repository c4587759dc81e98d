/// What an image loader keeps in memory, bounded in bytes and in entries: fetched bytes and
/// prepared images (symbols, PNGs, protocol payloads with their base64) share one budget, each
/// counted once its size is known (`measure`); the least recently used go first, never the one
/// just measured.
struct ImageMemoryCache<Key: Hashable, Value> {
    let maximumBytes: Int
    let maximumEntries: Int
    private var values: [Key: Value] = [:]
    private var sizes: [Key: Int] = [:]
    /// Least recently used first.
    private var order: [Key] = []
    /// The bytes of the entries measured so far.
    private(set) var totalBytes = 0

    init(maximumBytes: Int, maximumEntries: Int) {
        self.maximumBytes = maximumBytes
        self.maximumEntries = maximumEntries
    }

    /// How many entries are kept.
    var count: Int { values.count }

    /// The value kept for `key`, marked as used now.
    mutating func value(for key: Key) -> Value? {
        guard let value = values[key] else { return nil }
        if order.last != key, let index = order.firstIndex(of: key) {
            order.remove(at: index)
            order.append(key)
        }
        return value
    }

    /// Keeps `value` for `key` (its size unknown until `measure`), dropping the least recently
    /// used entries beyond `maximumEntries`.
    mutating func insert(_ value: Value, for key: Key) {
        if values.updateValue(value, forKey: key) != nil, let index = order.firstIndex(of: key) { order.remove(at: index) }
        order.append(key)
        trim(keeping: key)
    }

    /// Records that `key`'s value holds `bytes`, then drops the least recently used entries
    /// while more than `maximumBytes` are kept (`key` stays even when larger on its own).
    mutating func measure(_ key: Key, bytes: Int) {
        guard values[key] != nil else { return }
        totalBytes += bytes - (sizes.updateValue(bytes, forKey: key) ?? 0)
        trim(keeping: key)
    }

    private mutating func trim(keeping kept: Key) {
        var index = 0
        while (totalBytes > maximumBytes || values.count > maximumEntries) && index < order.count {
            let key = order[index]
            guard key != kept else {
                index += 1
                continue
            }
            order.remove(at: index)
            values[key] = nil
            totalBytes -= sizes.removeValue(forKey: key) ?? 0
        }
    }
}
