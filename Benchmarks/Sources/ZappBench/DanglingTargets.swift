import Foundation
import ZappModel

/// Validating the generated 10,000-screen app whose every screen has one dangling nav-bar
/// target (`make bench-data`): `AppValidator.validate` on the decoded app, which builds the
/// "did you mean" index once. Each dangling target must be reported exactly once.
enum DanglingTargets {
    static func run(into table: inout ResultTable, quick: Bool) throws {
        let folder = BenchPaths.danglingApp
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(AppLoader.riverFileName).path) else {
            throw ProcessRun.Failure(description: "\(folder.path) is missing: run `make bench-data`")
        }
        let loaded = AppLoader.load(folder: folder)
        guard let app = loaded.app else {
            throw ProcessRun.Failure(description: "the dangling-target app does not load: \(loaded.diagnostics.prefix(3))")
        }
        var reported: [Diagnostic] = []
        let samples = Samples.measure(count: quick ? 3 : 10, warmUp: 1) {
            reported = AppValidator.validate(app)
            return reported
        }
        let dangling = reported.filter { $0.code == .unknownTarget }
        let places = Set(dangling.map(\.description))
        let suggested = dangling.filter { $0.hint != nil }.count
        guard dangling.count == app.screens.count, places.count == dangling.count else {
            throw ProcessRun.Failure(
                description: "\(app.screens.count) dangling targets, \(dangling.count) reported (\(places.count) distinct)")
        }
        table.add(
            "Validate 10,000 screens, each with a dangling target (in process)",
            "median \(Format.milliseconds(samples.median)); \(dangling.count) reported once each, \(suggested) with a suggestion",
            budget: "≤ 300 ms", within: samples.median <= 300e6)
    }
}
