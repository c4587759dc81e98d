import ZappModel
import ZappCore

/// Demo controls: `s` / `p` / `S` cycle the current bar's style, presentation and state live.
extension ShellUpdate {
    enum BarProperty {
        case style, presentation, state
    }

    static func cycleBar(_ property: BarProperty, _ model: inout ShellModel) -> [ShellEffect] {
        guard let screenID = model.view.navigation.currentScreenID, let bar = model.view.currentBar else { return [] }
        var override = model.view.barOverrides[screenID] ?? BarOverride()
        let message: String
        switch property {
        case .style:
            let next = following(bar.style, in: BarStyle.allCases)
            override.style = next
            message = "Bar style: \(next.rawValue)"
        case .presentation:
            let next = following(bar.presentation, in: PresentationStyle.allCases)
            override.presentation = next
            message = "Bar presentation: \(next.rawValue)"
        case .state where bar.usesHomeFallback:
            model.notify("Bar state: on_top (this screen uses home's bar, always on top)")
            return []
        case .state:
            let next = following(bar.state, in: BarState.allCases)
            override.state = next
            message = "Bar state: \(next.rawValue)"
        }
        model.view.barOverrides[screenID] = override
        clampSelections(&model)
        model.notify(message)
        return []
    }

    private static func following<Value: Equatable>(_ value: Value, in all: [Value]) -> Value {
        guard let index = all.firstIndex(of: value) else { return all[0] }
        return all[(index + 1) % all.count]
    }
}
