import ZappCore
import ZappModel

/// The stand-in for a pre- or post-hook plugin whose class is not built into ZappShell (a real
/// app's own gates: `PrehookExample.HookManager`, parental gates, paywalls), so that gating can
/// be tried instead of being waved through.
///
/// A hook with UI shows a pane naming the plugin and its class, saying that it is not built
/// into ZappShell, with Continue (success, the default), Fail (failure) and Esc (the user
/// closes the hook: cancel). Whether a failure blocks the target: `configuration_json.is_flow_blocker`
/// (`"1"`, `1`, `true`, ...) when set, else the manager's resolution (the hook screen's
/// `general.is_flow_blocker`, then the manifest's defaults).
///
/// Which unknown hooks have UI: those whose manifest says `preload: true` or `screen: true`,
/// and any hook entry that names a hook screen (`screen_id`). The rest (analytics-only
/// classes, players, general plugins never meant as hooks) answer success at once, with a
/// note in the trace.
final class StandInHook: ScreenHook {
    static let continueButton = "Continue"
    static let failButton = "Fail"
    /// The failure reason of Fail.
    static let failureReason = "Stand-in answered Fail"

    private let context: HookContext

    init(context: HookContext) {
        self.context = context
    }

    /// Whether an unknown hook of this configuration (and hook screen) shows a pane.
    static func hasUI(_ plugin: PluginConfiguration, hookScreen: ScreenModel?) -> Bool {
        plugin.manifest.preload || plugin.manifest.isScreen || hookScreen != nil
    }

    var isFlowBlocker: Bool? { context.plugin.configuration["is_flow_blocker"]?.boolValue }
    var hasUI: Bool { Self.hasUI(context.plugin, hookScreen: context.hookScreen) }
    var completesWithoutWaiting: Bool { !hasUI }

    private var className: String { context.plugin.manifest.api.className ?? "(no api.class_name)" }

    /// What a failure does, by the manager's flow-blocker rule: "flow blocker: stops the
    /// navigation when it fails" or "not a flow blocker".
    var flowBlockerNote: String {
        HookResolution.flowBlocker(own: isFlowBlocker, context.plugin, hookScreen: context.hookScreen).value
            ? "Flow blocker: stops the navigation when it fails" : "Not a flow blocker"
    }

    func executeHook(dataDict: JSONObject?) async -> HookOutcome {
        guard hasUI else {
            context.reportWarning("stand-in: \(className) is not built into ZappShell and has no UI; answered success")
            return .succeeded(dataDict: dataDict)
        }
        let manifest = context.plugin.manifest
        let name = manifest.name.isEmpty ? context.plugin.identifier : manifest.name
        let plugin = "\(name) (\(context.plugin.identifier))"
        var message = manifest.api.className.map { "\(plugin) has class \($0), which is not built into ZappShell." }
            ?? "\(plugin) names no class (its manifest has no api.class_name), so ZappShell cannot run it."
        if let screen = context.hookScreen { message += " Hook screen: \(screen.name.isEmpty ? screen.id : screen.name)." }
        message += " Answer for it: Continue succeeds, Fail fails, Esc cancels. " + flowBlockerNote + "."
        let session = await context.presenter.show(Pane(
            hookIdentifier: context.plugin.identifier, title: "Stand-in: \(name)", message: message,
            buttons: [Self.continueButton, Self.failButton]))
        switch await session.nextAnswer() {
        case .submitted(Self.failButton, _):
            await session.close()
            return .failed(reason: Self.failureReason, dataDict: dataDict)
        case .submitted:
            await session.close()
            return .succeeded(dataDict: dataDict)
        case .dismissed:
            return .failed(reason: ScreenHookManager.userClosedReason, dataDict: dataDict)
        }
    }
}

/// Makes a `StandInHook` per hook run for a plugin of an unknown class.
struct StandInFactory: PluginFactory {
    func makeScreenHook(context: HookContext) -> (any ScreenHook)? {
        StandInHook(context: context)
    }
}
