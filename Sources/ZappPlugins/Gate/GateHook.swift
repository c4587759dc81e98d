import ZappCore
import ZappModel

/// `ZappShell.Gate`: a pane before the target screen.
/// - `kind: terms`: `title`, `message`, buttons Accept / Decline. Accept hands on the dictionary
///   with `terms_accepted: true`; Decline fails with "Terms declined".
/// - `kind: pin`: a masked PIN field checked against `pin`; a wrong PIN shows "Wrong PIN" and
///   keeps the pane; the right one hands on `pin_verified: true`; Cancel fails.
///
/// Whether a failure blocks the target: `configuration_json.is_flow_blocker` when set, else the
/// manager's resolution (the hook screen's `general.is_flow_blocker`, then the manifest).
final class GateHook: ScreenHook {
    /// A gate's settings, read once per plugin from `configuration_json`.
    struct Settings: Sendable {
        enum Kind: Sendable, Equatable {
            case terms
            case pin(String)
        }

        var kind: Kind
        var title: String
        var message: String
        var isFlowBlocker: Bool?

        init(configuration: JSONObject) throws {
            let reader = ConfigurationReader(configuration)
            switch try reader.requiredString("kind") {
            case "terms":
                kind = .terms
                title = try reader.string("title") ?? "Terms of use"
                message = try reader.string("message") ?? "Accept the terms to continue."
            case "pin":
                let pin: String
                if let number = configuration["pin"]?.intValue, case .number = configuration["pin"] {
                    pin = String(number)
                } else {
                    pin = try reader.requiredString("pin")
                }
                kind = .pin(pin)
                title = try reader.string("title") ?? "Enter PIN"
                message = try reader.string("message") ?? "Enter the PIN to continue."
            case let other:
                throw PluginConfigurationError(
                    "\(reader.path(of: "kind")): expected \"terms\" or \"pin\", got \"\(other)\"")
            }
            isFlowBlocker = try reader.bool("is_flow_blocker")
        }
    }

    static let acceptButton = "Accept"
    static let declineButton = "Decline"
    static let unlockButton = "Unlock"
    static let cancelButton = "Cancel"
    static let pinKey = "pin"

    private let settings: Settings
    private let context: HookContext

    init(settings: Settings, context: HookContext) {
        self.settings = settings
        self.context = context
    }

    /// Its pane may not be shown: nobody accepted the terms or entered the PIN, so it fails.
    func executeHookWithoutPresentation(dataDict: JSONObject?) async -> HookOutcome {
        .failed(reason: "\(settings.title): its pane may not be shown, so nothing was accepted", dataDict: dataDict)
    }

    func executeHook(dataDict: JSONObject?) async -> HookOutcome {
        switch settings.kind {
        case .terms: return await askTerms(dataDict)
        case .pin(let pin): return await askPIN(pin, dataDict)
        }
    }

    private func askTerms(_ dataDict: JSONObject?) async -> HookOutcome {
        let session = await context.presenter.show(Pane(
            hookIdentifier: context.plugin.identifier, title: settings.title, message: settings.message,
            buttons: [Self.acceptButton, Self.declineButton]))
        switch await session.nextAnswer() {
        case .submitted(Self.acceptButton, _):
            await session.close()
            return .succeeded(dataDict: adding("terms_accepted", to: dataDict))
        case .submitted:
            await session.close()
            return .failed(reason: "Terms declined", dataDict: dataDict)
        case .dismissed:
            return .failed(reason: ScreenHookManager.userClosedReason, dataDict: dataDict)
        }
    }

    private func askPIN(_ pin: String, _ dataDict: JSONObject?) async -> HookOutcome {
        let session = await context.presenter.show(Pane(
            hookIdentifier: context.plugin.identifier, title: settings.title, message: settings.message,
            fields: [PaneField(key: Self.pinKey, label: "PIN", kind: .password)],
            buttons: [Self.unlockButton, Self.cancelButton]))
        while true {
            switch await session.nextAnswer() {
            case .submitted(Self.cancelButton, _):
                // Cancel closes the pane as Esc does, with the same reason.
                await session.close()
                return .failed(reason: ScreenHookManager.userClosedReason, dataDict: dataDict)
            case .submitted(_, let values):
                guard (values[Self.pinKey] ?? "").trimmingWhitespace == pin else {
                    await session.showError("Wrong PIN")
                    continue
                }
                await session.close()
                return .succeeded(dataDict: adding("pin_verified", to: dataDict))
            case .dismissed:
                return .failed(reason: ScreenHookManager.userClosedReason, dataDict: dataDict)
            }
        }
    }

    private func adding(_ key: String, to dataDict: JSONObject?) -> JSONObject {
        var result = dataDict ?? [:]
        result[key] = true
        return result
    }
}
