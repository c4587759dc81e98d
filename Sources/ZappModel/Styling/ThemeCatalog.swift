#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finds themes, in this order of priority (the first theme of a name wins):
/// `$ZAPP_SHELL_THEMES` (folders separated by `:`), the user config folder
/// (`$XDG_CONFIG_HOME/zapp-shell/themes`, default `~/.config/zapp-shell/themes`), the `themes/`
/// folder shipped beside the executable (`<bin>/themes`, `<bin>/../share/zapp-shell/themes`),
/// the repository's `themes/` (found by walking up from the executable to a folder holding
/// `Package.swift` and `themes/`), then the compiled-in dark theme so the app always starts.
/// `--theme PATH` bypasses the search.
public struct ThemeCatalog: Sendable {
    /// Where a theme was found.
    public enum Source: String, Sendable, Hashable {
        case file = "--theme"
        case environment = "$ZAPP_SHELL_THEMES"
        case user = "user config"
        case shipped = "shipped"
        case repository = "repository"
        case builtIn = "built-in"
    }

    /// A theme that was found (or a file that failed to load).
    public struct Entry: Sendable {
        public var name: String
        public var source: Source
        /// The file (nil for the built-in theme).
        public var file: URL?
        /// The theme, or why its file could not be used.
        public var result: Result<Theme, ThemeError>

        public var theme: Theme? { try? result.get() }
    }

    /// Every theme file found plus the built-in theme, in priority order; shadowed names are
    /// dropped (the first wins).
    public private(set) var entries: [Entry]
    /// The folders that were searched, in order, with their source.
    public let folders: [(url: URL, source: Source)]

