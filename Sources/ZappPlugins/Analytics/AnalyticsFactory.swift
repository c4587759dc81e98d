import Logging
import ZappCore

/// `ZappShell.Analytics`: a logging screen hook and a logging startup hook.
struct AnalyticsFactory: PluginFactory {
    let identifier: String
    let logger: Logger

    func makeScreenHook(context: HookContext) -> (any ScreenHook)? {
        AnalyticsHook(context: context, logger: logger)
    }

    var appLoadingHook: (any AppLoadingHook)? {
        AnalyticsStartupLog(identifier: identifier, logger: logger)
    }
}
