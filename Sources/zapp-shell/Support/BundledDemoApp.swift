#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ZappModel

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
    static func folder() throws -> URL {
        let candidates = candidateFolders()
        if let found = candidates.first(where: isDemoApp(atPath:)) {
            return URL(fileURLWithPath: found, isDirectory: true)
        }
        throw BundledDemoAppError.notFound(searched: candidates)
    }

    /// Where the demo app may be, best first:
    /// 1. `share/zapp-shell/DemoApp` beside the executable's `bin/`, with symbolic links resolved
    ///    (`make install`, packaged installs, a binary linked into `PATH`);
    /// 2. the sources this binary was built from (`swift build`, `make release`: the build folders).
    ///
    /// Paths, not `URL`s: this runs before the first frame of `zapp-shell` without arguments,
    /// where building file URLs component by component showed as 0.3 ms in `perf`, though much of
    /// it was URL's first use, which later code then pays (ARCHITECTURE.md, "Start").
    static func candidateFolders() -> [String] {
        var candidates: [String] = []
        if let executable = FileSystem.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            // The kernel's /proc/self/exe names the file itself: no component needs resolving.
            let prefix = FileSystem.parent(of: FileSystem.parent(of: executable))
            candidates.append(FileSystem.path("share/zapp-shell/" + folderName, in: prefix))
        }
        candidates.append(sourceFolder)
        return candidates
    }

    /// `Sources/zapp-shell/DemoApp` in the checkout this file was compiled from.
    static let sourceFolder = FileSystem.path(folderName, in: FileSystem.parent(of: FileSystem.parent(of: #filePath)))

    /// True when `folder` holds a river and a plugin configurations file.
    static func isDemoApp(_ folder: URL) -> Bool {
        isDemoApp(atPath: folder.path)
    }

    private static func isDemoApp(atPath folder: String) -> Bool {
        FileSystem.kind(atPath: FileSystem.path("river.json", in: folder)) == .regularFile
            && FileSystem.kind(atPath: FileSystem.path("plugin_configurations.json", in: folder)) == .regularFile
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
