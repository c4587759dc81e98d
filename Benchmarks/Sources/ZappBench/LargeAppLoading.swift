import Foundation
import ZappModel

/// Loading and validating the generated 5,000-screen app (`make bench-data`): `AppLoader.load`
/// in this process (median time, river.json MB/s), and the peak memory of a whole
/// `zapp-shell validate` process doing the same work (its `ru_maxrss`).
enum LargeAppLoading {
    static func run(into table: inout ResultTable, quick: Bool) throws {
        let folder = BenchPaths.largeApp
        let river = folder.appendingPathComponent(AppLoader.riverFileName)
        guard FileManager.default.fileExists(atPath: river.path) else {
            throw ProcessRun.Failure(description: "\(river.path) is missing: run `make bench-data`")
        }
        let bytes = Double(BenchPaths.fileSize(river) + BenchPaths.fileSize(folder.appendingPathComponent(AppLoader.pluginsFileName)))
        // The whole processes run first, while this one is still small: Linux carries the
        // peak resident set of the spawning process over into the child's `ru_maxrss`, so
        // after the in-process loads below it would report this process's peak instead.
        var peaks: [Int] = []
        var times = Samples()
        for _ in 0..<(quick ? 2 : 5) {
            let run = try ProcessRun.run(BenchPaths.zappShell, ["validate", folder.path])
            guard run.status == 0 else {
                throw ProcessRun.Failure(description: "`zapp-shell validate \(folder.path)` exited with status \(run.status)")
            }
            peaks.append(run.peakResidentBytes)
            times.append(run.elapsed)
        }
        let peak = Double(peaks.max() ?? 0)

        var failure: String?
        var processorTime = Samples()
        let samples = Samples.measure(count: quick ? 3 : 10, warmUp: 1) {
            let started = ProcessorTime.now
            let result = AppLoader.load(folder: folder)
            processorTime.append(ProcessorTime.now - started)
            if result.app == nil || result.diagnostics.containsErrors { failure = "\(result.diagnostics.prefix(3))" }
            return result
        }
        if let failure { throw ProcessRun.Failure(description: "the 5,000-screen app does not load cleanly: \(failure)") }
        let throughput = bytes / (samples.median / 1e9) / 1e6
        table.add(
            "Load + validate 5,000-screen app (\(Format.megabytes(bytes)), in process)",
            "median \(Format.milliseconds(samples.median)), \(Format.fixed(throughput, digits: 0)) MB/s",
            budget: "≤ 300 ms", within: samples.median <= 300e6)
        table.add(
            "Load + validate 5,000-screen app: CPU time, all threads",
            "median \(Format.milliseconds(processorTime.median))")
        table.add(
            "`zapp-shell validate` 5,000-screen app: whole process",
            "median \(Format.milliseconds(times.median)), peak RSS \(Format.megabytes(peak))",
            budget: "≤ 100 MB", within: peak <= 100e6)
    }
}
