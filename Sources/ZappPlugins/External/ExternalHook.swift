#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import ZappCore
import ZappModel

/// `ZappShell.ExternalHook`: a screen hook written in any language. Runs `command` (argv, no
/// shell; the executable is found relative to the app folder, else on `PATH`) in the app
/// folder with the request (`ExternalCommand.request`: the hook, the target's screen model, the
/// signed-in user, the dictionary, the configuration) on its standard input, and reads its answer
/// (`ExternalCommand.run`; docs/external-hooks.md). The answer's `dataDict` is handed on (absent:
/// none, as the SDK does); its `userToken` sets or clears the login's token.
/// It is made only for a trusted app (`CommandTrust`; `ExternalHookFactory` makes a stand-in
/// otherwise).
final class ExternalHook: ScreenHook {
    /// A command's settings, read once per plugin from `configuration_json`.
    struct Settings: Sendable {
        /// The command as configured (argv).
        var command: [String]
        var timeout: Duration
        var isFlowBlocker: Bool?

        init(configuration: JSONObject, defaultTimeout: Duration) throws {
            let reader = ConfigurationReader(configuration)
            guard let value = configuration["command"], !value.isNull else {
                throw PluginConfigurationError("\(reader.path(of: "command")): missing (an array: the program and its arguments)")
            }
            if let single = value.stringValue, single.contains(" ") {
                throw PluginConfigurationError(
                    "\(reader.path(of: "command")): expected an array of arguments (no shell runs it), got \"\(single)\"")
            }
            guard let command = try reader.strings("command"), let program = command.first, !program.isEmpty else {
                throw PluginConfigurationError("\(reader.path(of: "command")): expected a non-empty array of strings")
            }
            self.command = command
            timeout = try reader.seconds("timeout_seconds").map { .milliseconds(Int(($0 * 1000).rounded())) }
                ?? defaultTimeout
            isFlowBlocker = try reader.bool("is_flow_blocker")
        }
    }

    private let command: ExternalCommand
    private let context: HookContext

    init(command: ExternalCommand, context: HookContext) {
        self.command = command
        self.context = context
    }

    func executeHook(dataDict: JSONObject?) async -> HookOutcome {
        let request = await ExternalCommand.request(
            hook: context.plugin.identifier, configuration: context.plugin.configuration, screen: context.target,
            login: context.login, dataDict: dataDict ?? [:])
        let answer = await command.run(request)
        await answer.applyToken(to: context.login)
        switch answer.result {
        case .success: return .succeeded(dataDict: answer.dataDict)
        case .failure(let reason): return .failed(reason: reason, dataDict: answer.dataDict ?? (answer.answered ? nil : dataDict))
        }
    }

    /// The non-empty `error` string of an answer printed on standard output, if it is a JSON object.
    static func answeredError(in output: Data) -> String? {
        guard let object = (try? JSONParser.parse(output))?.objectValue,
            let error = object["error"]?.stringValue?.trimmingWhitespace, !error.isEmpty
        else { return nil }
        return error
    }

    /// The program: absolute as written; with a slash, relative to the app folder; a bare name
    /// in the app folder when such a file exists there, else found on `PATH`. `zapp-shell trust`
    /// shows and digests the same path (`AppCommands`).
    static func resolveExecutable(
        _ program: String, appFolder: URL?, path: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    ) -> URL {
        if program.hasPrefix("/") { return URL(fileURLWithPath: program) }
        let base = appFolder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let local = base.appendingPathComponent(program)
        if program.contains("/") || FileManager.default.fileExists(atPath: local.path) { return local }
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(program)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return local
    }
}
