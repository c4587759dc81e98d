/// Timings of repeated runs of one operation, in nanoseconds, with the statistics the table shows.
struct Samples {
    private(set) var nanoseconds: [Double] = []

    init(nanoseconds: [Double] = []) {
        self.nanoseconds = nanoseconds
    }

    var isEmpty: Bool { nanoseconds.isEmpty }

    mutating func append(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        nanoseconds.append(Double(seconds) * 1e9 + Double(attoseconds) / 1e9)
    }

    /// The value below which `fraction` of the samples lie (nearest rank); 0 when empty.
    func percentile(_ fraction: Double) -> Double {
        guard !nanoseconds.isEmpty else { return 0 }
        let sorted = nanoseconds.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    var median: Double { percentile(0.5) }
    var p99: Double { percentile(0.99) }

    /// Times `body` `count` times after `warmUp` untimed runs. What `body` returns is released
    /// after the clock has stopped: freeing a result is not part of making it.
    static func measure<Result>(count: Int, warmUp: Int = 3, _ body: () -> Result) -> Samples {
        for _ in 0..<warmUp { _ = body() }
        let clock = ContinuousClock()
        var samples = Samples()
        for _ in 0..<count {
            let start = clock.now
            let result = body()
            samples.append(clock.now - start)
            withExtendedLifetime(result) {}
        }
        return samples
    }
}
