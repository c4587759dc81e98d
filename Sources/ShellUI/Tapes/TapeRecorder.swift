import ZappCore
import ShellCore

/// Turns what the runtime shows its observer (`ShellObservation`, after each event) into tape
/// steps: the user's input as it reached the update, and what the app did in answer, read from
/// the model's event log by sequence after each observation (`EventLog.entries(after:)`), so
/// nothing is dropped however long the run — the screen reached, panes shown and answered, hook
/// outcomes (in the order their hooks ran) and navigations blocked or unavailable. It keeps no
/// state of the app beside the model: only its cursor in the log. `run --record` writes its
/// steps as a tape; `replay` compares its observations with a tape's (`TapePlayer`).
@MainActor
public final class TapeRecorder {
    /// Inputs and observations, in the order they happened (consecutive characters typed
    /// become one `type` step).
    public private(set) var steps: [TapeStep.Action] = []
    /// The observations alone.
    public private(set) var observations: [TapeObservation] = []
    /// The terminal's size when the first event came (the tape's `size`).
    public private(set) var size: (columns: Int, rows: Int)?
    /// The sequence number of the last event-log entry read.
    private var cursor = 0

    public init() {}

    /// The hook trace steps a tape shows: how a hook ended when it did not simply succeed, and
    /// the flow-blocker decision after a failure.
    static let hookSteps: Set<HookTrace.Step> = [.failed, .dismissed, .timedOut, .cancelled, .skipped, .flowBlocker]

    /// Whether a trace entry becomes a tape line: a hook step above, or a command not run
    /// (`CommandTrust.notRunLine`, traced as a warning).
    static func records(_ entry: HookTrace) -> Bool {
        guard entry.stage != .result else { return false }
        return hookSteps.contains(entry.step)
            || (entry.step == .warning && entry.message.hasPrefix(CommandTrust.notRunPrefix))
    }

    public func observe(_ observation: ShellObservation) {
        if size == nil { size = (observation.model.columns, observation.model.rows) }
        if case .terminal(let event) = observation.event { record(event) }
        let log = observation.model.log
        let (entries, missed) = log.entries(after: cursor)
        if missed > 0 { note("hook", "\(missed) events were dropped before they were recorded") }
        for entry in entries { record(entry.event) }
        cursor = log.lastSequence
    }

    /// The tape of what was recorded, with `header` (its size is the terminal's at the start).
    public func tape(header: Tape.Header) -> Tape {
        var header = header
        if let size { (header.columns, header.rows) = size }
        var line = 0
        return Tape(header: header, steps: steps.map { action in
            line += 1
            return TapeStep(line: line, action: action)
        })
    }

    // MARK: Inputs

    private func record(_ event: TerminalEvent) {
        switch event {
        case .key(.character(let character)):
            switch steps.last {
            case .input(.type(let text))?: steps[steps.count - 1] = .input(.type(text + String(character)))
            case .input(.key(.character(let previous)))?: steps[steps.count - 1] = .input(.type(String(previous) + String(character)))
            default: steps.append(.input(.key(.character(character))))
            }
        case .key(let key): steps.append(.input(.key(key)))
        case .click(let column, let row): steps.append(.input(.click(column: column, row: row)))
        case .scrollUp: steps.append(.input(.scroll(up: true)))
        case .scrollDown: steps.append(.input(.scroll(up: false)))
        case .resize(let columns, let rows): steps.append(.input(.resize(columns: columns, rows: rows)))
        case .terminate(let signal): steps.append(.input(.signal(signal)))
        // Where the terminal's focus is changes only which protocol images show, never what the
        // app does: a tape replays headless, without images.
        case .focus: break
        }
    }

    // MARK: Observations

    private func note(_ verb: String, _ detail: String) {
        let observation = TapeObservation(verb: verb, detail: detail)
        observations.append(observation)
        steps.append(.expect(observation))
    }

    private func record(_ event: EventLog.Event) {
        switch event {
        case .hook(let trace):
            if Self.records(trace) { note("hook", trace.line) }
        case .traceLost(let count):
            note("hook", "\(count) trace steps were dropped before they were recorded")
        case .screen(let verb, let id):
            note(verb, id)
        case .pane(let title, let hook):
            note("pane", "\(TapeText.quoted(title)) (\(hook))")
        case .answer(let button, let user):
            guard let button else { return note("answer", "cancel") }
            note("answer", TapeText.quoted(button) + (user.map { " as \($0)" } ?? ""))
        case .blocked(let identifier, let reason):
            note("blocked", "by \(identifier): \(reason)")
        case .unavailable(let reason):
            note("unavailable", reason)
        case .web(let url):
            note("web", url)
        }
    }
}
