import ZappCore
import ZappModel
import ShellCore

/// The startup sequence's steps (`StartupStep`): each asked for by the update, run in a task with
/// the running app's services, its result posted back (`.startupStepEnded`). Nothing waits in
/// between: the update decides the next step, and when (after the frame showing a screen).
@MainActor
extension ShellRuntime {
    func runStartupStep(_ step: StartupStep) {
        let services = services
        let loadApp = setup.loadApp
        let offline = setup.offline
        runInBackground { runtime in
            let startup = services.startup
            let result: StartupStepResult
            switch step {
            case .launch:
                await startup.launch()
                result = .done
            case .load(let app, let reusesLoadedApp, let isRetry):
                if isRetry { startup.retrying() }
                do {
                    // The app loaded before the terminal started is used as it is; a retry reads it
                    // again. An offline copy was loaded because the server failed: that load failed.
                    let load = try await startup.loadAppData { () async throws -> AppLoad? in
                        if reusesLoadedApp, let offline { throw OfflineLoadFailure(reason: offline.reason) }
                        return reusesLoadedApp ? nil : try await loadApp()
                    }
                    guard let load, load.app != app else {
                        result = .loaded(nil)
                        break
                    }
                    result = .loaded(await runtime.revision(of: load))
                } catch {
                    result = .loadingFailed(reason: String(describing: error))
                }
            case .failedLoading:
                await startup.failedLoading()
                // The update goes on with the copy it was started with (`ShellModel.offlineNote`).
                if offline != nil { startup.openedLastGoodCopy() }
                result = .done
            case .applicationReady:
                await startup.applicationReady()
                result = .done
            case .presentRoot:
                result = .rootPresented(await services.navigator.start())
            case .rootPostHooks(let presented):
                await services.navigator.finish(presented)
                result = .done
            case .afterRootPresentation:
                await startup.afterRootPresentation()
                result = .done
            case .continueUserActivity(let url, let app):
                result = .deepLinkFollowed(await startup.continueUserActivity(url, app: app, opener: services.opener))
            case .linkedScreenPostHooks(let screen, let dataDict):
                await services.opener.runPostHooks(for: screen, dataDict: dataDict)
                result = .done
            }
            runtime.inbox.post(.startupStepEnded(step, result))
        }
    }
}

/// Why the app running from its last good copy could not be loaded from its server.
struct OfflineLoadFailure: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}
