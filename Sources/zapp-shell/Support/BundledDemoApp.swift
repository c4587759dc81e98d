#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import ZappCore
import ZappModel

/// The demo app (ZappTV) that ships inside zapp-shell (`EmbeddedDemoApp`, generated from
/// `Sources/zapp-shell/DemoApp` by `Scripts/generate-demo-app.py`), so that `zapp-shell` with no
/// APP and `zapp-shell init` work from any working directory. It is not read from beside the
/// executable: a copied binary in a folder where someone else can create `../share` would run
/// that folder's commands, trusted (issue 34). Nor is it a SwiftPM resource, whose accessor uses
/// Foundation's `Bundle` and would link full Foundation (ARCHITECTURE.md, "No full Foundation").
/// The first use writes it into a private folder (`AppSnapshot`: 0700, removed at exit), which
/// is the one folder trusted as the demo.
enum BundledDemoApp {
    /// One file of the demo: its path in the app folder, whether it is a script, its text.
    struct File: Sendable {
        var path: String
        var executable: Bool
        var text: String
    }

    /// The folder written this run, kept until the process exits.
    private static let written = Mutex<AppSnapshot?>(nil)

    /// The demo app folder (holding `river.json` and `plugin_configurations.json`), written from
    /// the binary on the first call.
    /// - Throws: `BundledDemoAppError.cannotWrite` when the private folder cannot be written.
    static func folder() throws -> URL {
        try written.withLock { snapshot throws -> URL in
            if let snapshot { return appFolder(in: snapshot) }
            return try writeFolder(into: &snapshot, meanwhile: nil)
        }
    }

    /// Loads the demo (`AppLoader.load(folder:)`) on the first call: its river, plugin list
    /// (unless `pluginsFile`, `--plugins`) and content types are parsed from the binary while
    /// its folder, which the app's assets, feeds and hook are read from, is written: the first
    /// frame waits for the longer of the two rather than both (0.2-0.3 ms sooner;
    /// docs/performance.md). Later calls read the folder written.
    /// - Throws: `BundledDemoAppError.cannotWrite` when the private folder cannot be written.
    static func load(pluginsFile: URL?, pluginsDisplayName: String?, deferringChecks: Bool) throws -> AppLoadResult {
        try written.withLock { snapshot throws -> AppLoadResult in
            if let snapshot {
                return AppLoader.load(
                    folder: appFolder(in: snapshot), displayName: "demo", pluginsFile: pluginsFile,
                    pluginsDisplayName: pluginsDisplayName, deferringChecks: deferringChecks)
            }
            // Set by `writeFolder`'s work, which runs before it returns.
            let loaded = Mutex(AppLoadResult(app: nil, diagnostics: [], files: []))
            try writeFolder(into: &snapshot) { folder in
                let result = AppLoader.load(
                    folder: folder, displayName: "demo", pluginsFile: pluginsFile, pluginsDisplayName: pluginsDisplayName,
                    deferringChecks: deferringChecks, given: configurationFiles)
                loaded.withLock { $0 = result }
            }
            return loaded.withLock { $0 }
        }
    }

    /// Makes the private folder and writes the demo into it, keeping it in `snapshot` (removed at
    /// exit) once written; returns the demo's folder. `work` runs with that folder meanwhile, on
    /// this thread, the write on another (`ParallelLanes`).
    @discardableResult
    private static func writeFolder(into snapshot: inout AppSnapshot?, meanwhile work: (@Sendable (URL) -> Void)?) throws -> URL {
        let made: AppSnapshot
        do {
            let environment = ProcessEnvironment.current()
            made = try AppSnapshot.make(environment: environment, in: memoryFolder(environment: environment))
        } catch {
            throw BundledDemoAppError.cannotWrite(reason: "\(error)")
        }
        let folder = appFolder(in: made)
        let failure = Mutex<String?>(nil)
        ParallelLanes.run(work == nil ? 1 : 2) { lane in
            if lane == 0, let work {
                work(folder)
            } else {
                do { try write(to: folder.path) } catch { failure.withLock { $0 = "\(error)" } }
            }
        }
        if let reason = failure.withLock({ $0 }) { throw BundledDemoAppError.cannotWrite(reason: reason) }
        snapshot = made
        atexit { BundledDemoApp.removeAtExit() }
        return folder
    }

