// swift-tools-version: 6.1
// ZappShell's fuzz targets: a separate package, built with libFuzzer and the address sanitizer
// (`swift build -c release --sanitize=fuzzer --sanitize=address`), so that the instrumented build
// never touches the main one. Run them with `make fuzz` from the repository root (docs/testing.md,
// "Fuzzing"; ARCHITECTURE.md, "Fuzz targets").
import PackageDescription

/// One libFuzzer target per input the program reads: `Sources/<name>/<name>.swift` defines
/// `LLVMFuzzerTestOneInput`; libFuzzer supplies `main`.
func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzSupport"] + dependencies,
        swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    )
}

let model = Target.Dependency.product(name: "ZappModel", package: "ZappShell")
let core = Target.Dependency.product(name: "ZappCore", package: "ZappShell")
let terminal = Target.Dependency.product(name: "CursesTerminal", package: "ZappShell")
let shellCore = Target.Dependency.product(name: "ShellCore", package: "ZappShell")
let shellUI = Target.Dependency.product(name: "ShellUI", package: "ZappShell")
let plugins = Target.Dependency.product(name: "ZappPlugins", package: "ZappShell")

let package = Package(
    name: "ZappShellFuzz",
    // Linux only (glibc): the code calls Glibc and GNU extensions directly, so no Apple platform
    // is declared (README.md; ARCHITECTURE.md, "Platforms").
    dependencies: [
        .package(name: "ZappShell", path: ".."),
    ],
    targets: [
        .target(name: "FuzzSupport", dependencies: [model]),
        fuzzTarget("FuzzJSON", [model]),
        fuzzTarget("FuzzRiver", [model]),
        fuzzTarget("FuzzPluginConfigurations", [model]),
        fuzzTarget("FuzzTheme", [model]),
        fuzzTarget("FuzzContentTypes", [model]),
        fuzzTarget("FuzzPipes2", [model]),
        fuzzTarget("FuzzAtom", [model]),
        fuzzTarget("FuzzDeepLink", [core, model]),
        fuzzTarget("FuzzKeys", [terminal, shellCore, shellUI]),
        fuzzTarget("FuzzImage", [plugins, core]),
        fuzzTarget("FuzzFileReader", [model]),
        fuzzTarget("FuzzTrust", [plugins, core, model]),
    ],
    swiftLanguageModes: [.v6]
)
