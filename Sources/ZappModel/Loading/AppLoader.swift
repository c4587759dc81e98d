#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Loads Zapp apps and single configuration files, collecting every diagnostic.
///
/// An app is river.json plus plugin_configurations.json. It can come from a folder, from a
/// path to a river.json (plugin_configurations.json beside it, if present), or from bytes
/// already in memory (the bundled demo, an app fetched over HTTP). The app is returned only
/// when there is no error; warnings are returned with it.
public enum AppLoader {
    public static let riverFileName = "river.json"
    /// The name of a published layout's river, read when a folder has no river.json.
    public static let publishedRiverFileName = "rivers.json"
    public static let pluginsFileName = "plugin_configurations.json"
    /// Rivers smaller than this are parsed whole and decoded at once: the first frame of a small
    /// app reads most of its screens anyway (the demo's reads 15 of 21), so scanning first would
    /// only add work. A larger one is scanned (`ScannedRiver`) and its screens decoded when read.
    public static let lazyRiverMinimumSize = 1 << 20

    /// Loads the app at a path as the user typed it: a folder, or a river.json file.
    /// Messages name files through this path (`myapp/river.json`). `pluginsPath` (`--plugins`)
    /// takes the plugin list from another file than plugin_configurations.json beside the river.
    /// `deferringChecks` leaves the river's cross-reference checks to `AppLoadResult.completingChecks()`.
    public static func load(path: String, pluginsPath: String? = nil, deferringChecks: Bool = false) -> AppLoadResult {
        let url = URL(fileURLWithPath: path)
        let kind = FileSystem.kind(atPath: url.path)
        guard kind != .missing else {
            let diagnostic = ConfigurationFileReader.unreadable(
                path, "no such file or folder", hint: "pass an app folder holding river.json, or a river.json file")
            return AppLoadResult(app: nil, diagnostics: [diagnostic], files: [path])
        }
        let pluginsURL = pluginsPath.map { URL(fileURLWithPath: $0) }
        return kind == .directory
            ? load(
                folder: url, displayName: path, pluginsFile: pluginsURL, pluginsDisplayName: pluginsPath,
                deferringChecks: deferringChecks)
            : load(
                riverFile: url, pluginsFile: pluginsURL, displayName: path, pluginsDisplayName: pluginsPath,
                deferringChecks: deferringChecks)
    }

    /// Loads an app folder: river.json, or a published layout's rivers.json, is required;
    /// plugin_configurations.json is optional (or `pluginsFile` is used instead).
    /// `given`: the bytes of some of the folder's files, by name, which are then not read from
    /// it (the bundled demo's, parsed while they are written to its folder).
    public static func load(
        folder: URL, displayName: String? = nil, pluginsFile: URL? = nil, pluginsDisplayName: String? = nil,
        deferringChecks: Bool = false, given: [String: Data] = [:]
    ) -> AppLoadResult {
        let shown = displayName ?? folder.path
        guard
            let name = [riverFileName, publishedRiverFileName].first(where: {
                given[$0] != nil || FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
            })
        else {
            let diagnostic = ConfigurationFileReader.unreadable(
                shown, "folder has no \(riverFileName) (nor \(publishedRiverFileName))",
                hint: "an app folder holds \(riverFileName) and \(pluginsFileName)")
            return AppLoadResult(app: nil, diagnostics: [diagnostic], files: [shown])
        }
        return load(
            riverFile: folder.appendingPathComponent(name), pluginsFile: pluginsFile, displayName: FileSystem.path(name, in: shown),
            pluginsDisplayName: pluginsDisplayName, deferringChecks: deferringChecks, given: given)
    }

