#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ZappCore
import ZappModel

/// `ZappShell.ExternalHook`: runs the configured command per hook run when the app is trusted
/// (`PluginEnvironment.commandTrust`); otherwise each run is a stand-in pane saying the command
/// was not run (`StandInHook`, role `commandNotRun`), its flow-blocker answer kept. A trusted
/// app's command runs from the private copy of its folder made while its trust was checked
/// (`CommandTrust.snapshot`): in the copy, with a word naming the app folder by its absolute
/// path pointed at the copy, so a file changed in the folder afterwards never runs. The same
/// command serves the screen hook and the startup phases.
struct ExternalHookFactory: PluginFactory {
    let configuration: PluginConfiguration
    let settings: ExternalHook.Settings
    let environment: PluginEnvironment

    init(configuration: PluginConfiguration, settings: ExternalHook.Settings, environment: PluginEnvironment) {
        self.configuration = configuration
        self.settings = settings
        self.environment = environment
    }

    /// A command that may run has no UI and is waited for; one that may not is a stand-in pane.
    func hookTraits(_ plugin: PluginConfiguration, hookScreen: ScreenModel?) -> HookTraits? {
        let notRun = environment.commandTrust.notRunLine
        return HookTraits(kind: .external, hasUI: notRun != nil, isFlowBlocker: settings.isFlowBlocker, notRunLine: notRun)
    }

    func makeScreenHook(context: HookContext) -> (any ScreenHook)? {
        if let notRunLine = environment.commandTrust.notRunLine {
            return StandInHook(
                context: context,
                role: .commandNotRun(command: settings.command, notRunLine: notRunLine, isFlowBlocker: settings.isFlowBlocker))
        }
        return ExternalHook(
            command: command(context.plugin.identifier, folder: environment.appFolder ?? context.app.folder),
            context: context)
    }

    /// Startup hooks of a plugin with `require_startup_execution`: the command per phase.
    var appLoadingHook: (any AppLoadingHook)? {
        ExternalStartupHook(
            configuration: configuration, command: command(configuration.identifier, folder: environment.appFolder),
            notRunLine: { [environment] in environment.commandTrust.notRunLine })
    }

    /// The command as it runs: in the trusted copy of the app folder when there is one.
    private func command(_ identifier: String, folder: URL?) -> ExternalCommand {
        var settings = self.settings
        var folder = folder
        if let snapshot = environment.commandTrust.snapshot {
            if let original = folder.flatMap({ FileSystem.resolvedPath($0.path) }) {
                settings.command = settings.command.map { Self.word($0, movedFrom: original, to: snapshot.folder.path) }
            }
            folder = snapshot.folder
        }
        return ExternalCommand(
            identifier: identifier, settings: settings, appFolder: folder, logger: environment.logger,
            runner: ProcessRunner(clock: environment.clock))
    }

    /// `word` with the prefix `original` (the app folder's real path) replaced by `copy`.
    static func word(_ word: String, movedFrom original: String, to copy: String) -> String {
        guard word.utf8.elementsEqual(original.utf8) || word.utf8.starts(with: (original + "/").utf8) else { return word }
        return copy + String(decoding: word.utf8.dropFirst(original.utf8.count), as: UTF8.self)
    }
}
