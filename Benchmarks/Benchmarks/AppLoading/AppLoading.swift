import Benchmark
import Foundation
import ZappModel

/// Loading and validating a generated 5,000-screen app (`make bench-data`) with `AppLoader`:
/// wall-clock time, throughput of river.json in MB/s, and peak memory.
/// Budget (issue 6): at most 300 ms and 100 MB.
let benchmarks: @Sendable () -> Void = {
    guard let app = BenchData.app(named: "app-5000") else {
        print("AppLoading: \(BenchData.folder.path)/app-5000 is missing; run `make bench-data` first")
        return
    }
    let megabytes = Double(BenchData.size(of: app.appendingPathComponent(AppLoader.riverFileName))) / 1_000_000
    let throughput = BenchmarkMetric.custom("river.json MB/s", polarity: .prefersLarger, useScalingFactor: false)

    Benchmark(
        "Load and validate 5,000-screen app",
        configuration: .init(
            metrics: [.wallClock, .cpuTotal, .peakMemoryResident, .mallocCountTotal, throughput],
            timeUnits: .milliseconds,
            maxDuration: .seconds(20),
            maxIterations: 30
        )
    ) { benchmark in
        let clock = ContinuousClock()
        let start = clock.now
        let result = AppLoader.load(folder: app)
        let elapsed = clock.now - start
        guard result.app != nil, !result.diagnostics.containsErrors else {
            benchmark.error("the generated app does not load cleanly: \(result.diagnostics.prefix(3))")
            return
        }
        blackHole(result)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        benchmark.measurement(throughput, Int((megabytes / seconds).rounded()))
    }
}

/// Where `make bench-data` writes the generated apps: `bench-data/` at the repository root,
/// or the folder named by `ZAPP_BENCH_DATA`.
enum BenchData {
    static var folder: URL {
        if let override = ProcessInfo.processInfo.environment["ZAPP_BENCH_DATA"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Benchmarks/Benchmarks/AppLoading
            .deletingLastPathComponent()  // Benchmarks/Benchmarks
            .deletingLastPathComponent()  // Benchmarks
            .deletingLastPathComponent()  // the repository
            .appendingPathComponent("bench-data")
    }

    /// The generated app folder with this name, when it holds a river.json.
    static func app(named name: String) -> URL? {
        let url = folder.appendingPathComponent(name)
        let river = url.appendingPathComponent(AppLoader.riverFileName)
        return FileManager.default.fileExists(atPath: river.path) ? url : nil
    }

    /// The size of a file in bytes (0 when it cannot be read).
    static func size(of file: URL) -> Int {
        let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
        return (attributes?[.size] as? NSNumber)?.intValue ?? 0
    }
}
