import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import ZappCore
import ZappModel
import ZappPlugins

/// `zapp-shell trace [APP] --screen ID|NAME [--answer IDENTIFIER=success|failure|cancel]...
/// [--signed-in USER] [--json]`: runs the hook chain of one navigation through the same
/// `ScreenHookManager` the UI uses, with scripted answers for hooks with UI, and prints one line
/// per step, the `result:` line last.
///
/// Sessions live in memory: trace never reads or writes the saved session, so it starts signed
/// out unless `--signed-in USER` is given.
struct TraceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Run the hooks of one navigation with scripted answers and print every step.",
        discussion: """
            The target screen's pre hooks run as in the app: hooks are looked up by identifier, \
            presentation is requested, flow blockers stop the navigation, dataDict keys are handed \
            on. A hook with UI that asks to present gets the answer given with --answer (success \
            hands the dataDict on, failure fails with "scripted failure", cancel closes its pane: \
            "User has closed hook execution"); with no --answer for it, it is cancelled. Hooks \
            without UI (ZappShell.Analytics, ZappShell.ExternalHook) really run; an external \
            hook only when the app is trusted (zapp-shell trust APP), else its stand-in pane is \
            answered as above and a "not run:" line says why. When the screen is \
            presented its post hooks run too.

            trace never touches the saved session: it starts signed out, or signed in as USER with \
            --signed-in, a session seeded in memory for every login plugin of the app, and the \
            first output line says what was seeded. ZappShell.LocalLogin (and a login of an unknown \
            class, which it serves): USER must be one of configuration_json.users and gets that \
            user's entitlements; an unknown USER is an error that lists the configured users; \
            with no users list any USER is accepted, with no entitlements. ZappShell.HTTPLogin: \
            the server is not contacted; USER is signed in with no entitlements (only the server \
            could grant them), so a screen with required_entitlements still asks to sign in.

            Output: one line per step, then `result: presented <id>` or `result: blocked by \
            <identifier>`; --json prints {"app", "screen", "signed_in", "session", "steps", \
            "result"}. Text from the configuration is printed with its control characters \
            escaped (\\u{1B} in text, \\u001b in JSON). \
            Exit status 0 for either result; 1 for an unknown screen or user or an app with errors, \
            2 when a file cannot be read, 64 for a bad --answer.
            """
    )

    @OptionGroup var appOptions: AppOptions

    @Option(help: "The screen to open: its id or its name.")
    var screen: String

    @Option(
        name: .customLong("answer"),
        help: ArgumentHelp(
            "The answer of a hook with UI, by plugin identifier (repeatable). Default: cancel.",
            valueName: "IDENTIFIER=success|failure|cancel"))
    var answers: [String] = []

    @Option(name: .customLong("signed-in"), help: ArgumentHelp("Start signed in as USER (in memory).", valueName: "USER"))
    var signedIn: String?

    @Flag(help: "Print the steps and the result as JSON.")
    var json = false

    func validate() throws {
        _ = try Self.script(from: answers)
    }

    func run() async throws {
        let loaded = try await AppLocation.loadOrExit(appOptions.app, plugins: appOptions.plugins, feeds: appOptions.feeds)
        let report: TraceReport
        do {
            let trust = AppTrust.decide(
                app: loaded.app, argument: appOptions.app, plugins: appOptions.plugins,
                stateDirectory: PluginEnvironment.defaultStateDirectory())
            report = try await Self.trace(
                app: loaded.app, screen: screen, script: try Self.script(from: answers), signedIn: signedIn, trust: trust)
        } catch let error as TraceError {
            Console.printError("zapp-shell trace: \(error.message)")
            throw ExitCode(1)
        }
        if json { Console.printJSON(report.json) } else { Console.print(report.text) }
    }

    /// Parses `--answer IDENTIFIER=success|failure|cancel` options (a later one for the same
    /// identifier wins).
    static func script(from answers: [String]) throws -> HookScript {
        var script = HookScript()
        let choices = HookScript.Answer.allCases.map(\.rawValue).joined(separator: ", ")
        for answer in answers {
            guard let equals = answer.firstIndex(of: "=") else {
                throw ValidationError("--answer '\(answer)': expected IDENTIFIER=ANSWER with ANSWER one of \(choices)")
            }
            let identifier = answer[..<equals].trimmingWhitespace
            let value = answer[answer.index(after: equals)...].trimmingWhitespace
            guard !identifier.isEmpty else {
                throw ValidationError("--answer '\(answer)': the plugin identifier is empty")
            }
            guard let parsed = HookScript.Answer(rawValue: value.lowercased()) else {
                throw ValidationError("--answer '\(answer)': '\(value)' is not one of \(choices)")
            }
            script.answers[identifier] = parsed
        }
        return script
    }

    /// Runs the navigation to `screen` (id or name) and returns what happened; the app's commands
    /// run only when `trust` says so (else their stand-ins answer as scripted).
    static func trace(
        app: ZappApp, screen key: String, script: HookScript, signedIn: String?, trust: CommandTrust
    ) async throws(TraceError)
        -> TraceReport
    {
        guard let target = app.screen(idOrName: key) else {
            throw TraceError(message: "no screen with id or name \(Quoted.value(key, mark: "'")) in \(app.name)")
        }
        let environment = PluginEnvironment(
            stateDirectory: PluginEnvironment.defaultStateDirectory(),
            appIdentity: PluginEnvironment.appIdentity(for: app), appFolder: app.folder,
            logger: Logger(label: "zapp-shell.trace") { _ in SwiftLogNoOpLogHandler() },
            presenter: ScriptedPresenter(script: script), sessions: .inMemory(signedInUser: signedIn),
            commandTrust: trust)
        let trace = TraceLog(capacity: 100_000)
        let services = AppServices.builtIn(app: app, environment: environment, trace: trace, script: script)
        let registry = services.registry ?? PluginRegistry(app: app, catalog: BuiltInPlugins.catalog, environment: environment)
        let session = try signedIn.map { user throws(TraceError) in try seededSession(user, registry: registry, app: app) }

        let result = await services.opener.runPreHooks(for: target, from: .goTo, dataDict: nil)
        if case .presented(_, let dataDict) = result {
            await services.opener.runPostHooks(for: target, dataDict: dataDict)
        }
        return TraceReport(
            app: app.name, screen: target.id, signedIn: signedIn, session: session,
            steps: trace.entries.filter { $0.stage != .result }, result: result)
    }

    /// What `--signed-in USER` seeds in each login plugin, as the trace's first line. USER must
    /// be a user some login plugin can hold: any user for a server-checked login (the server is
    /// not contacted: no entitlements) or a local login without a user list, else one of
    /// `configuration_json.users`; otherwise the error lists the configured users.
    static func seededSession(_ user: String, registry: PluginRegistry, app: ZappApp) throws(TraceError) -> String {
        let shownUser = Quoted.value(user)
        let logins = registry.plugins.filter { $0.factory?.loginProvider != nil }
        guard !logins.isEmpty else {
            throw TraceError(message: "--signed-in \(shownUser): \(app.name) has no usable login plugin")
        }
        var seeded: [String] = []
        var configuredUsers: [String] = []
        var notConfigured: [String] = []
        for plugin in logins {
            let configuration = plugin.configuration.configuration
            let name = "\(plugin.identifier) (\(plugin.servingClassName ?? plugin.manifestClassName))"
            guard plugin.servingClassName == BuiltInPluginClass.localLogin.rawValue else {
                let server = configuration["endpoint"]?.stringValue.flatMap { URL(string: $0)?.host } ?? "the server"
                seeded.append("\(name): seeded in memory, \(server) not contacted, no entitlements")
                continue
            }
            guard let users = configuration["users"]?.arrayValue else {
                seeded.append("\(name): no users configured, any user, no entitlements")
                continue
            }
            let names = users.compactMap { $0["username"]?.stringValue }
            configuredUsers += names
            guard let entry = users.first(where: { $0["username"]?.stringValue == user }) else {
                notConfigured.append("\(name): not one of its users, no entitlements")
                continue
            }
            let entitlements = entry["entitlements"]?.arrayValue?.compactMap(\.stringValue) ?? []
            seeded.append("\(name): " + (entitlements.isEmpty ? "no entitlements" : "entitlements " + entitlements.joined(separator: ", ")))
        }
        guard !seeded.isEmpty else {
            let shown = configuredUsers.prefix(20).map { Quoted.value($0) }.joined(separator: ", ")
            let more = configuredUsers.count > 20 ? " and \(configuredUsers.count - 20) more" : ""
            throw TraceError(
                message: "--signed-in \(shownUser): unknown user; the configured users are \(shown)\(more) "
                    + "(configuration_json.users of \(logins.map { Quoted.value($0.identifier) }.joined(separator: ", ")))")
        }
        return "signed in as \(shownUser): " + (seeded + notConfigured).joined(separator: "; ")
    }
}

