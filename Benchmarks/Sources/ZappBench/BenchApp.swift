import Foundation
import Logging
import ShellCore
import ShellUI
import ZappCore
import ZappModel
import ZappPlugins

/// Loads apps and builds the same services `zapp-shell run` builds (built-in plugins, the real
/// `ScreenHookManager`), with a silent logger and a throwaway state directory.
enum BenchApp {
    struct LoadFailure: Error, CustomStringConvertible {
        var description: String
    }

    static func load(folder: URL) throws -> ZappApp {
        let result = AppLoader.load(folder: folder)
        guard let app = result.app, !result.hasErrors else {
            throw LoadFailure(description: "\(folder.path) does not load: \(result.diagnostics.prefix(3))")
        }
        return app
    }

    static let stateDirectory = FileManager.default.temporaryDirectory
        .appendingPathComponent("zapp-bench-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)

    static let logger = Logger(label: "zapp-bench") { _ in SwiftLogNoOpLogHandler() }

    static func environment(app: ZappApp, presenter: any Presenter) -> PluginEnvironment {
        PluginEnvironment(
            stateDirectory: stateDirectory, appIdentity: PluginEnvironment.appIdentity(for: app), appFolder: app.folder,
            logger: logger, presenter: presenter, sessions: .inMemory(signedInUser: nil))
    }

    /// The services of `zapp-shell run` for `app` (the same wiring, `AppServices.builtIn`).
    @MainActor
    static func services(app: ZappApp, presenter: any Presenter, trace: TraceLog = TraceLog()) -> AppServices {
        AppServices.builtIn(app: app, environment: environment(app: app, presenter: presenter), trace: trace)
    }

    /// A runtime over `terminal` for `app`, started and past the splash (home on screen).
    @MainActor
    static func startedRuntime(app: ZappApp, terminal: any Terminal) async throws -> ShellRuntime {
        let setup = ShellSetup(
            app: app, loadApp: { AppLoad(app: app) }, makeServices: { app, presenter, trace in services(app: app, presenter: presenter, trace: trace) })
        let runtime = ShellRuntime(terminal: terminal, setup: setup)
        runtime.start()
        guard await runtime.settle(until: { $0.isStartupComplete && $0.activity == nil }) else {
            throw LoadFailure(description: "the demo app did not reach its home screen")
        }
        return runtime
    }
}