    /// The demo's configuration files (river, plugin list, content types), by name, as its
    /// folder holds them once written.
    static var configurationFiles: [String: Data] {
        var files: [String: Data] = [:]
        for file in EmbeddedDemoApp.files where !file.path.contains("/") && file.path.hasSuffix(".json") {
            // From its bytes: `Data(text.utf8)` asks at run time what kind of sequence it has.
            var text = file.text
            files[file.path] = text.withUTF8 { Data(buffer: $0) }
        }
        return files
    }

    /// The demo's folder inside the private one, named as in the sources, so the app is called
    /// `DemoApp` (its name comes from its folder) whatever the private folder's random name.
    private static func appFolder(in snapshot: AppSnapshot) -> URL {
        snapshot.folder.appendingPathComponent("DemoApp", isDirectory: true)
    }

    /// Removes the written folder (`atexit`: a static is never deinitialised).
    private static func removeAtExit() {
        written.withLock { $0 = nil }
    }

    /// Writes every file of the demo into `folder` (not there yet; its parent is the new private
    /// folder), making each folder once (0700) and each file with `PrivateFile`.
    private static func write(to folder: String) throws {
        var made: Set<String> = []
        try makeFolder(folder, made: &made)
        for file in EmbeddedDemoApp.files {
            var parent = folder
            for name in file.path.split(separator: "/").dropLast() {
                parent += "/" + name
                try makeFolder(parent, made: &made)
            }
            let path = folder + "/" + file.path
            try PrivateFile.create(path, with: Array(file.text.utf8))
            if file.executable { chmod(path, 0o700) }
        }
    }

    /// Makes the folder at `path` (0700) unless `made` holds it.
    private static func makeFolder(_ path: String, made: inout Set<String>) throws {
        guard !made.contains(path) else { return }
        if mkdir(path, 0o700) != 0 || chmod(path, 0o700) != 0 {
            throw BundledDemoAppError.Folder(path: path, code: errno)
        }
        made.insert(path)
    }

    /// Where the demo's private folder goes: a folder in memory whose programs may run
    /// (`$XDG_RUNTIME_DIR`, else `/dev/shm`; a `noexec` mount would refuse its hook script), where
    /// making its 18 files and folders costs a tenth of what it does on a disk (about 1 ms of the
    /// first frame on ext4, docs/performance.md); nil (`$TMPDIR`, else `/tmp`) when there is none.
    static func memoryFolder(environment: [String: String]) -> String? {
        for candidate in [environment["XDG_RUNTIME_DIR"], "/dev/shm"] {
            guard let candidate, candidate.hasPrefix("/"), FileSystem.kind(atPath: candidate) == .directory else { continue }
            var info = statvfs()
            // 8 is Linux's ST_NOEXEC (Swift's Glibc module hides it).
            if statvfs(candidate, &info) == 0, info.f_flag & 8 == 0, access(candidate, W_OK | X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// The app's identity for its session file (`PluginEnvironment.appIdentity`); the demo, written
    /// to a new private folder (named at random) every run, keeps one identity of its own, so a
    /// sign-in lasts across runs as it does for an app in a folder.
    static func identity(for app: ZappApp) -> String {
        let written = written.withLock { $0.map { appFolder(in: $0).standardizedFileURL.path } }
        guard let written, app.folder?.standardizedFileURL.path == written else { return PluginEnvironment.appIdentity(for: app) }
        return "bundled-demo"
    }

    /// True when `folder` holds a river and a plugin configurations file.
    static func isDemoApp(_ folder: URL) -> Bool {
        FileSystem.kind(atPath: folder.appendingPathComponent("river.json").path) == .regularFile
            && FileSystem.kind(atPath: folder.appendingPathComponent("plugin_configurations.json").path) == .regularFile
    }
}

/// The bundled demo app could not be written to its private folder.
enum BundledDemoAppError: Error, CustomStringConvertible {
    case cannotWrite(reason: String)

    /// A folder of the demo could not be made (the reason `cannotWrite` gives).
    struct Folder: Error, CustomStringConvertible {
        var path: String
        var code: Int32
        var description: String { "cannot make the folder \(path): \(String(cString: strerror(code)))" }
    }

    var description: String {
        switch self {
        case .cannotWrite(let reason):
            return "the bundled demo app cannot be written to a private folder: \(reason); pass an app folder"
        }
    }
}