    /// Searches the standard places.
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executableURL: URL? = ThemeCatalog.currentExecutableURL
    ) {
        self.init(folders: Self.searchFolders(environment: environment, executableURL: executableURL))
    }

    /// Searches the given folders (for tests and special setups).
    public init(folders: [(url: URL, source: Source)]) {
        self.folders = folders
        var entries: [Entry] = []
        var seen: Set<String> = []
        for (folder, source) in folders {
            let names = FileSystem.entries(atPath: folder.path) ?? []
            let files = names.map { folder.appendingPathComponent($0) }
            for file in files.filter({ $0.pathExtension == "json" }).sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
                let name = file.deletingPathExtension().lastPathComponent
                guard !seen.contains(name) else { continue }
                seen.insert(name)
                entries.append(Entry(name: name, source: source, file: file, result: Self.load(file, name: name)))
            }
        }
        if !seen.contains(Theme.defaultDark.name) {
            entries.append(Entry(name: Theme.defaultDark.name, source: .builtIn, file: nil, result: .success(Theme.defaultDark)))
        }
        self.entries = entries
    }

    /// The usable themes, in priority order (for cycling with `t`).
    public var themes: [Theme] { entries.compactMap(\.theme) }

    /// The theme for `--theme NAME|PATH`; with nil, `dark` (the default). A value with a `/`
    /// or ending in `.json` is a file path.
    public func resolve(_ nameOrPath: String?) throws -> Theme {
        guard let nameOrPath, !nameOrPath.isEmpty else {
            return entries.first { $0.name == Theme.defaultDark.name }?.theme ?? Theme.defaultDark
        }
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") {
            let url = URL(fileURLWithPath: nameOrPath)
            return try Self.load(url, name: url.deletingPathExtension().lastPathComponent, shownAs: nameOrPath).get()
        }
        guard let entry = entries.first(where: { $0.name.lowercased() == nameOrPath.lowercased() }) else {
            throw ThemeError.notFound(name: nameOrPath, searched: folders.map(\.url.path))
        }
        return try entry.result.get()
    }

    /// The theme `resolve(_:)` would give for `nameOrPath` in `folders`, reading no other theme
    /// file: the interactive start needs one theme before its first frame, the rest later.
    public static func resolveOne(_ nameOrPath: String?, folders: [(url: URL, source: Source)]) throws -> Theme {
        if let nameOrPath, nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") {
            let url = URL(fileURLWithPath: nameOrPath)
            return try load(url, name: url.deletingPathExtension().lastPathComponent, shownAs: nameOrPath).get()
        }
        let wanted = (nameOrPath.flatMap { $0.isEmpty ? nil : $0 } ?? Theme.defaultDark.name).lowercased()
        for (folder, _) in folders {
            let names = FileSystem.entries(atPath: folder.path) ?? []
            let match = names.filter { $0.hasSuffix(".json") }.sorted().first {
                String($0.dropLast(5)).lowercased() == wanted
            }
            if let match {
                return try load(folder.appendingPathComponent(match), name: String(match.dropLast(5))).get()
            }
        }
        guard let nameOrPath, !nameOrPath.isEmpty else { return Theme.defaultDark }
        throw ThemeError.notFound(name: nameOrPath, searched: folders.map(\.url.path))
    }

    /// Reads a theme file; its name defaults to the file name when the JSON has none.
    public static func load(_ file: URL, name: String, shownAs: String? = nil) -> Result<Theme, ThemeError> {
        let shown = shownAs ?? file.path
        let data: Data
        switch FileSystem.contents(atPath: file.path) {
        case .success(let contents): data = contents
        case .failure(let error): return .failure(.unreadable(file: shown, reason: FileSystem.reason(error)))
        }
        do {
            var theme = try Theme.decode(data, file: shown)
            if theme.name == "unnamed" { theme.name = name }
            return .success(theme)
        } catch {
            return .failure(error)
        }
    }

    /// The folders searched, in priority order, that exist.
    public static func searchFolders(environment: [String: String], executableURL: URL?) -> [(url: URL, source: Source)] {
        var folders: [(URL, Source)] = []
        if let list = environment["ZAPP_SHELL_THEMES"] {
            for path in list.split(separator: ":") where !path.isEmpty {
                folders.append((URL(fileURLWithPath: String(path)), .environment))
            }
        }
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].map { $0 + "/.config" }
        if let configHome {
            folders.append((URL(fileURLWithPath: configHome).appendingPathComponent("zapp-shell/themes"), .user))
        }
        // The folders beside the executable, as paths: walking up a build folder with URLs
        // showed as 0.3 ms of the first frame in `perf` (ARCHITECTURE.md, "Start").
        if let executable = executableURL.map({ FileSystem.resolvedPath($0.path) ?? $0.path }) {
            let binary = FileSystem.parent(of: executable)
            let share = FileSystem.path("share/zapp-shell/themes", in: FileSystem.parent(of: binary))
            folders.append((URL(fileURLWithPath: FileSystem.path("themes", in: binary), isDirectory: true), .shipped))
            folders.append((URL(fileURLWithPath: share, isDirectory: true), .shipped))
            var folder = binary
            while folder != "/" && folder != "." {
                let themes = FileSystem.path("themes", in: folder)
                if FileSystem.kind(atPath: FileSystem.path("Package.swift", in: folder)) != .missing, FileSystem.isDirectory(atPath: themes) {
                    folders.append((URL(fileURLWithPath: themes, isDirectory: true), .repository))
                    break
                }
                folder = FileSystem.parent(of: folder)
            }
        }
        var seen: Set<String> = []
        return folders.filter { isDirectory($0.0) && seen.insert($0.0.standardizedFileURL.path).inserted }.map { (url: $0.0, source: $0.1) }
    }

    /// The running executable (the kernel's `/proc/self/exe`, else the first argument).
    public static var currentExecutableURL: URL? {
        if let target = FileSystem.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: target)
        }
        return CommandLine.arguments.first.map { URL(fileURLWithPath: $0) }
    }

    private static func isDirectory(_ url: URL) -> Bool {
        FileSystem.isDirectory(atPath: url.path)
    }
}
