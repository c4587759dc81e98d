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
/// (`CommandTrust.trustedCopy`): in the copy, with a word naming the app folder by its absolute
/// path pointed at the copy, so a file changed in the folder afterwards never runs.
struct ExternalHookFactory: PluginFactory {
    let settings: ExternalHook.Settings
    let environment: PluginEnvironment

    init(identifier: String, settings: ExternalHook.Settings, environment: PluginEnvironment) {
        self.settings = settings
        self.environment = environment
    }

    func makeScreenHook(context: HookContext) -> (any ScreenHook)? {
        if let notRunLine = environment.commandTrust.notRunLine {
            return StandInHook(
                context: context,
                role: .commandNotRun(command: settings.command, notRunLine: notRunLine, isFlowBlocker: settings.isFlowBlocker))
        }
        var settings = self.settings
        var folder = environment.appFolder ?? context.app.folder
        if let snapshot = environment.commandTrust.snapshot {
            if let original = folder.flatMap({ FileSystem.resolvedPath($0.path) }) {
                settings.command = settings.command.map { Self.word($0, movedFrom: original, to: snapshot.folder.path) }
            }
            folder = snapshot.folder
        }
        return ExternalHook(
            settings: settings, context: context, appFolder: folder,
            logger: environment.logger, runner: ProcessRunner(clock: environment.clock))
    }

    /// `word` with the prefix `original` (the app folder's real path) replaced by `copy`.
    static func word(_ word: String, movedFrom original: String, to copy: String) -> String {
        guard word.utf8.elementsEqual(original.utf8) || word.utf8.starts(with: (original + "/").utf8) else { return word }
        return copy + String(decoding: word.utf8.dropFirst(original.utf8.count), as: UTF8.self)
    }
}
