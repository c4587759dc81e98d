import ZappCore

/// Keeping the model's event log (ARCHITECTURE.md, "Observing"): after each event, what the
/// app did in answer — hook steps read from the trace, panes shown, answers given, navigations
/// blocked, unavailable or sent to the web, and the screen reached — is logged in order.
extension ShellUpdate {
    /// Trace steps read by sequence: into the log, and their lines into the trace panel.
    static func traceAppended(_ slice: TraceSlice, _ model: inout ShellModel) {
        let first = model.log.lastSequence
        model.log.append(slice)
        let lines = model.log.entries(after: first).entries.compactMap(\.event.traceLine)
        model.view.traceLines.append(contentsOf: lines.suffix(ShellModel.traceCapacity))
        if model.view.traceLines.count > ShellModel.traceCapacity {
            model.view.traceLines.removeFirst(model.view.traceLines.count - ShellModel.traceCapacity)
        }
    }

    /// Logs what `event` and the `effects` the update returned for it did (an answer is logged
    /// when the user gives it, `answer(_:to:_:)`, whether or not its hook is waiting).
    static func log(_ event: ShellEvent, effects: [ShellEffect], _ model: inout ShellModel) {
        switch event {
        case .tick, .frameDrawn, .imagePartsWanted:
            // Neither moves a screen, shows a pane or answers one: nothing to log, on every frame.
            return
        case .paneShown(_, let pane):
            model.log.append(.pane(title: pane.title, hook: pane.hookIdentifier))
        case .navigationFinished(let activityID, _, let outcome):
            if model.log.cancelledActivities.remove(activityID) == nil { log(outcome, &model) }
        case .startupStepEnded(.presentRoot, .rootPresented(let result)):
            log(.navigation(result), &model)
        default:
            break
        }
        for case .cancelActivity(let id) in effects {
            model.log.cancelledActivities.insert(id)
        }
        logScreen(&model)
    }

    private static func log(_ outcome: NavigationOutcome, _ model: inout ShellModel) {
        switch outcome {
        case .navigation(.blocked(let identifier, let reason)), .tab(_, .revert(_, let identifier, let reason)):
            model.log.append(.blocked(identifier: identifier, reason: reason))
        case .navigation(.unavailable(let reason)):
            model.log.append(.unavailable(reason))
        case .navigation(.openURL(let url)):
            model.log.append(.web(url))
        case .navigation(.shown), .tab(_, .switchTo):
            break
        }
    }

    /// A sign-in is logged with the user it was submitted for (never the password).
    static func log(_ answer: PaneAnswer, to pane: Pane?, _ model: inout ShellModel) {
        switch answer {
        case .dismissed:
            model.log.append(.answer(button: nil, user: nil))
        case .submitted(let button, let values):
            var user: String?
            if let pane, pane.fields.contains(where: { $0.kind == .password }) {
                user = pane.fields.first(where: { $0.kind == .text }).flatMap { values[$0.key] }
            }
            model.log.append(.answer(button: button, user: user))
        }
    }

    /// Logs the screen on screen when it changed (once the app runs).
    private static func logScreen(_ model: inout ShellModel) {
        guard model.view.phase == .running, let id = model.view.navigation.currentScreenID else { return }
        let verb: String
        switch model.view.navigation.position {
        case .root: verb = "screen"
        case .pushed: verb = "pushed"
        case .presented: verb = "presented"
        }
        let text = "\(verb) \(id)"
        guard text != model.log.lastScreen else { return }
        model.log.lastScreen = text
        model.log.append(.screen(verb: verb, id: id))
    }
}