    /// Loads an app from its river.json and a plugin configurations file (by default
    /// plugin_configurations.json beside the river, when present). `given`: as for a folder.
    public static func load(
        riverFile: URL, pluginsFile: URL? = nil, displayName: String? = nil, pluginsDisplayName: String? = nil,
        deferringChecks: Bool = false, given: [String: Data] = [:]
    ) -> AppLoadResult {
        let riverShown = displayName ?? riverFile.path
        let folder = riverFile.deletingLastPathComponent()
        let pluginsURL = pluginsFile ?? folder.appendingPathComponent(pluginsFileName)
        let pluginsShown = pluginsDisplayName ?? (pluginsFile == nil ? sibling(of: riverShown, named: pluginsFileName) : pluginsURL.path)
        let river: Data
        switch given[riverFile.lastPathComponent].map({ Result<Data, Diagnostic>.success($0) })
            ?? ConfigurationFileReader.read(riverFile, file: riverShown)
        {
        case .success(let data): river = data
        case .failure(let diagnostic): return AppLoadResult(app: nil, diagnostics: [diagnostic], files: [riverShown])
        }
        let plugins: PluginsSource
        if pluginsFile == nil, let data = given[pluginsFileName] {
            plugins = .data(data)
        } else if pluginsFile == nil, !FileManager.default.fileExists(atPath: pluginsURL.path) {
            plugins = .absent
        } else {
            switch ConfigurationFileReader.read(pluginsURL, file: pluginsShown, limit: ConfigurationFileReader.pluginsMaximumSize) {
            case .success(let data): plugins = .data(data)
            case .failure(let diagnostic): plugins = .unreadable(diagnostic)
            }
        }
        var result = load(
            river: consume river, plugins: plugins, name: folder.lastPathComponent, folder: folder, riverFile: riverShown,
            pluginsFile: pluginsShown, deferringChecks: deferringChecks)
        let contentTypesShown = sibling(of: riverShown, named: ContentTypes.fileName)
        if let data = given[ContentTypes.fileName] {
            addContentTypes(data, shown: contentTypesShown, to: &result)
        } else {
            addContentTypes(from: folder, shown: contentTypesShown, to: &result)
        }
        return result
    }

    /// Reads the app folder's `content_types.json`, when there is one, into the loaded app,
    /// with its diagnostics (a file that cannot be parsed stops the app like any other).
    public static func addContentTypes(from folder: URL, shown: String, to result: inout AppLoadResult) {
        let url = folder.appendingPathComponent(ContentTypes.fileName)
        guard FileSystem.kind(atPath: url.path) != .missing else { return }
        switch ConfigurationFileReader.read(url, file: shown) {
        case .success(let data): addContentTypes(data, shown: shown, to: &result)
        case .failure(let diagnostic): addUnreadableContentTypes(diagnostic, shown: shown, to: &result)
        }
    }

    /// A `content_types.json` that is there but cannot be read (or fetched): its error stops the
    /// app, as any configuration file's does.
    public static func addUnreadableContentTypes(_ diagnostic: Diagnostic, shown: String, to result: inout AppLoadResult) {
        result.files.append(shown)
        result.diagnostics.append(diagnostic)
        result = result.completingChecks()
        result.app = nil
    }

    /// Adds a `content_types.json` read already (its bytes) to the loaded app, with its
    /// diagnostics; the fuzz target for content types enters here (Fuzz/).
    public static func addContentTypes(_ data: Data, shown: String, to result: inout AppLoadResult) {
        result.files.append(shown)
        let (value, parse) = ConfigurationFileReader.parse(data, file: shown)
        result.diagnostics += parse
        guard let value else {
            result = result.completingChecks()
            result.app = nil
            return
        }
        let (contentTypes, diagnostics) = ContentTypes.decode(value, file: shown)
        result.diagnostics += diagnostics
        guard var app = result.app else { return }
        result.diagnostics += contentTypes.danglingScreens(in: app, file: shown)
        app.contentTypes = contentTypes
        if result.hasBlockingErrors { result = result.completingChecks() }
        result.app = result.hasBlockingErrors ? nil : app
    }

    /// Loads an app from bytes in memory. `plugins` nil means there is no plugin
    /// configurations file (a warning); `folder` is where relative asset paths resolve.
    public static func load(
        river: Data, plugins: Data?, name: String = "app", folder: URL? = nil,
        riverFile: String = riverFileName, pluginsFile: String = pluginsFileName
    ) -> AppLoadResult {
        load(
            river: river, plugins: plugins.map(PluginsSource.data) ?? .absent, name: name, folder: folder,
            riverFile: riverFile, pluginsFile: pluginsFile)
    }

    /// Where an app's plugin configurations come from.
    public enum PluginsSource: Sendable {
        /// There is no plugin configurations file (a warning: the app has no plugins).
        case absent
        /// The file's bytes.
        case data(Data)
        /// The file exists but could not be read or fetched.
        case unreadable(Diagnostic)
    }

