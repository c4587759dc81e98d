import ShellCore
import ShellUI
import ZappModel

/// Key in → frame flushed through the real event loop: `ShellRuntime.run()` over a headless
/// 200x60 terminal, with the demo app and the services of `zapp-shell run`. Each key (moving in
/// the side menu, then across the screen's items) is offered to the loop once the last is drawn;
/// the sample ends when the frame showing it has been flushed.
@MainActor
enum KeyToFrame {
    static func run(into table: inout ResultTable, app: ZappApp, quick: Bool) async throws {
        let moves = quick ? 100 : 1_000
        let timed = TimedTerminal(HeadlessTerminal(columns: 200, rows: 60))
        let setup = ShellSetup(
            app: app, loadApp: { AppLoad(app: app) },
            makeServices: { app, presenter, trace in BenchApp.services(app: app, presenter: presenter, trace: trace) })
        let runtime = ShellRuntime(terminal: timed, setup: setup)
        timed.isReady = { [unowned runtime] in
            MainActor.assumeIsolated { runtime.model.isStartupComplete && runtime.model.activity == nil }
        }
        var keys: [Key] = [.character("m")]
        keys += (0..<moves / 2).map { $0 % 6 < 3 ? .down : .up }
        keys.append(.tab)
        keys += (0..<moves / 2).map { $0 % 6 < 3 ? .right : .left }
        timed.script(keys)
        _ = await runtime.run()
        let samples = timed.keyToFrame
        table.add(
            "Key in → frame flushed (event loop, headless, 200x60)",
            "median \(Format.milliseconds(samples.median)), p99 \(Format.milliseconds(samples.p99))",
            budget: "≤ 2 ms (median)", within: samples.median <= 2e6)
    }
}
