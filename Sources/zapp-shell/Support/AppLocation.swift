import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ZappModel
import ZappPlugins

/// Where the APP argument of `run`, `render`, `trace` and `validate` points: nothing (the
/// bundled demo app), an app folder, a river.json file, or an http(s) URL of an app folder.
enum AppLocation: Equatable {
    case demo
    /// A local folder or river.json path, as the user typed it (messages name files through it).
    case path(String)
    /// An http(s) URL of an app folder (or of its river.json).
    case remote(URL)

    /// How long a fetch of a remote app file may take.
    static let fetchTimeout: TimeInterval = 20
    /// The largest remote app file read: the largest local one (`ConfigurationFileReader.maximumSize`).
    static let fetchMaximumBytes = ConfigurationFileReader.maximumSize

    init(argument: String?) {
        guard let argument, !argument.isEmpty else {
            self = .demo
            return
        }
        let lower = argument.lowercased()
        if argument.isWebURL, let url = URL(string: argument) {
            self = .remote(url)
        } else if lower.hasPrefix("file://"), let url = URL(string: argument) {
            self = .path(url.path)
        } else {
            self = .path(argument)
        }
    }

    /// Loads the app with all its diagnostics; `plugins` (`--plugins FILE`) is a local file that
    /// holds the plugin list instead of the app's plugin_configurations.json. A remote app reports
    /// each fetch to `progress` (stderr by default), since a slow server can keep the command
    /// waiting up to the timeout. `deferringChecks` leaves the river's cross-reference checks to
    /// `AppLoadResult.completingChecks()` (`run` shows its first frame without them).
    /// `offline` (`run`): where an http(s) app loaded whole is kept as its last good copy.
    nonisolated(nonsending) func load(
        plugins: String? = nil, deferringChecks: Bool = false,
        progress: @Sendable (String) -> Void = AppLocation.reportOnStandardError, offline: OfflineAppCopies? = nil
    ) async -> AppLoadResult {
        switch self {
        case .demo:
            do {
                return try BundledDemoApp.load(
                    pluginsFile: plugins.map { URL(fileURLWithPath: $0) }, pluginsDisplayName: plugins,
                    deferringChecks: deferringChecks)
            } catch {
                let diagnostic = Diagnostic.error(.unreadable, file: "demo", at: .file, String(describing: error))
                return AppLoadResult(app: nil, diagnostics: [diagnostic], files: ["demo"])
            }
        case .path(let path):
            return AppLoader.load(path: path, pluginsPath: plugins, deferringChecks: deferringChecks)
        case .remote(let url):
            return await Self.loadRemote(url, plugins: plugins, progress: progress, offline: offline)
        }
    }

    /// Writes one progress line to stderr (stdout stays the command's output).
    static let reportOnStandardError: @Sendable (String) -> Void = { line in
        Console.writeStandardError(line + "\n")
    }

    // MARK: Remote apps

    /// Fetches river.json, plugin_configurations.json and content_types.json (when the server has
    /// one) of an app folder served over HTTP; `plugins` is a local plugin list used instead of the
    /// served one. The app's relative feed sources are then fetched from the same folder. With
    /// `offline` (`run`), an app loaded without errors is kept there as its last good copy.
    static func loadRemote(
        _ url: URL, plugins localPlugins: String? = nil, timeout: TimeInterval = fetchTimeout,
        maximumBytes: Int = fetchMaximumBytes, progress: @Sendable (String) -> Void = reportOnStandardError,
        offline: OfflineAppCopies? = nil
    ) async -> AppLoadResult {
        let place = RemotePlace(url)
        let riverShown = place.river.absoluteString
        let pluginsShown = place.plugins.absoluteString

        let river: Data
        progress("Fetching \(riverShown) (timeout \(formatted(timeout)) s)…")
        switch await fetch(place.river, timeout: timeout, maximumBytes: maximumBytes) {
        case .success(let data):
            river = data
        case .failure(let failure):
            let diagnostic = Diagnostic.error(
                .unreadable, file: riverShown, at: .file, "cannot be fetched: \(failure.reason)",
                hint: "APP may be the URL of a folder that serves river.json and plugin_configurations.json")
            return AppLoadResult(app: nil, diagnostics: [diagnostic], files: [riverShown])
        }
        // The copy holds the bytes a second time: only what will be kept (`maximumRiverBytes`).
        let keepsCopy = offline != nil && river.count <= OfflineAppCopy.maximumRiverBytes
        var copy = OfflineAppCopy(
            river: keepsCopy ? Array(river) : [], plugins: nil, contentTypes: nil, saved: Int(Date().timeIntervalSince1970))
        let plugins: AppLoader.PluginsSource
        if let localPlugins {
            plugins = localPluginsSource(localPlugins)
        } else {
            progress("Fetching \(pluginsShown) (timeout \(formatted(timeout)) s)…")
            switch await fetch(place.plugins, timeout: timeout, maximumBytes: min(maximumBytes, ConfigurationFileReader.pluginsMaximumSize)) {
            case .success(let data):
                plugins = .data(data)
                copy.plugins = Array(data)
            case .failure(let failure) where failure.isNotFound:
                plugins = .absent
            case .failure(let failure):
                plugins = .unreadable(
                    .error(.unreadable, file: pluginsShown, at: .file, "cannot be fetched: \(failure.reason)"))
            }
        }
        var result = AppLoader.load(
            river: river, plugins: plugins, name: remoteName(of: place.folder), folder: nil, riverFile: riverShown,
            pluginsFile: localPlugins ?? pluginsShown)
        guard result.app != nil, !result.hasBlockingErrors else { return result }
        // content_types.json is optional: a 404 means the app has none.
        let contentTypesShown = place.contentTypes.absoluteString
        progress("Fetching \(contentTypesShown) (timeout \(formatted(timeout)) s)…")
        switch await fetch(place.contentTypes, timeout: timeout, maximumBytes: maximumBytes) {
        case .success(let data):
            AppLoader.addContentTypes(data, shown: contentTypesShown, to: &result)
            copy.contentTypes = Array(data)
        case .failure(let failure) where failure.isNotFound:
            break
        case .failure(let failure):
            AppLoader.addUnreadableContentTypes(
                .error(.unreadable, file: contentTypesShown, at: .file, "cannot be fetched: \(failure.reason)"),
                shown: contentTypesShown, to: &result)
        }
        result.app?.remoteFolder = place.feedFolder
        // Kept only when every file the server has was read (a failing plugin list is no good copy).
        if let offline, keepsCopy, !result.diagnostics.contains(where: { $0.code == .unreadable }) { offline.keep(copy, of: place.key) }
        return result
    }

