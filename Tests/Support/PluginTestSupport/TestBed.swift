import Foundation
import Logging
import ZappCore
import ZappModel
import ZappPlugins

/// A temporary state directory (removed when the bed is released), a captured log, a scripted
/// presenter, and helpers to make the built-in plugins the way the app does: through the
/// `PluginRegistry` and `BuiltInPlugins`.
public final class TestBed: @unchecked Sendable {
    public let directory: URL
    public let log = CapturedLog()
    public var presenter: RecordingPresenter
    public var now: @Sendable () -> Date = { Date() }

    public init(answers: [PaneAnswer] = []) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("zapp-plugins-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        presenter = RecordingPresenter(answers)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    public var stateDirectory: URL { directory.appendingPathComponent("state") }

    /// The session file the login plugins of this bed use.
    public var sessionFile: URL { SessionStore.fileURL(stateDirectory: stateDirectory, appIdentity: "test-app") }

    public func environment(sessions: PluginEnvironment.Sessions = .persistent, appFolder: URL? = nil) -> PluginEnvironment {
        PluginEnvironment(
            stateDirectory: stateDirectory, appIdentity: "test-app", appFolder: appFolder ?? directory,
            logger: log.logger, presenter: presenter, sessions: sessions, now: now)
    }

    /// The registry of these plugins, made with the built-in catalog.
    public func registry(_ plugins: [PluginConfiguration], sessions: PluginEnvironment.Sessions = .persistent) -> PluginRegistry {
        BuiltInRegistry.make(configurations: plugins, environment: environment(sessions: sessions))
    }

    /// The factory of one plugin (as the app makes it once per run).
    public func factory(_ plugin: PluginConfiguration, sessions: PluginEnvironment.Sessions = .persistent) throws
        -> any PluginFactory
    {
        let registered = try requireValue(registry([plugin], sessions: sessions).plugin(identifier: plugin.identifier))
        if let reason = registered.unavailableReason { throw TestFailure("\(plugin.identifier) unavailable: \(reason)") }
        return try requireValue(registered.factory)
    }

    /// A hook instance for one run towards `target`.
    public func hook(_ factory: any PluginFactory, plugin: PluginConfiguration, target: ScreenModel = .plain) throws
        -> any ScreenHook
    {
        let context = HookContext(
            plugin: plugin, hookScreen: nil, target: target, presenter: presenter,
            app: ZappApp(screens: [target], plugins: [plugin], folder: directory, name: "test"))
        return try requireValue(factory.makeScreenHook(context: context))
    }
}

/// A failure in the test set-up, with a message.
public struct TestFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Unwraps or throws (usable in helpers outside a test function).
public func requireValue<T>(_ value: T?, _ what: String = "value") throws -> T {
    guard let value else { throw TestFailure("missing \(what)") }
    return value
}

extension PluginConfiguration {
    public static func plugin(_ identifier: String, _ className: String, type: String = "general", _ configuration: JSONObject = [:])
        -> PluginConfiguration
    {
        PluginConfiguration(
            manifest: PluginManifest(identifier: identifier, type: type, api: PluginAPI(className: className)),
            configuration: configuration)
    }

    /// A LocalLogin with `demo` (premium) and `free` (no entitlements).
    public static func localLogin(_ extra: JSONObject = [:]) -> PluginConfiguration {
        var configuration: JSONObject = [
            "users": [
                ["username": "demo", "password": "demo-pass", "entitlements": ["premium"]],
                ["username": "free", "password": "free-pass", "entitlements": []],
            ]
        ]
        for (key, value) in extra { configuration[key] = value }
        return .plugin("test_login", "ZappShell.LocalLogin", type: "login", configuration)
    }
}

extension ScreenModel {
    public static let plain = ScreenModel(id: "home", name: "Home")
    public static let premium = ScreenModel(id: "premium", name: "Premium", general: ["required_entitlements": ["premium"]])
}
