/// ncurses colour pairs allocated on demand for (foreground, background) combinations.
///
/// Terminals have a limited number of pairs (`COLOR_PAIRS`, as few as 64). Pairs are
/// reference-counted by the cells on screen that use them: when every pair is taken, the
/// least recently used pair that no visible cell uses is redefined; when all are visible,
/// the nearest existing pair stands in, so the frame stays readable instead of failing.
struct ColorPairCache {
    /// A foreground and background colour number (-1 = the terminal's default).
    struct Colors: Hashable, Sendable {
        var foreground: Int32
        var background: Int32
    }

    private struct Slot {
        var colors: Colors
        var visibleCells: Int
        var lastUse: UInt64
    }

    /// Usable pairs: 1...capacity (pair 0 is the terminal default and never redefined).
    let capacity: Int
    private let definePair: (Int32, Colors) -> Void
    private let distance: (Colors, Colors) -> Int
    private var pairByColors: [Colors: Int32] = [:]
    private var slots: [Slot] = []
    private var clock: UInt64 = 0

    /// - Parameters:
    ///   - capacity: the number of pairs besides pair 0 (`COLOR_PAIRS - 1`).
    ///   - definePair: defines a pair in the terminal (`init_extended_pair`).
    ///   - distance: how far apart two colour combinations look (for the fallback).
    init(capacity: Int, definePair: @escaping (Int32, Colors) -> Void, distance: @escaping (Colors, Colors) -> Int) {
        self.capacity = max(0, capacity)
        self.definePair = definePair
        self.distance = distance
        slots.reserveCapacity(min(self.capacity, 1024))
    }

    /// The number of pairs defined so far.
    var definedCount: Int { slots.count }

    /// The pair to draw `colors` with, defining or recycling one when needed.
    mutating func pair(for colors: Colors) -> Int32 {
        if colors.foreground == ColorMapper.defaultColor && colors.background == ColorMapper.defaultColor { return 0 }
        clock &+= 1
        if let pair = pairByColors[colors] {
            slots[Int(pair) - 1].lastUse = clock
            return pair
        }
        if slots.count < capacity {
            slots.append(Slot(colors: colors, visibleCells: 0, lastUse: clock))
            let pair = Int32(slots.count)
            pairByColors[colors] = pair
            definePair(pair, colors)
            return pair
        }
        if let index = leastRecentlyUsedInvisibleSlot() {
            pairByColors[slots[index].colors] = nil
            slots[index] = Slot(colors: colors, visibleCells: 0, lastUse: clock)
            let pair = Int32(index + 1)
            pairByColors[colors] = pair
            definePair(pair, colors)
            return pair
        }
        return nearestPair(to: colors)
    }

    /// A cell now shows `pair`.
    mutating func retain(_ pair: Int32) {
        guard pair > 0, Int(pair) <= slots.count else { return }
        slots[Int(pair) - 1].visibleCells += 1
    }

    /// A cell no longer shows `pair`.
    mutating func release(_ pair: Int32) {
        guard pair > 0, Int(pair) <= slots.count else { return }
        slots[Int(pair) - 1].visibleCells = max(0, slots[Int(pair) - 1].visibleCells - 1)
    }

    /// The screen was cleared: no cell shows any pair any more (definitions are kept).
    mutating func releaseAll() {
        for index in slots.indices { slots[index].visibleCells = 0 }
    }

    /// The colours a pair was defined with (nil for pair 0 or an undefined pair).
    func colors(of pair: Int32) -> Colors? {
        guard pair > 0, Int(pair) <= slots.count else { return nil }
        return slots[Int(pair) - 1].colors
    }

    private func leastRecentlyUsedInvisibleSlot() -> Int? {
        var best: Int?
        var bestUse = UInt64.max
        for index in slots.indices where slots[index].visibleCells == 0 && slots[index].lastUse < bestUse {
            best = index
            bestUse = slots[index].lastUse
        }
        return best
    }

    private func nearestPair(to colors: Colors) -> Int32 {
        var best: Int32 = 0
        var bestDistance = distance(colors, Colors(foreground: ColorMapper.defaultColor, background: ColorMapper.defaultColor))
        for index in slots.indices {
            let d = distance(colors, slots[index].colors)
            if d < bestDistance {
                bestDistance = d
                best = Int32(index + 1)
            }
        }
        return best
    }
}