    /// The app at `url` as its last good copy (`loadRemote`'s `offline`) holds it, read as
    /// `loadRemote` reads what the server sends; nil when no copy is kept.
    static func loadOfflineCopy(_ url: URL, plugins localPlugins: String? = nil, from offline: OfflineAppCopies)
        -> (result: AppLoadResult, copy: OfflineAppCopy)?
    {
        let place = RemotePlace(url)
        guard let copy = offline.copy(of: place.key) else { return nil }
        let pluginsShown = place.plugins.absoluteString
        let plugins = localPlugins.map(localPluginsSource) ?? copy.plugins.map { .data(Data($0)) } ?? .absent
        var result = AppLoader.load(
            river: Data(copy.river), plugins: plugins, name: remoteName(of: place.folder), folder: nil,
            riverFile: place.river.absoluteString, pluginsFile: localPlugins ?? pluginsShown)
        if let contentTypes = copy.contentTypes {
            AppLoader.addContentTypes(Data(contentTypes), shown: place.contentTypes.absoluteString, to: &result)
        }
        result.app?.remoteFolder = place.feedFolder
        return (result, copy)
    }

    /// The addresses of a remote app's files: `url` is its folder or its river file.
    struct RemotePlace {
        var folder: URL
        var river: URL
        var plugins: URL { folder.appendingPathComponent(AppLoader.pluginsFileName) }
        var contentTypes: URL { folder.appendingPathComponent(ContentTypes.fileName) }
        /// Where relative feed sources are fetched from (the folder, ending in "/").
        var feedFolder: URL? {
            let text = folder.absoluteString
            return text.hasSuffix("/") ? folder : URL(string: text + "/")
        }
        /// The address an offline copy is kept under (the folder, with or without "/" the same).
        var key: URL { feedFolder ?? folder }

        init(_ url: URL) {
            let isFile = url.lastPathComponent.lowercased().hasSuffix(".json")
            folder = isFile ? url.deletingLastPathComponent() : url
            river = isFile ? url : folder.appendingPathComponent(AppLoader.riverFileName)
        }
    }

    /// `--plugins FILE` of a remote app: a local file read instead of the served list.
    private static func localPluginsSource(_ path: String) -> AppLoader.PluginsSource {
        switch ConfigurationFileReader.read(URL(fileURLWithPath: path), file: path, limit: ConfigurationFileReader.pluginsMaximumSize) {
        case .success(let data): return .data(data)
        case .failure(let diagnostic): return .unreadable(diagnostic)
        }
    }

    /// The name of an app served from `folder`: its last path component, or for the server's
    /// root its host (with the port when one is given), never "/".
    static func remoteName(of folder: URL) -> String {
        let last = folder.lastPathComponent
        if !last.isEmpty, last != "/" { return last }
        guard let host = folder.host, !host.isEmpty else { return "app" }
        return folder.port.map { "\(host):\($0)" } ?? host
    }

