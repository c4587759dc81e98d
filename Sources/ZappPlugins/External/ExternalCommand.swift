#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import ZappCore
import ZappModel

/// One `ZappShell.ExternalHook` command as a screen hook and a startup hook run it: the request
/// written to its standard input, the answer read from its standard output
/// (docs/external-hooks.md). A non-zero exit, output that is not an answer, a missing executable
/// or running longer than `timeout_seconds` is a failure that names the command; standard error
/// goes to the log.
struct ExternalCommand: Sendable {
    /// What the command answered.
    struct Answer: Sendable {
        enum Result: Sendable, Equatable {
            case success
            case failure(String)
        }

        /// What the login's token becomes.
        enum Token: Sendable, Equatable {
            case unchanged
            case set(String)
            case cleared
        }

        var result: Result
        /// The answer's `dataDict` (nil: none).
        var dataDict: JSONObject?
        /// A JSON answer was read (a failure of the process itself has none).
        var answered: Bool
        var token: Token = .unchanged

        /// `userToken` (or `setUserToken`) of the answer, given to the login: a string sets it,
        /// null clears it (the SDK's `setUserToken(nil)`).
        func applyToken(to login: (any LoginProvider)?) async {
            guard let login else { return }
            switch token {
            case .unchanged: return
            case .set(let token): await login.setUserToken(token)
            case .cleared: await login.setUserToken(nil)
            }
        }
    }

    let identifier: String
    let settings: ExternalHook.Settings
    let appFolder: URL?
    let logger: Logger
    let runner: ProcessRunner

    /// The command as written, for messages.
    private var name: String { settings.command[0] }

    /// The request: `hook`, `screen` (the target's model: `id`, `name`, `type`, `general`,
    /// `styles`, `data`; null at startup), `user` (`signed_in`, `username`, `token`), `dataDict`,
    /// `configuration`, and at startup `phase`.
    static func request(
        hook: String, configuration: JSONObject, screen: ScreenModel?, login: (any LoginProvider)?,
        dataDict: JSONObject, phase: StartupHookPhase? = nil
    ) async -> JSONValue {
        var request: JSONObject = [
            "hook": .string(hook),
            "screen": screen.map { screen in
                [
                    "id": .string(screen.id), "name": .string(screen.name), "type": .string(screen.type),
                    "general": .object(screen.general), "styles": .object(screen.styles), "data": .object(screen.data),
                ]
            } ?? .null,
            "user": await user(login),
            "dataDict": .object(dataDict),
            "configuration": .object(configuration),
        ]
        if let phase { request["phase"] = .string(phase.rawValue) }
        return .object(request)
    }

    /// `{"signed_in", "username", "token"}` from the login provider (signed out without one).
    static func user(_ login: (any LoginProvider)?) async -> JSONValue {
        guard let login, await login.isAuthenticated() else {
            return ["signed_in": .bool(false), "username": .null, "token": .null]
        }
        let token = await login.getUserToken()
        return [
            "signed_in": .bool(true), "username": (await login.signedInUser()).map(JSONValue.string) ?? .null,
            "token": token.isEmpty ? .null : .string(token),
        ]
    }

    /// Runs the command with `request` on its standard input.
    func run(_ request: JSONValue) async -> Answer {
        let identifier = self.identifier
        let logger = self.logger
        let name = self.name
        let result: ProcessResult
        do {
            result = try await runner.run(
                executable: ExternalHook.resolveExecutable(settings.command[0], appFolder: appFolder),
                arguments: Array(settings.command.dropFirst()),
                workingDirectory: appFolder, input: Data((request.jsonText + "\n").utf8), timeout: settings.timeout,
                onErrorLine: { line in
                    logger.info("external hook \(identifier) (\(name)) stderr: \(line)")
                })
        } catch {
            return failure(describe(error))
        }
        if result.signalled {
            return failure("\(name) was killed by signal \(result.status)")
        }
        guard result.status == 0 else {
            var reason = "\(name) exited with status \(result.status)"
            // The answer's own "error" says why best; else the last line on standard error.
            let detail = ExternalHook.answeredError(in: result.standardOutput) ?? result.lastErrorLine
            if !detail.isEmpty { reason += ": " + (detail.count > 200 ? String(detail.prefix(199)) + "…" : detail) }
            return failure(reason)
        }
        return interpret(result.standardOutput)
    }

    private func failure(_ reason: String) -> Answer {
        Answer(result: .failure(reason), dataDict: nil, answered: false)
    }

    private func interpret(_ output: Data) -> Answer {
        guard !output.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) else {
            return failure("\(name) printed nothing; expected a JSON object with \"success\"")
        }
        let answer: JSONValue
        do {
            answer = try JSONParser.parse(output)
        } catch {
            return failure("\(name) printed invalid JSON (\(error))")
        }
        guard let object = answer.objectValue else {
            return failure("\(name) printed \(answer.kindDescription); expected a JSON object with \"success\"")
        }
        guard let success = object["success"]?.boolValue else {
            return failure("\(name) answered without a boolean \"success\"")
        }
        let handedOn: JSONObject?
        switch object["dataDict"] {
        case nil, .null?: handedOn = nil
        case .object(let returned)?: handedOn = returned
        case let other?:
            return failure("\(name) answered a \"dataDict\" that is \(other.kindDescription), not an object")
        }
        var token = Answer.Token.unchanged
        for key in ["userToken", "setUserToken"] {
            switch object[key] {
            case nil: continue
            case .null?: token = .cleared
            case .string(let value)?: token = value.isEmpty ? .cleared : .set(value)
            case let other?:
                return failure("\(name) answered a \"\(key)\" that is \(other.kindDescription), not a string or null")
            }
        }
        if success { return Answer(result: .success, dataDict: handedOn, answered: true, token: token) }
        let error = object["error"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? "\(name) reported a failure"
        return Answer(result: .failure(error), dataDict: handedOn, answered: true, token: token)
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

/// `ZappShell.ExternalHook` as a startup hook (`require_startup_execution: true`): one request
/// per phase with `phase` set; a command that may not run says so in the trace instead.
final class ExternalStartupHook: AppLoadingHook {
    private let configuration: PluginConfiguration
    private let command: ExternalCommand
    /// Why the command may not run now (`ExternalHookFactory`'s trust check), nil when it may.
    private let notRunLine: @Sendable () -> String?

    init(configuration: PluginConfiguration, command: ExternalCommand, notRunLine: @escaping @Sendable () -> String?) {
        self.configuration = configuration
        self.command = command
        self.notRunLine = notRunLine
    }

    func execute(_ phase: StartupHookPhase, context: StartupContext) async -> String? {
        if let notRun = notRunLine() { return notRun }
        var dataDict: JSONObject = [:]
        if let url = context.url { dataDict["url"] = .string(url) }
        let request = await ExternalCommand.request(
            hook: configuration.identifier, configuration: configuration.configuration, screen: nil,
            login: context.login, dataDict: dataDict, phase: phase)
        let answer = await command.run(request)
        await answer.applyToken(to: context.login)
        switch answer.result {
        case .success: return "\(phase.rawValue): succeeded"
        case .failure(let reason): return "\(phase.rawValue): failed: \(reason) (the startup goes on)"
        }
    }
}