    /// Loads an app from bytes in memory, with the plugin configurations in any state.
    /// The river's bytes are consumed: they are released once parsed.
    ///
    /// `deferringChecks` leaves the river's cross-reference checks (targets, hooks, home,
    /// cycles: `AppValidator`) out of the result, to be run later by
    /// `AppLoadResult.completingChecks()`: none of them can stop the app, so `run` shows its
    /// first frame without waiting for them (a river with no screens is still checked at once,
    /// since that stops it). A large river is only scanned, with or without it (`ScannedRiver`: a
    /// syntax error still refuses the app here): only its home screen is decoded (the others when
    /// read: the update asks, `.decodeScreens`), and its decoding diagnostics join the checks'
    /// (the same diagnostics, in the same order, as decoding it whole gives).
    ///
    /// `lazyMinimumSize`: a smaller river is decoded at once (`lazyRiverMinimumSize`; tests and
    /// the fuzz target pass 0 to scan small rivers too).
    public static func load(
        river: consuming Data, plugins source: PluginsSource, name: String, folder: URL?, riverFile: String,
        pluginsFile: String, deferringChecks: Bool = false, lazyMinimumSize: Int = lazyRiverMinimumSize
    ) -> AppLoadResult {
        var pluginDiagnostics: [Diagnostic] = []
        var files = [riverFile]

        // A large river that scans (valid JSON, an array of screens) is decoded screen by screen
        // when read, and never held decoded whole (issue 34); any other is decoded now, which
        // reports it as it is.
        var bytes: Data? = consume river
        let scannedRiver = bytes!.count >= lazyMinimumSize ? ScannedRiver(scanning: bytes!, file: riverFile) : nil
        if scannedRiver == nil, let tooMany = ScannedRiver.tooManyScreens(bytes!, file: riverFile) {
            return AppLoadResult(app: nil, diagnostics: [tooMany], files: files)
        }
        var decodedRiver: (screens: [ScreenModel], sourceMap: RiverSourceMap)?
        var riverDiagnostics: [Diagnostic] = []
        if let whole = bytes.take(), scannedRiver == nil {
            let river = decodeRiver(consume whole, file: riverFile)
            decodedRiver = river.decoded
            riverDiagnostics = river.diagnostics
        }

        var plugins: [PluginConfiguration] = []
        var pluginsUsable = true
        switch source {
        case .absent:
            pluginDiagnostics.append(
                .warning(
                    .missingPluginConfigurations, file: pluginsFile, at: .file,
                    "not found; the app has no plugins",
                    hint: "an app folder holds \(riverFileName) and \(pluginsFileName)"))
        case .unreadable(let diagnostic):
            files.append(pluginsFile)
            pluginDiagnostics.append(diagnostic)
            pluginsUsable = false
        case .data(let data):
            files.append(pluginsFile)
            let (value, parse) = ConfigurationFileReader.parse(data, file: pluginsFile)
            pluginDiagnostics += parse
            if let value {
                let decoded = PluginConfigurationDecoder.decodeConfigurations(value, file: pluginsFile)
                plugins = decoded.plugins
                pluginDiagnostics += decoded.diagnostics
                pluginsUsable = !decoded.diagnostics.containsErrors
            } else {
                pluginsUsable = false
            }
        }

        var app: ZappApp?
        var checks: DeferredChecks?
        if let scannedRiver {
            let home = scannedRiver.homeFlags.firstIndex(of: true) ?? 0
            let candidate = ZappApp(
                river: scannedRiver, decoded: scannedRiver.screens(at: [home]), plugins: plugins, folder: folder, name: name)
            checks = DeferredChecks(app: candidate, river: scannedRiver, riverFile: riverFile, pluginsKnown: pluginsUsable)
            app = candidate
        } else if let decodedRiver {
            let candidate = ZappApp(screens: decodedRiver.screens, plugins: plugins, folder: folder, name: name)
            checks = DeferredChecks(
                app: candidate, riverFile: riverFile, pluginsKnown: pluginsUsable, sourceMap: decodedRiver.sourceMap,
                position: riverDiagnostics.count)
            app = candidate
        }
        if pluginsUsable { pluginDiagnostics += AppValidator.validatePlugins(plugins, file: pluginsFile) }
        func stops(_ diagnostics: [Diagnostic]) -> Bool {
            diagnostics.contains { $0.severity == .error && $0.code.stopsRunning }
        }
        // Checks are deferred only for an app that will run: one that is refused is reported whole.
        var deferred: DeferredChecks?
        if let checks {
            if deferringChecks, app?.screens.isEmpty == false, !stops(riverDiagnostics + pluginDiagnostics) {
                deferred = checks
            } else {
                riverDiagnostics += checks.run()
            }
        }
        let diagnostics = riverDiagnostics + pluginDiagnostics
        let blocked = stops(diagnostics)
        var result = AppLoadResult(
            app: blocked ? nil : app, diagnostics: diagnostics, files: files,
            fileKinds: [riverFile: .river, pluginsFile: .pluginConfigurations])
        result.deferredChecks = deferred
        return result
    }

