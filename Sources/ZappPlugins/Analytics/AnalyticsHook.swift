import Logging
import ZappCore
import ZappModel

/// `ZappShell.Analytics` as a screen hook: writes one log line per run (the target screen and
/// the keys of the dictionary, never its values) and hands the dictionary on unchanged.
/// It has no UI, never blocks and always succeeds.
final class AnalyticsHook: ScreenHook {
    private let context: HookContext
    private let logger: Logger

    init(context: HookContext, logger: Logger) {
        self.context = context
        self.logger = logger
    }

    var isFlowBlocker: Bool? { false }

    func executeHook(dataDict: JSONObject?) async -> HookOutcome {
        let keys = dataDict.map { $0.keys.isEmpty ? "(empty)" : $0.keys.joined(separator: ", ") } ?? "(none)"
        logger.info(
            "analytics \(context.plugin.identifier): screen event: opening \(context.target.id) \"\(context.target.name)\", dataDict keys: \(keys)"
        )
        return .succeeded(dataDict: dataDict)
    }
}

/// `ZappShell.Analytics` as a startup hook: one log line per startup phase.
final class AnalyticsStartupLog: AppLoadingHook {
    private let identifier: String
    private let logger: Logger

    init(identifier: String, logger: Logger) {
        self.identifier = identifier
        self.logger = logger
    }

    func executeOnLaunch() async { log("launch") }
    func executeOnFailedLoading() async { log("loading failed") }
    func executeOnApplicationReady() async { log("application ready") }
    func executeAfterAppRootPresentation() async { log("root presented") }
    func executeOnContinuingUserActivity(_ url: String) async { log("continuing user activity \(url)") }

    private func log(_ phase: String) {
        logger.info("analytics \(identifier): startup: \(phase)")
    }
}