    /// Why a fetch failed.
    struct FetchFailure: Error {
        var reason: String
        var isNotFound = false
    }

    /// GETs a URL through the one HTTP transport (`HTTPClient`); anything but a 2xx answer is a
    /// failure whose reason names the URL and what happened.
    static func fetch(_ url: URL, timeout: TimeInterval = fetchTimeout, maximumBytes: Int = fetchMaximumBytes) async
        -> Result<Data, FetchFailure>
    {
        switch await HTTPClient().get(url, accept: "application/json", timeout: timeout, maximumBytes: maximumBytes) {
        case .failure(let failure):
            return .failure(FetchFailure(reason: failure.explanation))
        case .success(let response) where !(200..<300).contains(response.status):
            return .failure(FetchFailure(reason: "the server answered \(response.statusLine)", isNotFound: response.status == 404))
        case .success(let response):
            return .success(response.body)
        }
    }

    /// "20", "0.5".
    private static func formatted(_ seconds: TimeInterval) -> String {
        seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)
    }
}

/// An app ready to run, with the problems found while loading it, all of them warnings here
/// (`AppLoadResult.runWarnings`; `DiagnosticCode.stopsRunning` decides what refuses an app).
struct LoadedApp {
    var app: ZappApp
    var warnings: [Diagnostic]
    /// With `deferringChecks`: runs the checks left for later and returns every warning,
    /// `warnings` included, in `validate`'s order; nil when `warnings` is complete.
    var completeWarnings: (@Sendable () -> [Diagnostic])?
}

extension AppLocation {
    /// Every feed source it cannot show and every asset or feed it may not read, named by key.
    static func sourceWarnings(_ app: ZappApp) -> [Diagnostic] {
        // One pass over the screens (a large river's are decoded as read), the feed warnings first.
        let file = AppLoader.riverFileName
        return Array(
            app.screens.diagnosticsOfEveryScreen(
                file: file,
                [
                    { FeedSource.warnings(in: $1, at: $0, of: app, file: file) },
                    { LocalReference.warnings(in: $1, at: $0, of: app, file: file) },
                ]
            ).joined())
    }

    /// Loads the app for `run`, `render` and `trace`. On errors that stop it from running it
    /// prints the problems the way `validate` does to stderr and exits with 1 (2 when a file
    /// cannot be read).
    /// `deferringChecks`: see `load(plugins:deferringChecks:progress:)`; the checks cannot stop
    /// the app, so what refuses it is the same.
    /// `feeds` (`--feeds MAP.json`) is read first (a map that cannot be used exits with 2, naming
    /// its file and line); the app gets it, and every source it leaves unreachable is a warning.
    nonisolated(nonsending) static func loadOrExit(
        _ argument: String?, plugins: String? = nil, feeds: String? = nil, deferringChecks: Bool = false
    ) async throws -> LoadedApp {
        let feedMap = try feedMapOrExit(feeds)
        let result = await AppLocation(argument: argument).load(plugins: plugins, deferringChecks: deferringChecks)
        if let loaded = loaded(result, feedMap: feedMap) { return loaded }
        throw problems(of: result)
    }

    /// The app of `result` with `feedMap`, ready to run; nil when errors stop it.
    static func loaded(_ result: AppLoadResult, feedMap: FeedMap) -> LoadedApp? {
        guard var app = result.app, !result.hasBlockingErrors else { return nil }
        app.feedMap = feedMap
        let mapped = app
        let complete: (@Sendable () -> [Diagnostic])? =
            result.deferredChecks == nil
            ? nil
            : { @Sendable in result.completingChecks().runWarnings + sourceWarnings(mapped) }
        // A river decoded as it is read is walked for its sources with the deferred checks.
        let feedWarnings = complete == nil ? sourceWarnings(app) : []
        return LoadedApp(app: app, warnings: result.runWarnings + feedWarnings, completeWarnings: complete)
    }

    /// Prints the problems that stop `result` the way `validate` does to stderr; the exit code
    /// to throw (1, or 2 when a file cannot be read).
    static func problems(of result: AppLoadResult) -> ExitCode {
        var report = ValidationReport()
        report.add(result.completingChecks())
        let problems = report.diagnostics.map(\.description) + [report.summary]
        Console.printError(problems.joined(separator: "\n"))
        return ExitCode(report.exitCode == 0 ? 1 : report.exitCode)
    }

    /// The feed map of `--feeds PATH` (empty without one); a map that cannot be used is printed
    /// with its file and line, and the command exits with 2.
    static func feedMapOrExit(_ path: String?) throws -> FeedMap {
        guard let path else { return FeedMap() }
        do {
            return try FeedMap.load(path: path)
        } catch {
            Console.printError("zapp-shell: --feeds \(error)")
            throw ExitCode(2)
        }
    }
}
