import ZappCore
import ZappModel

extension GatesReport {
    /// The gates report of an app with the built-in plugins, signed out and, with a user, signed
    /// in as that user: sessions in memory, seeded as `trace --signed-in` seeds them
    /// (`BuiltInRegistry.seeded`; an unknown user is an error).
    public static func builtIn(app: ZappApp, signedIn user: String?) async throws(TraceError) -> GatesReport {
        let signedOut = try BuiltInRegistry.seeded(app: app, signedIn: nil).registry
        var signedIn: (user: String, registry: PluginRegistry, session: String?)?
        if let user {
            let seeded = try BuiltInRegistry.seeded(app: app, signedIn: user)
            signedIn = (user, seeded.registry, seeded.session)
        }
        return await make(app: app, signedOut: signedOut, signedIn: signedIn)
    }
}
