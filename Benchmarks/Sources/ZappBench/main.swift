import Foundation

/// `make bench`: every measurement of issue 6, printed as one Markdown table beside its budget.
/// `--quick` takes fewer samples (a smoke run); `--only GROUP` runs one group (frame, flush,
/// key, start, load, dangling, hooks, feeds, images), e.g. under a profiler.
@MainActor
func runBenchmarks() async -> Int32 {
    let arguments = CommandLine.arguments
    let quick = arguments.contains("--quick")
    let only = arguments.firstIndex(of: "--only").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
    func wanted(_ group: String) -> Bool { only == nil || only == group }
    var table = ResultTable()
    do {
        let demo = try BenchApp.load(folder: BenchPaths.demoApp)
        if wanted("frame") { try await FrameRendering.run(into: &table, app: demo, quick: quick) }
        if wanted("flush") { try await FlushCost.run(into: &table, app: demo, quick: quick) }
        if wanted("key") { try await KeyToFrame.run(into: &table, app: demo, quick: quick) }
        if wanted("start") { try ColdStart.run(into: &table, quick: quick) }
        if wanted("load") { try LargeAppLoading.run(into: &table, quick: quick) }
        if wanted("dangling") { try DanglingTargets.run(into: &table, quick: quick) }
        if wanted("hooks") { try await HookChainOverhead.run(into: &table, quick: quick) }
        if wanted("feeds") { try await FeedLoadTime.run(into: &table, quick: quick) }
        if wanted("images") { try ImageDecodeTime.run(into: &table, quick: quick) }
    } catch {
        FileHandle.standardError.write(Data("zapp-bench: \(error)\n".utf8))
        if !table.rows.isEmpty { print(table.markdown) }
        return 1
    }
    print(table.markdown)
    return 0
}

exit(await runBenchmarks())
