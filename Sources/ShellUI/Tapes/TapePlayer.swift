import ShellCore

/// Plays a tape headless (`zapp-shell replay`): runs the app in a `ShellRuntime` over a
/// `HeadlessTerminal` of the tape's size, with a `TapeRecorder` as the runtime's observer, sends
/// each input once the app is idle (`isIdle`), and compares what the recorder saw with what the
/// tape expects at each input, in order. The first difference ends the replay.
@MainActor
public enum TapePlayer {
    /// Where a replay first differed from its tape.
    public struct Divergence: Error, Sendable, Hashable, CustomStringConvertible {
        /// The tape's line: the expectation not met, or the input after which the unexpected came.
        public var line: Int
        public var message: String

        public init(line: Int, message: String) {
            self.line = line
            self.message = message
        }

        /// `12: expected "screen premium", got "blocked by login: …"`; the command puts the file before it.
        public var description: String { "\(line): \(message)" }
    }

    /// What a replay came to: the steps played, or the first divergence.
    public enum Outcome: Sendable, Hashable {
        case matched(steps: Int)
        case diverged(Divergence)
    }

    /// How long the app may stay busy before an input (a hook's own timeouts are shorter), in
    /// milliseconds of the runtime's clock.
    public static let busyLimit = 120_000

    /// Plays `tape` against the app of `setup` (its observer is replaced) on `clock`.
    public static func play(_ tape: Tape, setup: ShellSetup, clock: RuntimeClock = .continuous) async -> Outcome {
        var setup = setup
        let recorder = TapeRecorder()
        setup.observer = { recorder.observe($0) }
        let terminal = HeadlessTerminal(columns: tape.header.columns, rows: tape.header.rows, colorSupport: .none)
        let runtime = ShellRuntime(terminal: terminal, setup: setup, clock: clock)
        runtime.start()
        var expected: [(line: Int, observation: TapeObservation)] = []
        var compared = 0
        var lastInput = (line: tape.header.lines.values.max() ?? 1, text: "the start")

        func check() -> Divergence? {
            let seen = Array(recorder.observations[compared...])
            defer {
                compared = recorder.observations.count
                expected.removeAll()
            }
            for index in 0..<max(seen.count, expected.count) {
                guard index < expected.count else {
                    return Divergence(
                        line: lastInput.line,
                        message: "after \(lastInput.text) the app did \(quoted(seen[index])), which the tape does not expect")
                }
                let want = expected[index]
                guard index < seen.count else {
                    return Divergence(
                        line: want.line, message: "expected \(quoted(want.observation)), but nothing more happened (the app waits for input)")
                }
                if seen[index] != want.observation {
                    return Divergence(line: want.line, message: "expected \(quoted(want.observation)), got \(quoted(seen[index]))")
                }
            }
            return nil
        }

        /// Waits until the app is idle; false when it stayed busy past `busyLimit` (the
        /// spinner of whatever runs ticks meanwhile, so the limit is seen).
        func idle() async -> Bool {
            let deadline = clock.milliseconds + busyLimit
            await runtime.settle { isIdle($0) || clock.milliseconds > deadline }
            return isIdle(runtime.model)
        }
        func busy(_ line: Int) -> Outcome {
            let what = runtime.model.activity.map { " (\($0.title))" } ?? ""
            return .diverged(Divergence(line: line, message: "the app was still busy\(what) after \(busyLimit / 1000) s"))
        }

        for step in tape.steps {
            switch step.action {
            case .expect(let observation):
                expected.append((step.line, observation))
            case .input(let input):
                for event in input.events {
                    guard await idle() else { return busy(step.line) }
                    if let divergence = check() { return .diverged(divergence) }
                    guard runtime.model.exitStatus == nil else {
                        return .diverged(Divergence(line: step.line, message: "the app has quit, so \(quoted(input.text)) cannot be sent"))
                    }
                    // A new size is the terminal's too, or the next frame would size it back.
                    if case .resize = event { terminal.enqueue(event) }
                    runtime.send(.terminal(event))
                }
                lastInput = (step.line, quoted(input.text))
            }
        }
        guard await idle() else { return busy(tape.steps.last?.line ?? 1) }
        if let divergence = check() { return .diverged(divergence) }
        if runtime.model.exitStatus == nil { runtime.send(.terminal(.terminate(signal: 15))) }
        return .matched(steps: tape.steps.count)
    }

    /// Whether the app waits for the user: a pane waits for an answer (none answered waits for
    /// its hook's reaction, `ShellModel.answeredPanes`), or nothing runs — the start has ended,
    /// no navigation or post hooks run, no feed or page loads, no reload — or it shows "Loading
    /// failed", or it has quit.
    public static func isIdle(_ model: ShellModel) -> Bool {
        if model.exitStatus != nil { return true }
        if !model.heldEvents.isEmpty { return false }
        if model.view.panes.contains(where: { model.answeredPanes.contains($0.id) }) { return false }
        if let pane = model.view.topPane { return !pane.isBusy }
        if case .loadingFailed = model.view.phase { return true }
        guard model.isStartupComplete, model.activity == nil, !model.isReloading, model.reloadDue == nil else { return false }
        return !model.view.feeds.values.contains { $0 == .loading } && !model.view.feedPages.values.contains { $0 == .loading }
    }

    private static func quoted(_ observation: TapeObservation) -> String { "`\(observation.text)`" }
    private static func quoted(_ text: String) -> String { "`\(text)`" }
}
