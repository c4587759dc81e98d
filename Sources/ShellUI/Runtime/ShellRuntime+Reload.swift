import Dispatch
import ZappCore
import ZappModel

/// Reloading the app (`r`, `run --watch`, a retry) with new services, and the trace feed of
/// the running app's services.
@MainActor
extension ShellRuntime {
    func startTraceFeed() {
        let updates = services.trace.updates()
        let inbox = inbox
        traceTask = Task {
            for await entry in updates {
                inbox.post(.traceAppended([entry.line]))
            }
        }
    }

    /// Reads the app of `generation` again (and the theme file, when the theme comes from one);
    /// a new app gets new services (the hook manager, the registry, the trace) and its assets
    /// are read before the update shows it. Hooks still running keep the services they started with.
    func reload(generation: Int) {
        let loadApp = setup.loadApp
        let loadTheme = setup.loadTheme
        runInBackground { runtime in
            do {
                if let loadTheme {
                    runtime.inbox.post(.themeReloaded(try await loadTheme()))
                }
                let revision = await runtime.revision(of: try await loadApp())
                runtime.inbox.post(.appReloaded(revision, generation: generation))
            } catch {
                runtime.inbox.post(.reloadFailed("\(error)"))
            }
        }
    }

    /// A loaded app with new services (whose root menu it reports) and its bars' assets, read off
    /// the main actor.
    func revision(of load: AppLoad) async -> AppRevision {
        services = setup.makeServices(load.app, presenter)
        traceTask?.cancel()
        startTraceFeed()
        let app = load.app
        let assets = await Task.detached { AssetStore(app: app) }.value
        return AppRevision(
            app: app, rootKind: services.navigator.rootMenu.kind, warnings: load.warnings, assets: assets)
    }
}
