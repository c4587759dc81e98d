import ZappCore
import ZappModel

extension GatesReport {
    /// The gates report of an app with the built-in plugins, signed out and, with a user, signed
    /// in as that user: sessions in memory, seeded as `trace --signed-in` seeds them
    /// (`BuiltInRegistry.seeded`; an unknown user is an error). `trust` is the app's
    /// `CommandTrust`: an untrusted external hook is reported as not run.
    public static func builtIn(app: ZappApp, signedIn user: String?, trust: CommandTrust = .undecided) async throws(TraceError)
        -> GatesReport
    {
        let signedOut = try BuiltInRegistry.seeded(app: app, signedIn: nil, trust: trust).registry
        var signedIn: (user: String, registry: PluginRegistry, session: String?)?
        if let user {
            let seeded = try BuiltInRegistry.seeded(app: app, signedIn: user, trust: trust)
            signedIn = (user, seeded.registry, seeded.session)
        }
        return await make(app: app, signedOut: signedOut, signedIn: signedIn)
    }
}
