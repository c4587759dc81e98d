import Synchronization

extension ScreenList {
    /// `transform` of every screen, in river order. A scanned river's screens are decoded as
    /// they are read, on several threads for a large one, and none is kept: a whole-river pass
    /// holds the river's bytes and one screen per thread (issue 34).
    public func mapEveryScreen<T: Sendable>(_ transform: @Sendable (Int, ScreenModel) -> T) -> [T] {
        let lanes = hasUndecoded ? Swift.min(Processors.available, ScannedRiver.maximumThreads, Swift.max(1, count / Self.screensPerLane)) : 1
        guard lanes > 1 else { return indices.map { transform($0, self[$0]) } }
        let size = (count + lanes - 1) / lanes
        let ranges = Mutex([[T]](repeating: [], count: lanes))
        ParallelLanes.run(lanes) { lane in
            let range = (lane * size)..<Swift.min(count, (lane + 1) * size)
            let results = range.map { transform($0, self[$0]) }
            ranges.withLock { $0[lane] = results }
        }
        return ranges.withLock { Array($0.joined()) }
    }

    /// `mapEveryScreen` reads this many screens or more on each thread it uses.
    private static let screensPerLane = 2_000
}
