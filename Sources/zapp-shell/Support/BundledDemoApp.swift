#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finds the demo app (ZappTV) that ships with zapp-shell, so that `zapp-shell` with no APP and
/// `zapp-shell init` work from any working directory, from a build as well as from an installed
/// copy. It is not a SwiftPM resource: the accessor SwiftPM generates for resources uses
/// Foundation's `Bundle`, which would link full Foundation and ICU into the binary
/// (ARCHITECTURE.md, "No full Foundation").
enum BundledDemoApp {
    /// The folder that holds the demo app, in the sources (`Sources/zapp-shell/DemoApp`) and in
    /// an installation (`share/zapp-shell/DemoApp`).
    static let folderName = "DemoApp"

    /// The demo app folder (holding `river.json` and `plugin_configurations.json`).
    /// - Throws: `BundledDemoAppError.notFound` naming every place that was searched.
    static func folder(fileManager: FileManager = .default) throws -> URL {
        let candidates = candidateFolders()
        if let found = candidates.first(where: { isDemoApp($0, fileManager: fileManager) }) {
            return found
        }
        throw BundledDemoAppError.notFound(searched: candidates.map(\.path))
    }

    /// Where the demo app may be, best first:
    /// 1. `share/zapp-shell/DemoApp` beside the executable's `bin/`, with symbolic links resolved
    ///    (`make install`, packaged installs, a binary linked into `PATH`);
    /// 2. the sources this binary was built from (`swift build`, `make release`: the build folders).
    static func candidateFolders() -> [URL] {
        var candidates: [URL] = []
        if let executableFolder = resolvedExecutableFolder() {
            candidates.append(
                executableFolder.deletingLastPathComponent()
                    .appendingPathComponent("share/zapp-shell").appendingPathComponent(folderName))
        }
        candidates.append(sourceFolder)
        return candidates
    }

    /// `Sources/zapp-shell/DemoApp` in the checkout this file was compiled from.
    static let sourceFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(folderName)

    /// True when `folder` holds a river and a plugin configurations file.
    static func isDemoApp(_ folder: URL, fileManager: FileManager = .default) -> Bool {
        fileManager.fileExists(atPath: folder.appendingPathComponent("river.json").path)
            && fileManager.fileExists(atPath: folder.appendingPathComponent("plugin_configurations.json").path)
    }

    /// The folder of the running executable with symbolic links resolved (the kernel's
    /// `/proc/self/exe` names the file itself, so no path component needs resolving again).
    private static func resolvedExecutableFolder() -> URL? {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return nil
        }
        return URL(fileURLWithPath: target).deletingLastPathComponent()
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
