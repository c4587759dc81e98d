import ShellCore
import ShellUI
import ZappModel

/// Rendering a full frame into the canvas (`ShellView.render`): the demo app's home screen at
/// 80x24 and 200x60, and a busy frame at 200x60 (side menu focused, trace panel with 40 lines,
/// help overlay on top).
@MainActor
enum FrameRendering {
    static func run(into table: inout ResultTable, app: ZappApp, quick: Bool) async throws {
        let count = quick ? 300 : 3_000
        let terminal = HeadlessTerminal(columns: 200, rows: 60)
        let runtime = try await BenchApp.startedRuntime(app: app, terminal: terminal)
        let home = runtime.model.view

        for (columns, rows) in [(80, 24), (200, 60)] {
            let samples = measure(home, columns: columns, rows: rows, count: count)
            let budget = columns == 200 ? "≤ 1 ms (median)" : ""
            table.add(
                "Full frame, demo home, \(columns)x\(rows)",
                "median \(Format.milliseconds(samples.median)), p99 \(Format.milliseconds(samples.p99))",
                budget: budget, within: columns == 200 ? samples.median <= 1e6 : nil)
        }

        var busy = home
        busy.focus = .rootMenu
        busy.isTracePanelVisible = true
        busy.traceLines = (0..<40).map { "pre zapptv_analytics: step \($0): succeeded, dataDict keys: id, title, source" }
        busy.overlay = .help(scroll: 0)
        let samples = measure(busy, columns: 200, rows: 60, count: count)
        table.add(
            "Full frame, busy (menu, trace, help), 200x60",
            "median \(Format.milliseconds(samples.median)), p99 \(Format.milliseconds(samples.p99))",
            budget: "≤ 1 ms (median)", within: samples.median <= 1e6)
    }

    private static func measure(_ state: ShellViewState, columns: Int, rows: Int, count: Int) -> Samples {
        var canvas = Canvas(columns: columns, rows: rows)
        let samples = Samples.measure(count: count, warmUp: 20) {
            ShellView.render(state, into: &canvas)
        }
        precondition(canvas.plainText.contains(where: { !$0.isWhitespace }), "the frame is empty")
        return samples
    }
}
