import Foundation
import ZappModel

/// The real-world files in `../shared/corpus` (beside the package root). They are read in
/// place, never copied into the project; where the folder is absent (a user's machine) the
/// suite is skipped and Swift Testing lists it as skipped with the reason below.
public enum Corpus {
    public static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // ModelTestFixtures
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .deletingLastPathComponent()
        .appendingPathComponent("shared/corpus")

    public static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("README.md").path)
    }

    public static func files(matching suffix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted()
    }

    public static func load(_ name: String) -> FileLoadResult {
        AppLoader.loadFile(at: folder.appendingPathComponent(name), displayName: name)
    }
}
