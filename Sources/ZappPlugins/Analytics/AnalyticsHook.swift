import Logging
import ZappCore
import ZappModel

/// `ZappShell.Analytics` as a screen hook: writes one log line per run (the target screen and
/// the keys of the dictionary, never its values) and hands the dictionary on unchanged.
/// It has no UI and always succeeds, so the manager runs it inline (`AnalyticsFactory`'s traits).
final class AnalyticsHook: ScreenHook {
    /// What the log line names, kept instead of the whole context (a hook is made for every run).
    private let identifier: String
    private let targetID: String
    private let targetName: String
    private let logger: Logger

    init(context: HookContext, logger: Logger) {
        identifier = context.plugin.identifier
        targetID = context.target.id
        targetName = context.target.name
        self.logger = logger
    }

    func executeHook(dataDict: JSONObject?) async -> HookOutcome {
        // The message is made only when the logger writes it.
        logger.info(
            "analytics \(identifier): screen event: opening \(targetID) \"\(targetName)\", dataDict keys: \(Self.describeKeys(of: dataDict))")
        return .succeeded(dataDict: dataDict)
    }

    /// "a, b", "(empty)", or "(none)" without a dictionary.
    private static func describeKeys(of dataDict: JSONObject?) -> String {
        dataDict.map { $0.keys.isEmpty ? "(empty)" : $0.keys.joined(separator: ", ") } ?? "(none)"
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
