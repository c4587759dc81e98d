#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import ZappCore
import ZappModel

/// ZappShell's built-in plugin classes (the table of built-in plugins in docs/plugins.md), registered into a
/// `PluginCatalog` under their `api.class_name`s:
/// `ZappShell.LocalLogin`, `ZappShell.HTTPLogin`, `ZappShell.Analytics`, `ZappShell.Gate`
/// and `ZappShell.ExternalHook`, plus the stand-in for hook plugins of unknown classes
/// (`StandInHook`). (The menu and navigation-bar classes are ZappCore's.)
///
/// Registries over this catalog are made by `BuiltInRegistry`, the one factory.
public enum BuiltInPlugins {
    /// Registers every built-in class.
    public static func register(in catalog: inout PluginCatalog) {
        catalog.register(.localLogin) { configuration, environment in
            try loginFactory(configuration, environment) { configuration, environment in
                try LocalCredentials(configuration: configuration.configuration, now: environment.now)
            }
        }
        catalog.register(.httpLogin) { configuration, environment in
            try loginFactory(configuration, environment) { configuration, environment in
                let credentials = try HTTPCredentials(configuration: configuration.configuration, now: environment.now)
                if !credentials.isEncryptedOrLocal {
                    environment.logger.warning(
                        "\(configuration.identifier): \(credentials.endpoint.absoluteString) is plain http: passwords are sent unencrypted")
                }
                return credentials
            }
        }
        catalog.register(.analytics) { configuration, environment in
            AnalyticsFactory(identifier: configuration.identifier, logger: environment.logger)
        }
        catalog.register(.gate) { configuration, _ in
            GateFactory(settings: try GateHook.Settings(configuration: configuration.configuration))
        }
        catalog.register(.externalHook) { configuration, environment in
            ExternalHookFactory(
                configuration: configuration,
                settings: try ExternalHook.Settings(
                    configuration: configuration.configuration, defaultTimeout: environment.hookTimeout),
                environment: environment)
        }
        catalog.registerStandIn { configuration, _ in StandInFactory(className: configuration.manifest.api.className) }
    }

    /// A catalog holding the built-in classes only.
    public static var catalog: PluginCatalog {
        var catalog = PluginCatalog()
        register(in: &catalog)
        return catalog
    }

    private static func loginFactory(
        _ configuration: PluginConfiguration, _ environment: PluginEnvironment,
        verifier makeVerifier: (PluginConfiguration, PluginEnvironment) throws -> any CredentialVerifier
    ) throws -> LoginFactory {
        let verifier = try makeVerifier(configuration, environment)
        let startupGateway = try ConfigurationReader(configuration.configuration).bool("startup_gateway") ?? false
        let identifier = configuration.identifier
        let store: SessionStore
        switch environment.sessions {
        case .persistent:
            store = SessionStore(
                fileURL: SessionStore.fileURL(
                    stateDirectory: environment.stateDirectory, appIdentity: environment.appIdentity),
                logger: environment.logger, now: environment.now)
        case .inMemory(let username):
            let trace = username.map { verifier.traceSession(username: $0, provider: identifier) }
            if let warning = trace?.warning { environment.logger.warning("\(identifier): \(warning)") }
            store = SessionStore(inMemory: trace?.session, logger: environment.logger, now: environment.now)
        }
        let login = CredentialLogin(
            identifier: identifier, verifier: verifier, store: store, startupGateway: startupGateway,
            presenter: environment.presenter, logger: environment.logger)
        return LoginFactory(login: login)
    }
}
