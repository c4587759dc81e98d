import Foundation

/// Where the benchmarks find their inputs: the repository (demo app), the generated apps
/// (`make bench-data`) and the release `zapp-shell` binary (`make release`).
enum BenchPaths {
    /// The repository root (this file is Benchmarks/Sources/ZappBench/BenchPaths.swift).
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The bundled demo app's folder (the zapp-shell target's resource).
    static let demoApp = repository.appendingPathComponent("Sources/zapp-shell/DemoApp")

    /// `bench-data/` at the repository root, or `ZAPP_BENCH_DATA`.
    static var benchData: URL {
        if let override = ProcessInfo.processInfo.environment["ZAPP_BENCH_DATA"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        return repository.appendingPathComponent("bench-data")
    }

    /// The generated 5,000-screen app.
    static var largeApp: URL { benchData.appendingPathComponent("app-5000") }

    /// The generated 10,000-screen app whose every screen has one dangling target.
    static var danglingApp: URL { benchData.appendingPathComponent("app-10000-dangling") }

    /// The release binary: `ZAPP_SHELL`, else `.build/release/zapp-shell`.
    static var zappShell: URL {
        if let override = ProcessInfo.processInfo.environment["ZAPP_SHELL"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        return repository.appendingPathComponent(".build/release/zapp-shell")
    }

    static func fileSize(_ url: URL) -> Int {
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes?[.size] as? NSNumber)?.intValue ?? 0
    }
}
