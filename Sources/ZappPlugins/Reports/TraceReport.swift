import ZappCore
import ZappModel

/// Why `trace` (or `gates --signed-in`) cannot run: an unknown screen or user (exit status 1),
/// or an answer naming no hook on the navigation's path (exit status 2).
public struct TraceError: Error, Equatable, Sendable {
    public var message: String
    /// The exit status the command ends with.
    public var exitStatus: Int32

    public init(_ message: String, exitStatus: Int32 = 1) {
        self.message = message
        self.exitStatus = exitStatus
    }
}

/// What `trace` finds: the steps and the result of one navigation, run through the same
/// services as `run` (`AppServices.builtIn`, the one `HookResolution`), with sessions in memory
/// (`BuiltInRegistry`) and scripted answers standing in for panes and, where given, commands.
public struct TraceReport: Equatable, Sendable {
    public var app: String
    public var screen: String
    public var signedIn: String?
    /// What `--signed-in` seeded (the first line of the text), nil when signed out.
    public var session: String?
    /// Every step except the result (which is printed last, after any post hooks).
    public var steps: [HookTrace]
    public var result: HookChainResult

    public init(app: String, screen: String, signedIn: String?, session: String?, steps: [HookTrace], result: HookChainResult) {
        self.app = app
        self.screen = screen
        self.signedIn = signedIn
        self.session = session
        self.steps = steps
        self.result = result
    }

    /// Runs the navigation to `screen` (id or name) and returns what happened. An answer that
    /// names no hook entry of the screen is an error (exit status 2) rather than silence. The
    /// app's commands run only as `trust` says (else their stand-ins answer as scripted).
    public static func run(
        app: ZappApp, screen key: String, script: HookScript, signedIn: String?, trust: CommandTrust = .undecided
    ) async throws(TraceError) -> TraceReport
    {
        guard let target = app.screen(idOrName: key) else {
            throw TraceError("no screen with id or name \(Quoted.value(key, mark: "'")) in \(app.name)")
        }
        let unknown = HookResolution.unknownAnswers(script, target: target)
        if !unknown.isEmpty {
            let names = unknown.map { Quoted.value($0, mark: "'") }.joined(separator: ", ")
            let hooks = (target.hooks.preload + target.hooks.postload).map(\.identifier)
            let onPath = hooks.isEmpty ? "it has no hooks" : "its hooks are " + hooks.joined(separator: ", ")
            throw TraceError(
                "--answer \(names): no hook of \(target.id) has this identifier (\(onPath))", exitStatus: 2)
        }
        let environment = BuiltInRegistry.inMemoryEnvironment(app: app, signedIn: signedIn, script: script, trust: trust)
        let trace = TraceLog(capacity: 100_000)
        let services = AppServices.builtIn(app: app, environment: environment, trace: trace, answers: .script(script))
        let session = try signedIn.map { user throws(TraceError) in
            try BuiltInRegistry.seededSession(
                user, registry: services.registry ?? BuiltInRegistry.make(app: app, environment: environment), app: app)
        }
        let result = await services.opener.runPreHooks(for: target, from: .goTo, dataDict: nil)
        if case .presented(_, let dataDict) = result {
            await services.opener.runPostHooks(for: target, dataDict: dataDict)
        }
        // Read by sequence: every step of the navigation, or a failure naming how many were lost.
        let read = trace.entries(after: 0)
        guard read.missed == 0 else {
            throw TraceError("the navigation made more than \(trace.capacity) trace steps; \(read.missed) were dropped")
        }
        return TraceReport(
            app: app.name, screen: target.id, signedIn: signedIn, session: session,
            steps: read.entries.map(\.trace).filter { $0.stage != .result }, result: result)
    }

    /// `result: presented <id>` or `result: blocked by <identifier>`.
    public var resultLine: String {
        switch result {
        case .presented(let screenID, _): return "result: presented \(screenID)"
        case .blocked(let identifier, _): return "result: blocked by \(identifier)"
        }
    }

    /// One line per step, the result line last.
    public var text: String {
        ((session.map { [$0] } ?? []) + steps.map(\.line) + [resultLine]).joined(separator: "\n")
    }
}
