import ZappCore

/// `ZappShell.ExternalHook`: runs the configured command per hook run.
struct ExternalHookFactory: PluginFactory {
    let settings: ExternalHook.Settings
    let environment: PluginEnvironment

    func makeScreenHook(context: HookContext) -> (any ScreenHook)? {
        ExternalHook(
            settings: settings, context: context, appFolder: environment.appFolder ?? context.app.folder,
            logger: environment.logger, runner: ProcessRunner(sleep: environment.sleep))
    }
}
