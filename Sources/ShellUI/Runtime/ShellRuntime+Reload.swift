import ZappCore
import ZappModel
import ShellCore

/// Reloading the app (`r`, `run --watch`, a retry's load): a revision with services of its own, which
/// the runtime switches to only when the update accepts that revision (`.adoptServices`), over
/// the run's one trace; reading that trace by sequence.
@MainActor
extension ShellRuntime {
    /// Feeds the trace steps after the model's cursor through the update, by sequence, in chunks.
    func readTrace() {
        while true {
            let slice = setup.trace.entries(after: model.log.traceCursor, limit: EventLog.traceChunk)
            guard !slice.entries.isEmpty || slice.missed > 0 else { return }
            send(.traceAppended(slice))
        }
    }

    /// Reads the app of `generation` again (and the theme file, when the theme comes from one);
    /// a new app gets new services (the hook manager, the registry) over the run's one trace, and
    /// its assets are read before the update shows it.
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

    /// A loaded app with its own services (whose root menu it reports), held until the update
    /// accepts it (`adoptServices`), and its bars' assets, read off the main actor.
    func revision(of load: AppLoad) async -> AppRevision {
        let built = setup.makeServices(load.app, presenter, setup.trace)
        lastServicesID += 1
        let id = lastServicesID
        preparedServices[id] = built
        let app = load.app
        // The bars' assets are files: read on the blocking-work pool, never on the shared pool.
        let assets = await BlockingWork.run { AssetStore(app: app) }
        return AppRevision(
            app: app, rootKind: built.navigator.rootMenu.kind, warnings: load.warnings, assets: assets, servicesID: id)
    }

    /// The update accepted the revision `id`: its services run the app from now on (the hooks
    /// still running keep the services they started with; their steps reach the same trace).
    func adoptServices(_ id: Int) {
        guard let adopted = preparedServices.removeValue(forKey: id) else { return }
        services = adopted
    }

    /// The update dropped the revision `id` (its app was replaced meanwhile): its services go.
    func discardServices(_ id: Int) {
        preparedServices[id] = nil
    }
}
