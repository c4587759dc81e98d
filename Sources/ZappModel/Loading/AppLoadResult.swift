/// The outcome of loading an app: the app when nothing is wrong enough to stop it, and every
/// diagnostic found on the way (warnings are kept even when the app loaded).
public struct AppLoadResult: Sendable {
    /// The loaded app; nil when an error stops it from running (see `DiagnosticCode.stopsRunning`).
    public var app: ZappApp?
    /// All diagnostics, in the order of the files and of the problems within them.
    public var diagnostics: [Diagnostic]
    /// The files that were looked at, as shown in diagnostics.
    public var files: [String]
    /// What each file is (the river and the plugin configurations file).
    public var fileKinds: [String: ConfigurationFileKind]
    /// The river's cross-reference checks when the load left them for later
    /// (`AppLoader.load(..., deferringChecks: true)`); nil when they ran (or cannot run).
    public var deferredChecks: DeferredChecks?

    public init(
        app: ZappApp?, diagnostics: [Diagnostic], files: [String], fileKinds: [String: ConfigurationFileKind] = [:]
    ) {
        self.app = app
        self.diagnostics = diagnostics
        self.files = files
        self.fileKinds = fileKinds
    }

    /// The result with its deferred checks run: the same diagnostics, in the same order, as a
    /// load that ran them at once. None of them stops the app.
    public func completingChecks() -> AppLoadResult {
        guard let deferredChecks else { return self }
        var result = self
        result.deferredChecks = nil
        result.diagnostics.insert(contentsOf: deferredChecks.run(), at: min(deferredChecks.position, diagnostics.count))
        return result
    }

    /// True when an error stops the app from running (syntax, types, home screen, ...).
    public var hasBlockingErrors: Bool { diagnostics.contains { $0.severity == .error && $0.code.stopsRunning } }
    /// True when a file could not be read at all (exit code 2 in the CLI).
    public var isUnreadable: Bool { diagnostics.containsUnreadable }
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }

    /// Every diagnostic as `run`, `render` and `trace` see it: errors that do not stop the app
    /// (`DiagnosticCode.stopsRunning`) are warnings there, since the app runs in spite of them.
    public var runWarnings: [Diagnostic] {
        diagnostics.map { diagnostic in
            var warning = diagnostic
            if !diagnostic.code.stopsRunning { warning.severity = .warning }
            return warning
        }
    }
}

/// The outcome of loading one configuration file on its own (`zapp-shell validate FILE`).
public struct FileLoadResult: Sendable {
    /// The file as shown in diagnostics.
    public var file: String
    /// What the file was recognised as; nil when it could not be read, parsed or recognised.
    public var kind: ConfigurationFileKind?
    public var diagnostics: [Diagnostic]
    /// The decoded entries of a plugin configurations file.
    public var plugins: [PluginConfiguration]
    /// The decoded manifest of a manifest file.
    public var manifest: PluginManifest?

    public init(
        file: String, kind: ConfigurationFileKind?, diagnostics: [Diagnostic],
        plugins: [PluginConfiguration] = [], manifest: PluginManifest? = nil
    ) {
        self.file = file
        self.kind = kind
        self.diagnostics = diagnostics
        self.plugins = plugins
        self.manifest = manifest
    }

    /// True when an error stops the app from running (syntax, types, home screen, ...).
    public var hasBlockingErrors: Bool { diagnostics.contains { $0.severity == .error && $0.code.stopsRunning } }
    public var isUnreadable: Bool { diagnostics.containsUnreadable }
}
