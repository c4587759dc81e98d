import ZappCore

/// Keys while a hook pane is on top: it has the keyboard until it closes. Answers reach a hook
/// only when it asks (ARCHITECTURE.md, "Panes"): the pane keeps those given before, so the
/// runtime keeps none.
extension ShellUpdate {
    /// The longest text a pane field accepts.
    static let fieldLimit = 256

    static func handlePaneKey(_ key: Key, _ model: inout ShellModel) -> [ShellEffect] {
        guard let last = model.view.panes.indices.last else { return [] }
        var pane = model.view.panes[last]
        let count = pane.focusCount
        switch key {
        case .escape:
            return dismissPane(&model)
        case .tab, .down:
            if count > 0 { pane.focusIndex = (pane.focusIndex + 1) % count }
        case .backTab, .up:
            if count > 0 { pane.focusIndex = (pane.focusIndex - 1 + count) % count }
        case .left, .right:
            guard let button = pane.focusedButton, !pane.pane.buttons.isEmpty else { break }
            let step = key == .right ? 1 : -1
            let next = min(max(button + step, 0), pane.pane.buttons.count - 1)
            pane.focusIndex = pane.pane.fields.count + next
        case .enter:
            model.view.panes[last] = pane
            guard !pane.isBusy, !pane.pane.buttons.isEmpty else { return [] }
            return pressPaneButton(pane.focusedButton ?? 0, &model)
        case .backspace, .delete:
            if let field = pane.focusedField, !pane.values[field].isEmpty { pane.values[field].removeLast() }
        case .control("u"):
            if let field = pane.focusedField { pane.values[field] = "" }
        case .character(let character):
            if let field = pane.focusedField {
                if pane.values[field].count < fieldLimit { pane.values[field].append(character) }
            } else if character == " ", let button = pane.focusedButton {
                model.view.panes[last] = pane
                return pressPaneButton(button, &model)
            } else if character == "q" {
                return quit(&model, status: 0)
            }
        default:
            break
        }
        model.view.panes[last] = pane
        return []
    }

    /// Submits the top pane with one of its buttons; the hook receives the field values.
    static func pressPaneButton(_ index: Int, _ model: inout ShellModel) -> [ShellEffect] {
        guard let last = model.view.panes.indices.last else { return [] }
        let pane = model.view.panes[last]
        guard index >= 0, index < pane.pane.buttons.count, !pane.isBusy else { return [] }
        model.view.panes[last].error = nil
        model.hasSubmittedPane = true
        return answer(.submitted(button: pane.pane.buttons[index], values: pane.valuesByKey), to: pane, &model)
    }

    /// Closes the top pane at once; the hook sees it disappear (a failure for the hook manager).
    /// While the hook is busy with an answer (checking a password) it is not listening for the
    /// next one, so its navigation is cancelled as well.
    static func dismissPane(_ model: inout ShellModel) -> [ShellEffect] {
        guard let pane = model.view.panes.popLast() else { return [] }
        var effects = answer(.dismissed, to: pane, &model)
        if pane.isBusy, let activity = model.activity { effects.append(.cancelActivity(activityID: activity.id)) }
        return effects
    }

    /// The user answered `pane` (logged now, with its pane): handed to its hook when it is
    /// waiting, else queued on the pane while it stays (a dismissal needs no queue: the pane
    /// is gone, and a hook asking about a pane no longer shown gets `.dismissed`).
    static func answer(_ answer: PaneAnswer, to pane: PaneState, _ model: inout ShellModel) -> [ShellEffect] {
        model.answeredPanes.insert(pane.id)
        log(answer, to: pane.pane, &model)
        if model.panesAwaitingAnswer.remove(pane.id) != nil { return [.answerPane(id: pane.id, answer: answer)] }
        if let index = model.view.panes.firstIndex(where: { $0.id == pane.id }) {
            model.view.panes[index].queuedAnswers.append(answer)
        }
        return []
    }

    /// The hook of pane `id` asks for the user's next answer: the oldest queued, `.dismissed`
    /// when the pane is no longer shown, else it waits for the user.
    static func paneAwaitingAnswer(_ id: Int, _ model: inout ShellModel) -> [ShellEffect] {
        guard let index = model.view.panes.firstIndex(where: { $0.id == id }) else {
            model.panesAwaitingAnswer.remove(id)
            return [.answerPane(id: id, answer: .dismissed)]
        }
        guard !model.view.panes[index].queuedAnswers.isEmpty else {
            model.panesAwaitingAnswer.insert(id)
            return []
        }
        return [.answerPane(id: id, answer: model.view.panes[index].queuedAnswers.removeFirst())]
    }
}
