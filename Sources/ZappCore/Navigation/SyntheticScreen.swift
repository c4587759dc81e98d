import ZappModel

/// The white-label screens the shell provides itself (the SDK's Settings and EPG). They are
/// not in river.json, have no navigation bar (they use home's, its state forced `on_top`) and are
/// addressed by reserved ids.
public enum SyntheticScreen: String, Sendable, Hashable, CaseIterable {
    case settings = "__settings__"
    case epg = "__epg__"

    /// The screen model used for navigation and hooks (it has no hooks of its own).
    public var model: ScreenModel {
        switch self {
        case .settings: return ScreenModel(id: rawValue, name: "Settings", type: "applicaster_settings")
        case .epg: return ScreenModel(id: rawValue, name: "EPG", type: "applicaster_epg")
        }
    }

    /// The synthetic screen with this id, if it is one.
    public init?(screenID: String) {
        self.init(rawValue: screenID)
    }
}

extension ZappApp {
    /// A river screen or a synthetic white-label screen by id.
    public func anyScreen(id: String) -> ScreenModel? {
        SyntheticScreen(screenID: id)?.model ?? screen(id: id)
    }

    /// `anyScreen(id:)` when the river screen is decoded (the update's read: `ScreenList`).
    public func anyDecodedScreen(id: String) -> ScreenModel? {
        SyntheticScreen(screenID: id)?.model ?? decodedScreen(id: id)
    }

    /// Whether `anyScreen(id:)` finds a screen (without reading, or copying, it).
    public func hasAnyScreen(id: String) -> Bool {
        SyntheticScreen(screenID: id) != nil || hasScreen(id: id)
    }

    /// Like `anyScreen(id:)`, also matching river screen names and "Settings"/"EPG".
    public func anyScreen(idOrName key: String) -> ScreenModel? {
        if let screen = anyScreen(id: key) ?? screen(idOrName: key) { return screen }
        return SyntheticScreen.allCases.first { $0.model.name.lowercased() == key.lowercased() }?.model
    }
}

