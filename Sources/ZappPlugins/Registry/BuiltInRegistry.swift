#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import ZappCore
import ZappModel

/// The one place a `PluginRegistry` is built (ARCHITECTURE.md, "Wiring"): over the built-in
/// catalog, for `run` and `replay` (through `AppServices.builtIn`), `trace`, `gates` and the
/// lock marks of a reloaded app. Sessions are seeded here too: `trace` and `gates` keep them in
/// memory, signed out or signed in as a user (`seeded`), and say what was seeded.
public enum BuiltInRegistry {
    /// The registry of an app's plugins; warnings go to `environment.logger`.
    public static func make(app: ZappApp, environment: PluginEnvironment) -> PluginRegistry {
        make(configurations: app.plugins, environment: environment)
    }

    /// The registry of a list of plugin configurations (tests that have no app).
    public static func make(configurations: [PluginConfiguration], environment: PluginEnvironment) -> PluginRegistry {
        PluginRegistry(configurations: configurations, catalog: BuiltInPlugins.catalog, environment: environment)
    }

    /// The environment of a command that runs no UI and keeps sessions in memory (`trace`,
    /// `gates`): signed out, or signed in as `user`; nothing is logged; panes are answered by `script`.
    public static func inMemoryEnvironment(app: ZappApp, signedIn user: String?, script: HookScript = HookScript())
        -> PluginEnvironment
    {
        PluginEnvironment(
            stateDirectory: PluginEnvironment.defaultStateDirectory(),
            appIdentity: PluginEnvironment.appIdentity(for: app), appFolder: app.folder,
            logger: Logger(label: "zapp-shell.in-memory") { _ in SwiftLogNoOpLogHandler() },
            presenter: ScriptedPresenter(script: script), sessions: .inMemory(signedInUser: user))
    }

    /// A registry with sessions in memory, signed out (`user` nil) or signed in as `user`, and
    /// what was seeded (`seededSession`); an unknown user is an error.
    public static func seeded(app: ZappApp, signedIn user: String?) throws(TraceError)
        -> (registry: PluginRegistry, session: String?)
    {
        let registry = make(app: app, environment: inMemoryEnvironment(app: app, signedIn: user))
        let session = try user.map { user throws(TraceError) in try seededSession(user, registry: registry, app: app) }
        return (registry, session)
    }

    /// The registry for the lock marks of a reloaded app: gating does not depend on the session,
    /// so its logins hold none in memory, and its warnings (logged by the app's own registry) are
    /// not logged again.
    public static func quiet(app: ZappApp, environment: PluginEnvironment) -> PluginRegistry {
        var quiet = environment
        quiet.sessions = .inMemory(signedInUser: nil)
        quiet.logger = Logger(label: "zapp-shell.gates") { _ in SwiftLogNoOpLogHandler() }
        return make(app: app, environment: quiet)
    }

    /// What a signed-in session seeds in each login plugin, as `trace`'s first line. USER must
    /// be a user some login plugin can hold: any user for a server-checked login (the server is
    /// not contacted: no entitlements) or a local login without a user list, else one of
    /// `configuration_json.users`; otherwise the error lists the configured users.
    public static func seededSession(_ user: String, registry: PluginRegistry, app: ZappApp) throws(TraceError) -> String {
        let shownUser = Quoted.value(user)
        let logins = registry.plugins.filter { $0.factory?.loginProvider != nil }
        guard !logins.isEmpty else {
            throw TraceError("--signed-in \(shownUser): \(app.name) has no usable login plugin")
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
                "--signed-in \(shownUser): unknown user; the configured users are \(shown)\(more) "
                    + "(configuration_json.users of \(logins.map { Quoted.value($0.identifier) }.joined(separator: ", ")))")
        }
        return "signed in as \(shownUser): " + (seeded + notConfigured).joined(separator: "; ")
    }
}
