import Foundation

/// Finds the demo app (ZappTV) that ships inside zapp-shell's resource bundle, so that
/// `zapp-shell` with no APP and `zapp-shell init` work from any working directory, from the
/// build folder as well as from an installed copy.
enum BundledDemoApp {
    /// The resource bundle SwiftPM builds for the `zapp-shell` target (`.copy("DemoApp")`).
    static let resourceBundleName = "ZappShell_zapp-shell.resources"
    /// The folder inside the bundle that holds the demo app.
    static let folderName = "DemoApp"

    /// The demo app folder (holding `river.json` and `plugin_configurations.json`).
    /// - Throws: `BundledDemoAppError.notFound` naming every place that was searched.
    static func folder(fileManager: FileManager = .default) throws -> URL {
        // Beside the executable first: asking Foundation's `Bundle` costs the start a directory
        // scan and more (README, "Performance"), and finds the same folder in a build or install.
        if let found = executableRelativeFolders().first(where: { isDemoApp($0, fileManager: fileManager) }) {
            return found
        }
        let candidates = candidateFolders()
        if let found = candidates.first(where: { isDemoApp($0, fileManager: fileManager) }) {
            return found
        }
        throw BundledDemoAppError.notFound(searched: candidates.map(\.path))
    }

    /// Where the demo app may be, best first:
    /// 1. the resource bundle beside the running executable as SwiftPM's `Bundle.module` finds it
    ///    (build folders);
    /// 2. the same beside the executable with symbolic links resolved (a binary linked into `PATH`);
    /// 3. `share/zapp-shell/DemoApp` beside the executable's `bin/` (`make install`, packaged installs).
    ///
    /// `Bundle.module` itself is only consulted once its bundle is known to exist, because its
    /// accessor stops the process when the bundle is missing.
    static func candidateFolders() -> [URL] {
        var candidates: [URL] = []
        let mainBundleResources = Bundle.main.bundleURL.appendingPathComponent(resourceBundleName)
        if FileManager.default.fileExists(atPath: mainBundleResources.path),
           let moduleFolder = Bundle.module.url(forResource: folderName, withExtension: nil) {
            candidates.append(moduleFolder)
        }
        candidates.append(mainBundleResources.appendingPathComponent(folderName))
        candidates += executableRelativeFolders()
        var seen = Set<String>()
        return candidates.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }

    /// Places 2 and 3 of `candidateFolders()`: beside the executable with symbolic links resolved.
    static func executableRelativeFolders() -> [URL] {
        guard let executableFolder = resolvedExecutableFolder() else { return [] }
        return [
            executableFolder.appendingPathComponent(resourceBundleName).appendingPathComponent(folderName),
            executableFolder.deletingLastPathComponent()
                .appendingPathComponent("share/zapp-shell").appendingPathComponent(folderName),
        ]
    }

    /// True when `folder` holds a river and a plugin configurations file.
    static func isDemoApp(_ folder: URL, fileManager: FileManager = .default) -> Bool {
        fileManager.fileExists(atPath: folder.appendingPathComponent("river.json").path)
            && fileManager.fileExists(atPath: folder.appendingPathComponent("plugin_configurations.json").path)
    }

    /// The folder of the running executable with symbolic links resolved.
    private static func resolvedExecutableFolder() -> URL? {
        let executable: URL
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            executable = URL(fileURLWithPath: target)
        } else if let url = Bundle.main.executableURL {
            executable = url
        } else {
            return nil
        }
        return executable.resolvingSymlinksInPath().deletingLastPathComponent()
    }
}

/// The bundled demo app could not be found (a broken installation).
enum BundledDemoAppError: Error, CustomStringConvertible {
    case notFound(searched: [String])

    var description: String {
        switch self {
        case .notFound(let searched):
            return "the bundled demo app is missing from this installation (looked in: "
                + searched.joined(separator: ", ")
                + "); reinstall zapp-shell with `make install`, or pass an app folder"
        }
    }
}
