import ZappCore

/// Turns what the runtime shows its observer (`ShellObservation`, after each event) into tape
/// steps: the user's input as it reached the update, and what the app did in answer — the
/// screen reached (from the model's navigation), panes shown and answered (from the events and
/// the effects the update returned), hook outcomes (from the trace, read when the navigation
/// that ran them reports its end, so they come in the same place on every run) and navigations
/// blocked or unavailable. It keeps no state of the app beside the model: only what it needs to
/// word a line (the panes it saw, the last screen it wrote). `run --record` writes its steps as a
/// tape; `replay` compares its observations with a tape's (`TapePlayer`).
@MainActor
public final class TapeRecorder {
    /// Inputs and observations, in the order they happened (consecutive characters typed
    /// become one `type` step).
    public private(set) var steps: [TapeStep.Action] = []
    /// The observations alone.
    public private(set) var observations: [TapeObservation] = []
    /// The terminal's size when the first event came (the tape's `size`).
    public private(set) var size: (columns: Int, rows: Int)?
    private var panes: [Int: Pane] = [:]
    /// Panes answered whose hook has not reacted yet (closed the pane or shown an error).
    private var answered: Set<Int> = []
    private var lastScreen: String?
    private var cancelledActivities: Set<Int> = []
    private var trace: (log: ObjectIdentifier, seen: Int)?

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
        switch observation.event {
        case .terminal(let event):
            record(event)
        case .paneShown(let id, let pane):
            panes[id] = pane
            note("pane", "\(TapeText.quoted(pane.title)) (\(pane.hookIdentifier))")
        case .navigationFinished(let activityID, _, let outcome):
            readTrace(observation.trace)
            if !cancelledActivities.contains(activityID) { record(outcome) }
        case .rootPresented(let result):
            readTrace(observation.trace)
            record(.navigation(result))
        case .postHooksFinished, .startupEnded, .linkedScreenPresented:
            readTrace(observation.trace)
        case .paneError(let id, _), .paneClosed(let id):
            answered.remove(id)
        default:
            break
        }
        for effect in observation.effects {
            switch effect {
            case .answerPane(let id, let answer):
                answered.insert(id)
                record(answer, to: panes[id])
            case .cancelActivity(let id): cancelledActivities.insert(id)
            default: break
            }
        }
        noteScreen(observation.model)
    }

    /// Whether a pane on screen was answered and its hook has not reacted yet: the app is not
    /// waiting for the user then, even though the pane is still shown.
    public func awaitsHook(_ model: ShellModel) -> Bool {
        !answered.isEmpty && model.view.panes.contains { answered.contains($0.id) }
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
        }
    }

    // MARK: Observations

    private func note(_ verb: String, _ detail: String) {
        let observation = TapeObservation(verb: verb, detail: detail)
        observations.append(observation)
        steps.append(.expect(observation))
    }

    private func record(_ outcome: NavigationOutcome) {
        switch outcome {
        case .navigation(.blocked(let identifier, let reason)), .tab(_, .revert(_, let identifier, let reason)):
            note("blocked", "by \(identifier): \(reason)")
        case .navigation(.unavailable(let reason)):
            note("unavailable", reason)
        case .navigation(.openURL(let url)):
            note("web", url)
        case .navigation(.shown), .tab(_, .switchTo):
            break
        }
    }

    /// A sign-in is worded with the user it was submitted for (the password is in the keys typed).
    private func record(_ answer: PaneAnswer, to pane: Pane?) {
        switch answer {
        case .dismissed:
            note("answer", "cancel")
        case .submitted(let button, let values):
            var detail = TapeText.quoted(button)
            if let pane, pane.fields.contains(where: { $0.kind == .password }),
                let user = pane.fields.first(where: { $0.kind == .text }).flatMap({ values[$0.key] })
            {
                detail += " as \(user)"
            }
            note("answer", detail)
        }
    }

    /// Hook outcomes appended to the trace since it was last read.
    private func readTrace(_ log: TraceLog) {
        let entries = log.entries
        let identity = ObjectIdentifier(log)
        var seen = trace?.log == identity ? trace?.seen ?? 0 : 0
        // The log keeps its newest entries only: after a trim the count restarts lower.
        if seen > entries.count { seen = entries.count }
        for entry in entries[seen...] where Self.records(entry) {
            note("hook", entry.line)
        }
        trace = (identity, entries.count)
    }

    /// A line when the screen on screen changed (once the app runs).
    private func noteScreen(_ model: ShellModel) {
        guard model.view.phase == .running, let id = model.view.navigation.currentScreenID else { return }
        let verb: String
        switch model.view.navigation.position {
        case .root: verb = "screen"
        case .pushed: verb = "pushed"
        case .presented: verb = "presented"
        }
        let text = "\(verb) \(id)"
        guard text != lastScreen else { return }
        lastScreen = text
        note(verb, id)
    }
}
