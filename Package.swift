// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "ZappShell",
    // Linux only (glibc): the code calls Glibc and GNU extensions directly, so no Apple platform
    // is declared (README.md; ARCHITECTURE.md, "Platforms").
    products: [
        .executable(name: "zapp-shell", targets: ["zapp-shell"]),
        // Libraries for the separate Benchmarks/ package, which depends on this one by path.
        .library(name: "ZappModel", targets: ["ZappModel"]),
        .library(name: "ZappCore", targets: ["ZappCore"]),
        .library(name: "ZappPlugins", targets: ["ZappPlugins"]),
        .library(name: "ShellCore", targets: ["ShellCore"]),
        .library(name: "ShellUI", targets: ["ShellUI"]),
        .library(name: "CursesTerminal", targets: ["CursesTerminal"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CNCurses",
            path: "Sources/CNCurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        // libcurl's few functions and constants, opened with dlopen on the first request (no -lcurl).
        .systemLibrary(name: "CCurl", path: "Sources/CCurl"),
        // libpng, libturbojpeg, libwebp and libchafa's few functions, opened with dlopen on the first image.
        .systemLibrary(name: "CImages", path: "Sources/CImages"),
        // posix_spawn's, pthreads' and sched_getaffinity's GNU extensions for ChildProcess and DetachedThread
        // (ZappCore/Process) and Processors (ZappModel/Concurrency).
        .target(name: "CProcess", path: "Sources/CProcess"),
        .target(name: "ZappModel", dependencies: ["CProcess"]),
        .target(name: "ZappCore", dependencies: ["CProcess", "ZappModel", .product(name: "Logging", package: "swift-log")]),
        .target(name: "ZappPlugins", dependencies: ["CCurl", "CImages", "CProcess", "ZappCore", "ZappModel", .product(name: "Logging", package: "swift-log")]),
        // The pure core (model, update, layout, views, canvas): the compiler keeps it pure, for it
        // depends on nothing but ZappModel and ZappCore and imports no Foundation, Dispatch, Glibc,
        // Synchronization, Logging or ZappPlugins; with MemberImportVisibility no member of those
        // reaches it through ZappCore either (ARCHITECTURE.md, "Layers").
        .target(
            name: "ShellCore", dependencies: ["ZappCore", "ZappModel"],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
        // The runtime that performs ShellCore's effects, the headless terminal, tapes' recorder and
        // player, and the exports that need Foundation.
        .target(name: "ShellUI", dependencies: ["ShellCore", "ZappCore", "ZappModel"]),
        .target(name: "CursesTerminal", dependencies: ["CNCurses", "ShellCore", "ShellUI", "ZappCore"]),
        .executableTarget(
            name: "zapp-shell",
            dependencies: [
                "ZappModel", "ZappCore", "ZappPlugins", "ShellCore", "ShellUI", "CursesTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // The demo app is found in the sources or the installation, not through SwiftPM's
            // resource accessor, which would link full Foundation (ARCHITECTURE.md, "No full Foundation").
            exclude: ["DemoApp"]
        ),
        // Unit test targets are pure: no child processes, no sockets, no sleeping on the real clock.
        // Tests that need the operating system for real are in IntegrationTests (docs/testing.md).
        .testTarget(name: "ZappModelTests", dependencies: ["ZappModel", "ModelTestFixtures"]),
        .testTarget(name: "ZappCoreTests", dependencies: ["ZappCore", "ZappModel"]),
        // Test support shared by a unit target and IntegrationTests: the hand-written configuration
        // fixtures, and the plugin test bed (a scratch folder, a captured log, a recording presenter).
        .target(name: "ModelTestFixtures", dependencies: ["ZappModel"], path: "Tests/Support/ModelTestFixtures"),
        .target(
            name: "PluginTestSupport",
            dependencies: ["ZappPlugins", "ZappCore", "ZappModel", .product(name: "Logging", package: "swift-log")],
            path: "Tests/Support/PluginTestSupport"),
        // The loopback HTTP server the network tests talk to (a failing network on demand).
        .target(name: "LoopbackHTTP", path: "Tests/Support/LoopbackHTTP"),
        .testTarget(
            name: "ZappPluginsTests", dependencies: ["ZappPlugins", "ZappCore", "ZappModel", "PluginTestSupport"],
            // Image fixtures, found beside the tests' sources (#filePath), and the script that makes them.
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "ShellUITests",
            dependencies: [
                "ShellCore", "ShellUI", "ZappCore", "ZappModel",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                .product(name: "Clocks", package: "swift-clocks"),
            ],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(
            name: "CursesTerminalTests",
            dependencies: [
                "CursesTerminal", "ShellCore", "ShellUI", "ZappCore", "ZappModel",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(name: "ZappShellTests", dependencies: ["zapp-shell", "ZappModel"]),
        // Real processes (hook scripts, the built zapp-shell, python3's jsonschema), real sockets
        // (LoopbackHTTP) and real waits: what happens in the operating system, out of reach of an
        // injected clock.
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "zapp-shell", "ZappPlugins", "ZappCore", "ZappModel", "LoopbackHTTP", "PluginTestSupport",
                "ModelTestFixtures",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
