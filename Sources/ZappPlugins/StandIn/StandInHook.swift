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
///
/// It also stands in for an external hook whose command may not run (`CommandTrust`): always
/// with a pane, saying the command was not run and how to trust the app, and the not-run line
/// in the trace, so that gating stays testable by hand.
final class StandInHook: ScreenHook {
    /// What the stand-in stands in for.
    enum Role: Sendable {
        /// A plugin of a class not built into ZappShell.
        case unknownClass
        /// An external hook whose `command` was not run: `notRunLine` says why
        /// (`CommandTrust.notRunLine`), `isFlowBlocker` is the hook's own answer.
        case commandNotRun(command: [String], notRunLine: String, isFlowBlocker: Bool?)
    }

    static let continueButton = "Continue"
    static let failButton = "Fail"
    /// The failure reason of Fail.
    static let failureReason = "Stand-in answered Fail"

    private let context: HookContext
    private let role: Role

    init(context: HookContext, role: Role = .unknownClass) {
        self.context = context
        self.role = role
    }

    /// Whether an unknown hook of this configuration (and hook screen) shows a pane.
    static func hasUI(_ plugin: PluginConfiguration, hookScreen: ScreenModel?) -> Bool {
        plugin.manifest.preload || plugin.manifest.isScreen || hookScreen != nil
    }

    private var isFlowBlocker: Bool? {
        if case .commandNotRun(_, _, let own) = role { return own }
        return HookTraits.configuredFlowBlocker(context.plugin)
    }

    private var notRunLine: String? {
        if case .commandNotRun(_, let line, _) = role { return line }
        return nil
    }

    private var hasUI: Bool {
        if case .commandNotRun = role { return true }
        return Self.hasUI(context.plugin, hookScreen: context.hookScreen)
    }

    private var className: String { context.plugin.manifest.api.className ?? "(no api.class_name)" }

    /// What a failure does, by the manager's flow-blocker rule: "flow blocker: stops the
    /// navigation when it fails" or "not a flow blocker".
    var flowBlockerNote: String {
        HookResolution.flowBlocker(own: isFlowBlocker, context.plugin, hookScreen: context.hookScreen).value
            ? "Flow blocker: stops the navigation when it fails" : "Not a flow blocker"
    }

    /// Always shown; a command not run says so in the trace first (here, since `trace` answers a
    /// pane by its script without running the hook).
    func requestScreenPluginPresentation() async -> Bool {
        if let notRunLine { context.reportWarning(notRunLine) }
        return true
    }

    func executeHook(dataDict: JSONObject?) async -> HookOutcome {
        guard hasUI else {
            context.reportWarning("stand-in: \(className) is not built into ZappShell and has no UI; answered success")
            return .succeeded(dataDict: dataDict)
        }
        let manifest = context.plugin.manifest
        let name = manifest.name.isEmpty ? context.plugin.identifier : manifest.name
        let plugin = "\(name) (\(context.plugin.identifier))"
        let title: String
        var message: String
        switch role {
        case .unknownClass:
            title = "Stand-in: \(name)"
            message = manifest.api.className.map { "\(plugin) has class \($0), which is not built into ZappShell." }
                ?? "\(plugin) names no class (its manifest has no api.class_name), so ZappShell cannot run it."
        case .commandNotRun(let command, let notRunLine, _):
            title = "Not run: \(name)"
            message = "\(plugin) would run \(Self.shown(command)). It was NOT run — "
                + notRunLine.dropFirst(CommandTrust.notRunPrefix.count) + "."
        }
        if let screen = context.hookScreen { message += " Hook screen: \(screen.name.isEmpty ? screen.id : screen.name)." }
        message += " Answer for it: Continue succeeds, Fail fails, Esc cancels. " + flowBlockerNote + "."
        let session = await context.presenter.show(Pane(
            hookIdentifier: context.plugin.identifier, title: title, message: message,
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

extension StandInHook {
    /// A command as one line: its words, quoted where they hold a space or nothing.
    static func shown(_ command: [String]) -> String {
        command.map { $0.isEmpty || $0.contains(where: \.isWhitespace) ? Quoted.value($0, limit: 200) : $0 }.joined(separator: " ")
    }
}

/// Makes a `StandInHook` per hook run for a plugin of an unknown class, and answers its startup
/// phases when its manifest requires startup execution.
struct StandInFactory: PluginFactory {
    /// The manifest's class (nil: none).
    let className: String?

    var appLoadingHook: (any AppLoadingHook)? { StandInStartupHook(className: className) }

    func hookTraits(_ plugin: PluginConfiguration, hookScreen: ScreenModel?) -> HookTraits? {
        let hasUI = StandInHook.hasUI(plugin, hookScreen: hookScreen)
        return HookTraits(
            kind: .standIn, hasUI: hasUI, completesWithoutWaiting: !hasUI,
            isFlowBlocker: HookTraits.configuredFlowBlocker(plugin))
    }

    func makeScreenHook(context: HookContext) -> (any ScreenHook)? {
        StandInHook(context: context)
    }
}

/// The startup hook of a plugin whose class is not built in: every phase is a visible step of
/// the startup trace, answered success at once.
final class StandInStartupHook: AppLoadingHook {
    private let className: String?

    init(className: String?) {
        self.className = className
    }

    func execute(_ phase: StartupHookPhase, context: StartupContext) async -> String? {
        "stand-in: \(className ?? "(no api.class_name)") is not built into ZappShell; answered success"
    }
}
