import Logging
import ZappCore
import ZappModel

/// `ZappShell.Analytics`: a logging screen hook and a logging startup hook.
struct AnalyticsFactory: PluginFactory {
    let identifier: String
    let logger: Logger

    func hookTraits(_ plugin: PluginConfiguration, hookScreen: ScreenModel?) -> HookTraits? {
        HookTraits(
            kind: .analytics, hasUI: false, completesWithoutWaiting: true,
            isFlowBlocker: HookTraits.configuredFlowBlocker(plugin))
    }

    func makeScreenHook(context: HookContext) -> (any ScreenHook)? {
        AnalyticsHook(context: context, logger: logger)
    }

    var appLoadingHook: (any AppLoadingHook)? {
        AnalyticsStartupLog(identifier: identifier, logger: logger)
    }
}
