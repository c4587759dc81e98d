// swift-tools-version: 6.1
// ZappShell's benchmarks: a separate package so that the benchmark dependencies never slow the
// main build. Run them with `make bench` from the repository root (see README, "Performance").
import PackageDescription

let package = Package(
    name: "ZappShellBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "ZappShell", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "AppLoading",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ZappModel", package: "ZappShell"),
            ],
            path: "Benchmarks/AppLoading",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
