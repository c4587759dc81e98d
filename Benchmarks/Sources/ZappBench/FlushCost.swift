import CursesTerminal
import Foundation
import ShellCore
import ShellUI
import ZappModel

/// The diff and flush of a one-row change at 200x60 against a full redraw, through the real
/// backend: `CursesTerminal` (TERM=xterm-256color) drawing into a pseudo-terminal whose
/// output is counted byte by byte. The change is moving the side-menu selection by one item
/// through the event loop (`ShellRuntime`), so the frame, the diff and the encoded output are
/// exactly what a user's keypress produces. The full redraw is the demo's home frame flushed to
/// a fresh terminal (cleared, then every cell that is not blank).
@MainActor
enum FlushCost {
    static let environment = ["TERM": "xterm-256color"]

    static func run(into table: inout ResultTable, app: ZappApp, quick: Bool) async throws {
        let moves = quick ? 40 : 200
        let fullRedraws = quick ? 3 : 10
        unsetenv("LINES")
        unsetenv("COLUMNS")
        let headless = HeadlessTerminal(columns: 200, rows: 60)
        _ = try await BenchApp.startedRuntime(app: app, terminal: headless)
        guard let home = headless.lastFrame else { throw BenchApp.LoadFailure(description: "no home frame") }

        let pty = try PseudoTerminal(columns: 200, rows: 60)
        defer { pty.close() }
        let clock = ContinuousClock()

        var fullBytes: [Int] = []
        var fullTimes = Samples()
        for _ in 0..<fullRedraws {
            let curses = try CursesTerminal(options: .init(mouse: false), environment: environment)
            guard curses.size == (200, 60) else {
                throw PseudoTerminal.Failure(description: "ncurses sees \(curses.size), not 200x60")
            }
            let before = pty.bytesWritten()
            fullTimes.append(clock.measure { curses.flush(home) })
            fullBytes.append(pty.bytesWritten() - before)
            curses.restore()
        }

        let curses = try CursesTerminal(options: .init(mouse: false), environment: environment)
        let timed = TimedTerminal(curses)
        let runtime = try await BenchApp.startedRuntime(app: app, terminal: timed)
        runtime.send(.terminal(.key(.character("m"))))
        runtime.render()
        var rowBytes: [Int] = []
        var frameTimes = Samples()
        let flushesBefore = timed.flushTimes.nanoseconds.count
        for move in 0..<moves {
            let start = pty.bytesWritten()
            runtime.send(.terminal(.key(move % 6 < 3 ? .down : .up)))
            frameTimes.append(clock.measure { runtime.render() })
            rowBytes.append(pty.bytesWritten() - start)
        }
        let flushTimes = Samples(nanoseconds: Array(timed.flushTimes.nanoseconds.dropFirst(flushesBefore)))
        curses.restore()

        rowBytes.sort()
        fullBytes.sort()
        let medianRow = rowBytes[rowBytes.count / 2]
        table.add(
            "Menu move (one-row change), 200x60: bytes to the tty",
            "median \(medianRow) B, max \(rowBytes.last ?? 0) B", budget: "≤ 300 B", within: medianRow <= 300)
        table.add(
            "Menu move, 200x60: diff + flush",
            "median \(Format.milliseconds(flushTimes.median)), p99 \(Format.milliseconds(flushTimes.p99))")
        table.add(
            "Menu move, 200x60: render + diff + flush",
            "median \(Format.milliseconds(frameTimes.median)), p99 \(Format.milliseconds(frameTimes.p99))")
        table.add(
            "Full redraw, 200x60: bytes to the tty, flush time",
            "\(fullBytes[fullBytes.count / 2]) B, median \(Format.milliseconds(fullTimes.median))")
    }
}