/// Why `trace` cannot run (an unknown screen or user); exit status 1.
struct TraceError: Error, Equatable {
    var message: String
}

/// What `trace` prints: the steps and the result of one navigation.
struct TraceReport: Equatable {
    var app: String
    var screen: String
    var signedIn: String?
    /// What `--signed-in` seeded (the first line of the text), nil when signed out.
    var session: String? = nil
    /// Every step except the result (which is printed last, after any post hooks).
    var steps: [HookTrace]
    var result: HookChainResult

    /// `result: presented <id>` or `result: blocked by <identifier>`.
    var resultLine: String {
        switch result {
        case .presented(let screenID, _): return "result: presented \(screenID)"
        case .blocked(let identifier, _): return "result: blocked by \(identifier)"
        }
    }

    /// One line per step, the result line last.
    var text: String {
        ((session.map { [$0] } ?? []) + steps.map(\.line) + [resultLine]).joined(separator: "\n")
    }

    /// The report as a JSON object (keys sorted, dataDict keys only, controls in strings escaped).
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let document = Document(
            app: app, screen: screen, signed_in: signedIn, session: session,
            steps: steps.map {
                Step(stage: $0.stage.rawValue, step: $0.step.rawValue, identifier: $0.identifier, message: $0.message,
                     keys: $0.keys, line: $0.line)
            },
            result: ResultObject(result))
        guard let data = try? encoder.encode(document), let text = String(data: data, encoding: .utf8) else {
            return "{}"
        }
        return TextSanitizer.jsonEscaped(text)
    }

    private struct Document: Encodable {
        var app: String
        var screen: String
        var signed_in: String?
        var session: String?
        var steps: [Step]
        var result: ResultObject

        private enum CodingKeys: String, CodingKey {
            case app, screen, signed_in, session, steps, result
        }

        /// Like the synthesized encoding, but `signed_in` and `session` are `null` rather than missing when signed out.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(app, forKey: .app)
            try container.encode(screen, forKey: .screen)
            try container.encode(signed_in, forKey: .signed_in)
            try container.encode(session, forKey: .session)
            try container.encode(steps, forKey: .steps)
            try container.encode(result, forKey: .result)
        }
    }

    private struct Step: Encodable {
        var stage: String
        var step: String
        var identifier: String?
        var message: String
        var keys: [String]?
        var line: String
    }

    private struct ResultObject: Encodable {
        var outcome: String
        var screen: String?
        var data_dict_keys: [String]?
        var blocked_by: String?
        var reason: String?
        var line: String

        init(_ result: HookChainResult) {
            switch result {
            case .presented(let screenID, let dataDict):
                outcome = "presented"
                screen = screenID
                data_dict_keys = dataDict.map { Array($0.keys) } ?? []
                line = "result: presented \(screenID)"
            case .blocked(let identifier, let reason):
                outcome = "blocked"
                blocked_by = identifier
                self.reason = reason
                line = "result: blocked by \(identifier)"
            }
        }
    }
}
