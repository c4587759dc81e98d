import Foundation

/// Cold start to first frame as a whole process: the release `zapp-shell render` (load the app,
/// validate it, draw one 80x24 frame, print it, exit), spawned again and again; the median
/// wall-clock time. For the demo app (the bundled one) and the generated 5,000-screen app.
enum ColdStart {
    static func run(into table: inout ResultTable, quick: Bool) throws {
        let binary = BenchPaths.zappShell
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw ProcessRun.Failure(description: "\(binary.path) is missing: build it with `make release` (or set ZAPP_SHELL)")
        }
        let demo = try measure(binary, ["render", "--screen", "home"], runs: quick ? 10 : 40)
        table.add(
            "Cold start → first frame, demo app (`zapp-shell render`)",
            "median \(Format.milliseconds(demo.median)), p99 \(Format.milliseconds(demo.p99))",
            budget: "≤ 50 ms (median)", within: demo.median <= 50e6)
        let large = try measure(
            binary, ["render", BenchPaths.largeApp.path, "--screen", "home"], runs: quick ? 3 : 10)
        table.add(
            "Cold start → first frame, 5,000-screen app",
            "median \(Format.milliseconds(large.median)), p99 \(Format.milliseconds(large.p99))")
    }

    private static func measure(_ binary: URL, _ arguments: [String], runs: Int) throws -> Samples {
        var samples = Samples()
        for attempt in 0..<(runs + 2) {
            let run = try ProcessRun.run(binary, arguments)
            guard run.status == 0 else {
                throw ProcessRun.Failure(
                    description: "`zapp-shell \(arguments.joined(separator: " "))` exited with status \(run.status)")
            }
            if attempt >= 2 { samples.append(run.elapsed) }
        }
        return samples
    }
}
