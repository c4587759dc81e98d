import ZappCore
import ZappModel

/// The lock marks in the update: which screens a frame may mark (the root menu's, and the
/// go-to rows around the selection) that were never asked about, asked of the running app's
/// services (`.checkGates`) once per screen, app and session (a sign-in or out asks again: the
/// marks follow the session); the answer arrives as `.gatesChecked`. Nothing is worked out while
/// drawing.
extension ShellUpdate {
    /// Someone signed in or out: every mark is asked for again (those drawn stay until the
    /// answers replace them).
    static func sessionChanged(_ model: inout ShellModel) {
        model.gatesAsked = []
    }

    static func requestLockMarks(_ model: inout ShellModel) -> [ShellEffect] {
        guard model.marksGates, model.view.phase == .running else { return [] }
        var wanted = model.view.rootMenu.screenIDs
        if case .goTo(_, let selection) = model.view.overlay {
            let candidates = model.view.goToCandidates
            let first = max(0, min(selection, candidates.count) - model.rows)
            let last = min(candidates.count, selection + model.rows)
            if first < last { wanted += candidates[first..<last].map(\.id) }
        }
        var asked: [String] = []
        for screenID in wanted where !model.gatesAsked.contains(screenID) {
            model.gatesAsked.insert(screenID)
            asked.append(screenID)
        }
        return asked.isEmpty ? [] : [.checkGates(screenIDs: asked, generation: model.appGeneration)]
    }
}
