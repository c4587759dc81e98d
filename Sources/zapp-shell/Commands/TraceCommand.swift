import ArgumentParser
import ZappCore
import ZappModel
import ZappPlugins

/// `zapp-shell trace [APP] --screen ID|NAME [--answer IDENTIFIER=success|failure|cancel]...
/// [--signed-in USER] [--json]`: runs the hook chain of one navigation through the same
/// `ScreenHookManager` the UI uses, with scripted answers (`TraceReport`, the model, in
/// ZappPlugins), and prints one line per step, the `result:` line last.
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
            on. A hook that asks to present and has an --answer gets it instead of running (success \
            hands the dataDict on, failure fails with "scripted failure", cancel closes its pane: \
            "User has closed hook execution"); this holds for every kind, so an answer for a \
            ZappShell.ExternalHook stands in for running its command. A hook with UI and no \
            --answer is cancelled; a hook without UI and no --answer (ZappShell.Analytics, \
            ZappShell.ExternalHook) really runs, an external hook only when the app is trusted \
            (zapp-shell trust APP): otherwise it is a stand-in pane, answered as above, and a \
            "not run:" line says why. An --answer naming no hook of the screen is an error. When the screen is presented its post hooks run too.

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
            2 when a file cannot be read or an --answer names no hook of the screen, 64 for a \
            malformed --answer.
            """
    )

    @OptionGroup var appOptions: AppOptions

    @Option(help: "The screen to open: its id or its name.")
    var screen: String

    @Option(
        name: .customLong("answer"),
        help: ArgumentHelp(
            "The answer of a hook, by plugin identifier (repeatable; any kind, external hooks too). Default: cancel for hooks with UI.",
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
            let trust = await AppTrust.decide(
                app: loaded.app, argument: appOptions.app, plugins: appOptions.plugins,
                stateDirectory: PluginEnvironment.defaultStateDirectory())
            report = try await TraceReport.run(
                app: loaded.app, screen: screen, script: try Self.script(from: answers), signedIn: signedIn, trust: trust)
        } catch let error as TraceError {
            Console.printError("zapp-shell trace: \(error.message)")
            throw ExitCode(error.exitStatus)
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
}
