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
/// folder, writes `{"hook", "screen": {"id", "name"}, "dataDict", "configuration"}` to its
/// standard input and reads `{"success": bool, "error": string?, "dataDict": object?}` from
/// its standard output. The answer's `dataDict` is handed on (absent: none, as the SDK does).
/// A non-zero exit, output that is not such an object, a missing executable or running longer
/// than `timeout_seconds` is a failure that names the command. Standard error goes to the log.
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

    private let settings: Settings
    private let context: HookContext
    private let appFolder: URL?
    private let logger: Logger
    private let runner: ProcessRunner

    init(settings: Settings, context: HookContext, appFolder: URL?, logger: Logger, runner: ProcessRunner) {
        self.settings = settings
        self.context = context
        self.appFolder = appFolder
        self.logger = logger
        self.runner = runner
    }

    var isFlowBlocker: Bool? { settings.isFlowBlocker }

    /// The command as written, for messages.
    private var name: String { settings.command[0] }

    func executeHook(dataDict: JSONObject?) async -> HookOutcome {
        let input: JSONValue = [
            "hook": .string(context.plugin.identifier),
            "screen": ["id": .string(context.target.id), "name": .string(context.target.name)],
            "dataDict": .object(dataDict ?? [:]),
            "configuration": .object(context.plugin.configuration),
        ]
        let identifier = context.plugin.identifier
        let logger = self.logger
        let name = self.name
        let result: ProcessResult
        do {
            result = try await runner.run(
                executable: resolveExecutable(), arguments: Array(settings.command.dropFirst()),
                workingDirectory: appFolder, input: Data((input.jsonText + "\n").utf8), timeout: settings.timeout,
                onErrorLine: { line in
                    logger.info("external hook \(identifier) (\(name)) stderr: \(line)")
                })
        } catch {
            return .failed(reason: describe(error), dataDict: dataDict)
        }
        if result.signalled {
            return .failed(reason: "\(name) was killed by signal \(result.status)", dataDict: dataDict)
        }
        guard result.status == 0 else {
            var reason = "\(name) exited with status \(result.status)"
            // The answer's own "error" says why best; else the last line on standard error.
            let detail = Self.answeredError(in: result.standardOutput) ?? result.lastErrorLine
            if !detail.isEmpty { reason += ": " + (detail.count > 200 ? String(detail.prefix(199)) + "…" : detail) }
            return .failed(reason: reason, dataDict: dataDict)
        }
        return interpret(result.standardOutput, dataDict: dataDict)
    }

    private func interpret(_ output: Data, dataDict: JSONObject?) -> HookOutcome {
        guard !output.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) else {
            return .failed(reason: "\(name) printed nothing; expected a JSON object with \"success\"", dataDict: dataDict)
        }
        let answer: JSONValue
        do {
            answer = try JSONParser.parse(output)
        } catch {
            return .failed(reason: "\(name) printed invalid JSON (\(error))", dataDict: dataDict)
        }
        guard let object = answer.objectValue else {
            return .failed(
                reason: "\(name) printed \(answer.kindDescription); expected a JSON object with \"success\"",
                dataDict: dataDict)
        }
        guard let success = object["success"]?.boolValue else {
            return .failed(reason: "\(name) answered without a boolean \"success\"", dataDict: dataDict)
        }
        let handedOn: JSONObject?
        switch object["dataDict"] {
        case nil, .null?: handedOn = nil
        case .object(let returned)?: handedOn = returned
        case let other?:
            return .failed(
                reason: "\(name) answered a \"dataDict\" that is \(other.kindDescription), not an object",
                dataDict: dataDict)
        }
        if success { return .succeeded(dataDict: handedOn) }
        let error = object["error"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? "\(name) reported a failure"
        return .failed(reason: error, dataDict: handedOn)
    }

    /// The non-empty `error` string of an answer printed on standard output, if it is a JSON object.
    static func answeredError(in output: Data) -> String? {
        guard let object = (try? JSONParser.parse(output))?.objectValue,
            let error = object["error"]?.stringValue?.trimmingWhitespace, !error.isEmpty
        else { return nil }
        return error
    }

    private func resolveExecutable() -> URL {
        Self.resolveExecutable(settings.command[0], appFolder: appFolder)
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

    private func describe(_ error: ProcessRunFailure) -> String {
        switch error {
        case .notFound(let path):
            return path == name ? "\(name) not found" : "\(name) not found (\(path)); check configuration_json.command"
        case .notExecutable(let path): return "\(name) is not executable (\(path))"
        case .launchFailed(let reason): return "\(name) could not be started: \(reason)"
        case .timedOut(let limit): return "\(name) timed out after \(describe(limit))"
        case .outputTooLarge(let limit): return "\(name) printed more than \(limit / 1024 / 1024) MiB; it was stopped"
        case .cancelled: return "cancelled"
        }
    }

    private func describe(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return "\(formatSeconds(seconds)) s"
    }
}
