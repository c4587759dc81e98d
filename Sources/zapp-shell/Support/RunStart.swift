#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ZappModel

/// How `run` starts its app. A local app, or an http(s) app the server sends, is loaded (or
/// refused as `validate` would). An http(s) app that cannot be fetched is not an exit: its last
/// good copy opens, marked offline (the startup sequence runs `executeOnFailedLoading` first),
/// or, with no copy, the app starts on "Loading failed" with Retry (DESIGN.md, "Startup hooks").
enum RunStart {
    case loaded(LoadedApp)
    /// The last good copy; `note` is what the screen says, `reason` why the server failed.
    case offline(LoadedApp, note: String, reason: String)
    /// Nothing to show yet: the app named `name` could not be fetched for `reason`.
    case notFetched(name: String, reason: String)

    /// Loads the app for `run`; `offline` keeps (and gives back) the copies of http(s) apps.
    nonisolated(nonsending) static func load(
        _ argument: String?, plugins: String?, feeds: String?, offline: OfflineAppCopies?
    ) async throws -> RunStart {
        let location = AppLocation(argument: argument)
        guard case .remote(let url) = location else {
            return .loaded(try await AppLocation.loadOrExit(argument, plugins: plugins, feeds: feeds, deferringChecks: true))
        }
        let feedMap = try AppLocation.feedMapOrExit(feeds)
        let result = await location.load(plugins: plugins, deferringChecks: true, offline: offline)
        if let loaded = AppLocation.loaded(result, feedMap: feedMap) { return .loaded(loaded) }
        // Only a fetch that failed falls back; an app the server sends with errors is refused.
        guard let failure = result.diagnostics.first(where: { $0.code == .unreadable }) else {
            throw AppLocation.problems(of: result)
        }
        let reason = failure.description
        if let offline, let kept = AppLocation.loadOfflineCopy(url, plugins: plugins, from: offline),
            let loaded = AppLocation.loaded(kept.result, feedMap: feedMap)
        {
            return .offline(loaded, note: "offline: last copy from \(kept.copy.savedText)", reason: reason)
        }
        return .notFetched(name: AppLocation.remoteName(of: AppLocation.RemotePlace(url).folder), reason: reason)
    }

    /// Nothing was fetched and no copy is kept.
    var isNotFetched: Bool {
        if case .notFetched = self { return true }
        return false
    }
}
