import ZappCore

/// `ZappShell.ExternalHook`: runs the configured command per hook run when the app is trusted
/// (`PluginEnvironment.commandTrust`); otherwise each run is a stand-in pane saying the command
/// was not run (`StandInHook`, role `commandNotRun`), its flow-blocker answer kept.
struct ExternalHookFactory: PluginFactory {
    let settings: ExternalHook.Settings
    let environment: PluginEnvironment

    func makeScreenHook(context: HookContext) -> (any ScreenHook)? {
        if let notRunLine = environment.commandTrust.notRunLine {
            return StandInHook(
                context: context,
                role: .commandNotRun(command: settings.command, notRunLine: notRunLine, isFlowBlocker: settings.isFlowBlocker))
        }
        return ExternalHook(
            settings: settings, context: context, appFolder: environment.appFolder ?? context.app.folder,
            logger: environment.logger, runner: ProcessRunner(sleep: environment.sleep))
    }
}
