// swift-tools-version: 6.1
// ZappShell's benchmarks: a separate package so that the benchmark dependencies never slow the
// main build. Run them with `make bench` from the repository root (see docs/performance.md).
import PackageDescription

let package = Package(
    name: "ZappShellBenchmarks",
    // Linux only (glibc): the code calls Glibc and GNU extensions directly, so no Apple platform
    // is declared (README.md; ARCHITECTURE.md, "Platforms").
    dependencies: [
        .package(name: "ZappShell", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // `make bench`: every measurement of issue 6 in one table, beside its budget.
        .executableTarget(
            name: "ZappBench",
            dependencies: [
                .product(name: "ZappModel", package: "ZappShell"),
                .product(name: "ZappCore", package: "ZappShell"),
                .product(name: "ZappPlugins", package: "ZappShell"),
                .product(name: "ShellCore", package: "ZappShell"),
                .product(name: "ShellUI", package: "ZappShell"),
                .product(name: "CursesTerminal", package: "ZappShell"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/ZappBench"
        ),
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
