import ZappCore
import ZappModel

/// Screens not decoded yet (a large river, scanned at load: `ScreenList`) in the update: the
/// update reads decoded screens only. An event whose handling wants another (the frame after
/// it shows one, a search may find one, post hooks read one) leaves the model as it was and
/// waits, with every event after it, while the runtime decodes those screens off the main
/// actor (`.decodeScreens`); `.screensDecoded` stores them and the events go on in order
/// (ARCHITECTURE.md, "The loop").
extension ShellUpdate {
    /// Applies `event` on a copy of the model when some screen is not decoded yet, and keeps
    /// the copy only when it wanted none (`ShellModel.screensWanted`).
    static func applyWaitingForScreens(
        _ event: ShellEvent, _ model: inout ShellModel, apply: (inout ShellModel) -> [ShellEffect]
    ) -> [ShellEffect] {
        if case .screensDecoded(let screens, let generation) = event {
            return screensDecoded(screens, generation: generation, &model)
        }
        if !model.heldEvents.isEmpty, !quitsAtOnce(event) {
            model.heldEvents.append(event)
            return []
        }
        guard model.view.app.screens.hasUndecoded else { return apply(&model) }
        var next = model
        let effects = apply(&next)
        guard !next.screensWanted.isEmpty else {
            model = next
            return effects
        }
        model.heldEvents = [event]
        return [.decodeScreens(positions: next.screensWanted.sorted(), of: model.view.app.screens, generation: model.appGeneration)]
    }

    /// Stores the decoded screens and lets the held events go on, in order (one may wait again).
    private static func screensDecoded(_ screens: [Int: ScreenModel], generation: Int, _ model: inout ShellModel) -> [ShellEffect] {
        if generation == model.appGeneration { model.view.app.store(screens) }
        let held = model.heldEvents
        model.heldEvents = []
        return held.flatMap { update(&model, $0) }
    }

    /// Ctrl-C and a termination signal never wait.
    private static func quitsAtOnce(_ event: ShellEvent) -> Bool {
        switch event {
        case .terminal(.key(.control("c"))), .terminal(.terminate): true
        default: false
        }
    }

    /// The screen `id` (river or synthetic) when decoded; a river screen not decoded yet is
    /// wanted (the event waits for it) and nil.
    static func decodedScreen(id: String, _ model: inout ShellModel) -> ScreenModel? {
        if let screen = model.view.app.anyDecodedScreen(id: id) { return screen }
        if let position = model.view.app.position(ofID: id) { model.screensWanted.insert(position) }
        return nil
    }

    /// Wants the screens a search may find in (`ScreenList.Search.undecoded`); the match otherwise.
    static func found<Match>(_ search: ScreenList.Search<Match>, _ model: inout ShellModel) -> Match? {
        switch search {
        case .found(let match): return match
        case .notFound: return nil
        case .undecoded(let positions):
            model.screensWanted.formUnion(positions)
            return nil
        }
    }
}

extension ShellViewState {
    /// The positions of the screens not decoded yet that the frame would read: the screen on
    /// screen and those its screen pickers' selected tabs nest (as `ScreenPickerLayout` reads
    /// them: a target at every depth, nested two deep), and while "go to" lists the screens,
    /// those that may name a hook screen (`goToCandidates`).
    var undecodedScreensShown: Set<Int> {
        let screens = app.screens
        guard screens.hasUndecoded else { return [] }
        if case .goTo = overlay {
            return Set((hookNamingPositions ?? screens.positions(mayHolding: "screen_id")).filter { !screens.isDecoded($0) })
        }
        var wanted: Set<Int> = []
        var visited: Set<String> = []
        func read(_ id: String, depth: Int) {
            guard let position = app.position(ofID: id) else { return }
            guard screens.isDecoded(position) else {
                wanted.insert(position)
                return
            }
            guard depth <= 2, visited.insert(id).inserted else { return }
            let screen = screens[position]
            for component in screen.orderedComponents where component.componentType == ScreenPickerLayout.type {
                let items = ComponentItem.items(of: component)
                guard !items.isEmpty else { continue }
                let selected = min(max(0, pickerTabs[ComponentItem.pickerKey(component, in: screen)] ?? 0), items.count - 1)
                if let target = items[selected].target, !target.isWebURL { read(target, depth: depth + 1) }
            }
        }
        if let current = navigation.currentScreenID { read(current, depth: 0) }
        return wanted
    }
}