    /// Parses and decodes a whole river (one that is small, or does not scan), releasing the
    /// bytes before the JSON is decoded.
    private static func decodeRiver(
        _ river: consuming Data, file: String
    ) -> (decoded: (screens: [ScreenModel], sourceMap: RiverSourceMap)?, diagnostics: [Diagnostic]) {
        let (value, diagnostics) = ConfigurationFileReader.parse(river, file: file)
        _ = consume river
        guard let value else { return (nil, diagnostics) }
        let decoded = RiverDecoder.decodeWithSourceMap(consume value, file: file)
        return ((decoded.screens, decoded.sourceMap), diagnostics + decoded.diagnostics)
    }

    // MARK: Single files

    /// Loads one configuration file on its own, recognised by content: a river (checked
    /// without plugins), a plugin configurations file, a plugin manifest, or content types
    /// (checked without the river: whether its screens exist is checked with the app).
    public static func loadFile(at url: URL, displayName: String? = nil) -> FileLoadResult {
        let shown = displayName ?? url.path
        // A plugin configurations file, by its name, is held to its own size limit.
        let limit = ConfigurationFileKind.byName(shown) == .pluginConfigurations
            ? ConfigurationFileReader.pluginsMaximumSize : ConfigurationFileReader.maximumSize
        switch ConfigurationFileReader.read(url, file: shown, limit: limit) {
        case .success(let data): return loadFile(data: data, file: shown)
        case .failure(let diagnostic): return FileLoadResult(file: shown, kind: nil, diagnostics: [diagnostic])
        }
    }

    /// Loads one configuration file from bytes; `file` names it (and breaks ties on its kind).
    /// A large river is scanned and checked screen by screen, as an app's is, never parsed whole.
    public static func loadFile(data: Data, file: String) -> FileLoadResult {
        if data.count >= lazyRiverMinimumSize, ConfigurationFileKind.byName(file) != .pluginConfigurations,
            let river = ScannedRiver(scanning: data, file: file), river.ids.contains(where: { !$0.isEmpty })
        {
            let report = river.decodingReport(threads: Processors.available)
            let app = ZappApp(river: river, decoded: [:], plugins: [], folder: nil, name: "app")
            var result = FileLoadResult(file: file, kind: .river, diagnostics: report.diagnostics)
            result.diagnostics += AppValidator.validate(app, riverFile: file, pluginsFile: nil, sourceMap: report.sourceMap)
            return result
        }
        let (parsed, parseDiagnostics) = ConfigurationFileReader.parse(data, file: file)
        guard let value = parsed else {
            return FileLoadResult(file: file, kind: ConfigurationFileKind.byName(file), diagnostics: parseDiagnostics)
        }
        guard let kind = ConfigurationFileKind.recognize(value, fileName: file) else {
            let diagnostic = Diagnostic.error(
                .unrecognizedFile, file: file, at: .file,
                "is not a river, a plugin configurations file, a plugin manifest or content types",
                hint: "a river is an array of screens ({\"id\", \"navigations\", ...}); plugin configurations an array of {\"plugin\", \"configuration_json\"}; a manifest an object with \"identifier\" and \"type\"; content types an object of {\"screen_id\"} by entry type")
            return FileLoadResult(file: file, kind: nil, diagnostics: parseDiagnostics + [diagnostic])
        }
        var result = FileLoadResult(file: file, kind: kind, diagnostics: parseDiagnostics)
        switch kind {
        case .river:
            let decoded = RiverDecoder.decodeWithSourceMap(value, file: file)
            result.diagnostics += decoded.diagnostics
            result.diagnostics += AppValidator.validate(
                ZappApp(screens: decoded.screens, plugins: []), riverFile: file, pluginsFile: nil,
                sourceMap: decoded.sourceMap)
        case .pluginConfigurations:
            let decoded = PluginConfigurationDecoder.decodeConfigurations(value, file: file)
            result.plugins = decoded.plugins
            result.diagnostics += decoded.diagnostics
            result.diagnostics += AppValidator.validatePlugins(decoded.plugins, file: file)
        case .manifest:
            let decoded = PluginConfigurationDecoder.decodeManifest(value, file: file)
            result.manifest = decoded.manifest
            result.diagnostics += decoded.diagnostics
            if let manifest = decoded.manifest { result.diagnostics += AppValidator.validateManifest(manifest, file: file) }
        case .contentTypes:
            result.diagnostics += ContentTypes.decode(value, file: file).1
        }
        return result
    }

    // MARK: Names

    /// A file named `name` in the same folder as `path` (as typed by the user).
    public static func sibling(of path: String, named name: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return name }
        return String(path[...slash]) + name
    }
}
