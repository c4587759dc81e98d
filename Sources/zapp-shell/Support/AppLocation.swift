import ArgumentParser
import Foundation
import ZappModel

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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

    init(argument: String?) {
        guard let argument, !argument.isEmpty else {
            self = .demo
            return
        }
        let lower = argument.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://"), let url = URL(string: argument) {
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
    /// waiting up to the timeout.
    nonisolated(nonsending) func load(plugins: String? = nil, progress: @Sendable (String) -> Void = AppLocation.reportOnStandardError) async
        -> AppLoadResult
    {
        switch self {
        case .demo:
            do {
                return AppLoader.load(
                    folder: try BundledDemoApp.folder(), displayName: "demo",
                    pluginsFile: plugins.map { URL(fileURLWithPath: $0) }, pluginsDisplayName: plugins)
            } catch {
                let diagnostic = Diagnostic.error(.unreadable, file: "demo", at: .file, String(describing: error))
                return AppLoadResult(app: nil, diagnostics: [diagnostic], files: ["demo"])
            }
        case .path(let path):
            return AppLoader.load(path: path, pluginsPath: plugins)
        case .remote(let url):
            return await Self.loadRemote(url, plugins: plugins, progress: progress)
        }
    }

    /// Writes one progress line to stderr (stdout stays the command's output).
    static let reportOnStandardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    // MARK: Remote apps

    /// Fetches river.json and plugin_configurations.json of an app folder served over HTTP;
    /// `plugins` is a local plugin list used instead of the served one.
    static func loadRemote(
        _ url: URL, plugins localPlugins: String? = nil, progress: @Sendable (String) -> Void = reportOnStandardError
    ) async -> AppLoadResult {
        let folder = url.lastPathComponent.lowercased().hasSuffix(".json") ? url.deletingLastPathComponent() : url
        let riverURL = url.lastPathComponent.lowercased().hasSuffix(".json")
            ? url : folder.appendingPathComponent(AppLoader.riverFileName)
        let pluginsURL = folder.appendingPathComponent(AppLoader.pluginsFileName)
        let riverShown = riverURL.absoluteString
        let pluginsShown = pluginsURL.absoluteString

        let river: Data
        progress("Fetching \(riverShown) (timeout \(Int(fetchTimeout)) s)…")
        switch await fetch(riverURL) {
        case .success(let data):
            river = data
        case .failure(let failure):
            let diagnostic = Diagnostic.error(
                .unreadable, file: riverShown, at: .file, "cannot be fetched: \(failure.reason)",
                hint: "APP may be the URL of a folder that serves river.json and plugin_configurations.json")
            return AppLoadResult(app: nil, diagnostics: [diagnostic], files: [riverShown])
        }
        let plugins: AppLoader.PluginsSource
        if let localPlugins {
            let pluginsFile = URL(fileURLWithPath: localPlugins)
            switch ConfigurationFileReader.read(pluginsFile, file: localPlugins) {
            case .success(let data): plugins = .data(data)
            case .failure(let diagnostic): plugins = .unreadable(diagnostic)
            }
            let name = folder.lastPathComponent.isEmpty ? (url.host ?? "app") : folder.lastPathComponent
            return AppLoader.load(
                river: river, plugins: plugins, name: name, folder: nil, riverFile: riverShown, pluginsFile: localPlugins)
        }
        progress("Fetching \(pluginsShown) (timeout \(Int(fetchTimeout)) s)…")
        switch await fetch(pluginsURL) {
        case .success(let data):
            plugins = .data(data)
        case .failure(let failure) where failure.isNotFound:
            plugins = .absent
        case .failure(let failure):
            plugins = .unreadable(
                .error(.unreadable, file: pluginsShown, at: .file, "cannot be fetched: \(failure.reason)"))
        }
        let name = folder.lastPathComponent.isEmpty ? (url.host ?? "app") : folder.lastPathComponent
        return AppLoader.load(
            river: river, plugins: plugins, name: name, folder: nil, riverFile: riverShown, pluginsFile: pluginsShown)
    }

    /// Why a fetch failed.
    struct FetchFailure: Error {
        var reason: String
        var isNotFound = false
    }

    /// GETs a URL; anything but a 2xx answer with a body is a failure.
    static func fetch(_ url: URL) async -> Result<Data, FetchFailure> {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: fetchTimeout)
        request.httpMethod = "GET"
        return await withCheckedContinuation { continuation in
            let task = URLSession.shared.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(returning: .failure(FetchFailure(reason: error.localizedDescription)))
                    return
                }
                guard let http = response as? HTTPURLResponse else {
                    continuation.resume(returning: .failure(FetchFailure(reason: "no HTTP response")))
                    return
                }
                guard (200..<300).contains(http.statusCode) else {
                    let status = HTTPURLResponse.localizedString(forStatusCode: http.statusCode)
                    continuation.resume(
                        returning: .failure(
                            FetchFailure(reason: "HTTP \(http.statusCode) \(status)", isNotFound: http.statusCode == 404)))
                    return
                }
                continuation.resume(returning: .success(data ?? Data()))
            }
            task.resume()
        }
    }
}

/// An app ready to run, with the problems found while loading it, all of them warnings here
/// (`AppLoadResult.runWarnings`; `DiagnosticCode.stopsRunning` decides what refuses an app).
struct LoadedApp {
    var app: ZappApp
    var warnings: [Diagnostic]
}

extension AppLocation {
    /// Loads the app for `run`, `render` and `trace`. On errors that stop it from running it
    /// prints the problems the way `validate` does to stderr and exits with 1 (2 when a file
    /// cannot be read).
    nonisolated(nonsending) static func loadOrExit(_ argument: String?, plugins: String? = nil) async throws -> LoadedApp {
        let result = await AppLocation(argument: argument).load(plugins: plugins)
        if let app = result.app, !result.hasBlockingErrors {
            return LoadedApp(app: app, warnings: result.runWarnings)
        }
        var report = ValidationReport()
        report.add(result)
        let problems = report.diagnostics.map(\.description) + [report.summary]
        Console.printError(problems.joined(separator: "\n"))
        throw ExitCode(report.exitCode == 0 ? 1 : report.exitCode)
    }
}
