#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization
import ZappCore
import ZappModel
import ZappPlugins

/// Whether a loaded app's commands may run (`CommandTrust`), decided once per load of the app
/// (`run` decides again on every reload, so a changed file stops its commands running):
/// - an http(s) app: never;
/// - the bundled demo app with its own plugin list: always. It ships with the binary, so whoever
///   can change it can change zapp-shell itself; there is nothing to record;
/// - any other local app: when `trusted-apps.json` in the default state directory (never a run's
///   `--state-dir`: trust is the user's, not a session's) holds its folder with the digest of
///   exactly its commands now (`TrustStore`, `zapp-shell trust`).
enum AppTrust {
    /// The decision for `app`, loaded from `argument` (APP as typed) with `plugins` (`--plugins`):
    /// the folder is read and digested once, on a lane of the blocking-work pool, into the private copy its
    /// commands then run from (`TrustStore.decide`). The rest runs where the caller runs: the demo's
    /// and a remote app's decisions are made without a thread switch (at the start, a first one
    /// would hand the main actor to a new worker thread before the first frame).
    nonisolated(nonsending) static func decide(app: ZappApp, argument: String?, plugins: String?, stateDirectory: URL) async -> CommandTrust {
        let shown = shownArguments(argument, plugins: plugins)
        if case .remote(let url) = AppLocation(argument: argument) {
            return .untrusted(app: url.absoluteString, reason: .remote)
        }
        guard let folder = app.folder else {
            return .untrusted(app: shown, reason: app.remoteFolder == nil ? .undecided : .remote)
        }
        if plugins == nil, isBundledDemo(folder) { return .trusted }
        return await BlockingWork.run {
            TrustStore(stateDirectory: stateDirectory).decide(folder: folder, commands: AppCommands(app: app), shownAs: shown)
        }
    }

    /// The warning `run` lists (`w`) for an app with commands that will not run (`trust`, its
    /// decision); none otherwise.
    static func warnings(app: ZappApp, plugins: String?, trust: CommandTrust) -> [String] {
        guard app.plugins.contains(where: { $0.manifest.api.className == BuiltInPluginClass.externalHook.rawValue }),
            let line = trust.notRunLine
        else { return [] }
        return ["\(plugins ?? AppLoader.pluginsFileName): warning: external hook commands \(line)"]
    }

    /// True when `folder` is the bundled demo app's folder (symbolic links resolved).
    static func isBundledDemo(_ folder: URL) -> Bool {
        guard let bundled = try? BundledDemoApp.folder(), let demo = FileSystem.resolvedPath(bundled.path) else {
            return false
        }
        return FileSystem.resolvedPath(folder.path) == demo
    }

    /// APP and `--plugins FILE` as the user would type them after `zapp-shell trust`.
    static func shownArguments(_ argument: String?, plugins: String?) -> String {
        let words = (argument.map { [InitCommand.shellQuoted($0)] } ?? [])
            + (plugins.map { ["--plugins", InitCommand.shellQuoted($0)] } ?? [])
        return words.isEmpty ? "the demo app" : words.joined(separator: " ")
    }
}

/// The trust decided with the last load of the app, which the services built next take (`run`).
final class PendingTrust: Sendable {
    private let value: Mutex<CommandTrust>

    init(_ trust: CommandTrust) {
        value = Mutex(trust)
    }

    func set(_ trust: CommandTrust) {
        value.withLock { $0 = trust }
    }

    var current: CommandTrust { value.withLock { $0 } }
}
