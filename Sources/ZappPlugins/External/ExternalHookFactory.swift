#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ZappCore

/// `ZappShell.ExternalHook`: runs the configured command per hook run when the app is trusted
/// (`PluginEnvironment.commandTrust`); otherwise each run is a stand-in pane saying the command
/// was not run (`StandInHook`, role `commandNotRun`), its flow-blocker answer kept. A trusted
/// command is looked at again before each run: when it, the program it resolves to or a file it
/// names changed since the app's services were built, it is not run either.
struct ExternalHookFactory: PluginFactory {
    let settings: ExternalHook.Settings
    let environment: PluginEnvironment
    /// The command as it was when the app was found trusted; nil when it is not.
    private let trusted: AppCommands.Command?

    init(identifier: String, settings: ExternalHook.Settings, environment: PluginEnvironment) {
        self.settings = settings
        self.environment = environment
        trusted = environment.commandTrust.isTrusted
            ? AppCommands.command(identifier, settings.command, folder: environment.appFolder) : nil
    }

    func makeScreenHook(context: HookContext) -> (any ScreenHook)? {
        let folder = environment.appFolder ?? context.app.folder
        if let notRunLine = notRunLine(identifier: context.plugin.identifier, folder: folder) {
            return StandInHook(
                context: context,
                role: .commandNotRun(command: settings.command, notRunLine: notRunLine, isFlowBlocker: settings.isFlowBlocker))
        }
        return ExternalHook(
            settings: settings, context: context, appFolder: folder,
            logger: environment.logger, runner: ProcessRunner(clock: environment.clock))
    }

    /// Why this run may not start the command, or nil when it may.
    private func notRunLine(identifier: String, folder: URL?) -> String? {
        if let line = environment.commandTrust.notRunLine { return line }
        guard let trusted, AppCommands.command(identifier, settings.command, folder: environment.appFolder) == trusted else {
            let shown = folder.map(\.path) ?? "the app"
            return CommandTrust.untrusted(app: shown, reason: .changed).notRunLine
        }
        return nil
    }
}
