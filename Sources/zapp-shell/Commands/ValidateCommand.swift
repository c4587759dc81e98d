import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import ZappModel

/// `zapp-shell validate [APP | FILE...] [--json]`: checks an app, or single configuration
/// files recognised by their content, and reports every problem.
struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check an app or configuration files and report every problem.",
        discussion: """
            With no argument the bundled demo app is checked. APP is an app folder (river.json and \
            plugin_configurations.json), a river.json file (plugin_configurations.json beside it is \
            used when present) or an http(s) URL of an app folder. FILEs are recognised by their \
            content: a river, a plugin configurations file or a plugin manifest; a river given with \
            one plugin configurations file is checked against it.

            Problems are printed grouped by file, one per line, with the line and column of syntax \
            errors and the JSON path of everything else, then a summary line.

            Text from the configuration is printed with its control characters escaped (\\u{1B} \
            in text, \\u001b with --json), and a quoted value longer than 40 characters is cut, \
            with its size named.

            Exit status: 0 valid (warnings allowed), 1 errors, 2 a file could not be read.
            """
    )

    @Argument(help: "An app folder, a river.json, an http(s) app URL, or configuration files. Default: the demo app.")
    var inputs: [String] = []

    @Flag(help: "Print the report as JSON.")
    var json = false

    @OptionGroup var pluginsOption: PluginsOption

    func run() async throws {
        let (report, loaded) = await Self.check(inputs, plugins: pluginsOption.plugins)
        if json { Console.printJSON(report.json) } else { Console.print(report.text) }
        // The process ends here, with the loaded apps still alive: freeing the models of a
        // large app one by one would only delay the exit (about 30 ms for 5,000 screens).
        withExtendedLifetime(loaded) { Glibc.exit(report.exitCode) }
    }

    /// Validates the inputs as `validate` does and returns the report.
    static func report(for inputs: [String], plugins: String? = nil) async -> ValidationReport {
        await check(inputs, plugins: plugins).report
    }

    /// The report, and what was loaded to make it.
    private static func check(_ inputs: [String], plugins: String? = nil) async
        -> (report: ValidationReport, loaded: [AppLoadResult])
    {
        var report = ValidationReport()
        var loaded: [AppLoadResult] = []
        func add(_ result: AppLoadResult) {
            report.add(result)
            loaded.append(result)
        }
        guard !inputs.isEmpty else {
            add(await AppLocation.demo.load(plugins: plugins))
            return (report, loaded)
        }
        var files: [(input: String, result: FileLoadResult)] = []
        for input in inputs {
            let location = AppLocation(argument: input)
            guard case .path(let path) = location, !isDirectory(path), plugins == nil else {
                add(await location.load(plugins: plugins))
                continue
            }
            files.append((input, AppLoader.loadFile(at: URL(fileURLWithPath: path), displayName: input)))
        }
        let pluginFiles = files.filter { $0.result.kind == .pluginConfigurations }
        let rivers = files.filter { isLoadableRiver($0.result) }
        let paired = !rivers.isEmpty && pluginFiles.count == 1 ? pluginFiles.first : nil
        // A river's app reads the content_types.json beside it: that file is reported with it.
        let readWithApps = Set(rivers.map { AppLoader.sibling(of: $0.input, named: ContentTypes.fileName) })
        for file in files {
            if file.result.kind == .contentTypes && readWithApps.contains(file.input) { continue }
            if isLoadableRiver(file.result) {
                let path = AppLocation(argument: file.input).localPath ?? file.input
                add(
                    AppLoader.load(
                        riverFile: URL(fileURLWithPath: path),
                        pluginsFile: paired.map { URL(fileURLWithPath: AppLocation(argument: $0.input).localPath ?? $0.input) },
                        displayName: file.input, pluginsDisplayName: paired?.input))
            } else if file.input != paired?.input {
                report.add(file.result)
            }
        }
        return (report, loaded)
    }

    /// A river that parsed: it is checked as an app (with its plugins), not on its own.
    private static func isLoadableRiver(_ result: FileLoadResult) -> Bool {
        result.kind == .river && !result.diagnostics.contains { $0.code == .syntax || $0.code == .unreadable }
    }

    private static func isDirectory(_ path: String) -> Bool {
        FileSystem.isDirectory(atPath: path)
    }
}

extension AppLocation {
    /// The local path of a `.path` location.
    var localPath: String? {
        if case .path(let path) = self { return path }
        return nil
    }
}
