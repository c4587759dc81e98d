import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ZappModel

/// `zapp-shell schema river|plugins|content-types|theme`: prints the JSON Schema (draft 2020-12)
/// of one input, for editors (docs/schemas.md). The schemas are built in ZappModel beside the
/// decoders (`InputSchema`), so what they accept is what the app reads.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of river.json, plugin_configurations.json, content_types.json, a theme or the gates report.",
        discussion: """
            The schemas follow JSON Schema draft 2020-12 and accept what zapp-shell reads: unknown \
            keys, null for absent values, numbers and booleans written as strings. Point an editor at \
            the output, e.g. `zapp-shell schema river > river.schema.json` and VS Code's json.schemas \
            setting. A single plugin manifest is the plugins schema's #/$defs/manifest.
            """
    )

    @Argument(help: ArgumentHelp("Which: river, plugins, content-types, theme, or gates (the report of gates --format json).", valueName: "name"))
    var name: InputSchema

    @Option(help: ArgumentHelp("Write the schema to FILE instead of stdout.", valueName: "FILE"))
    var output: String?

    func run() throws {
        let text = name.text
        guard let output else {
            Console.printJSON(String(text.dropLast()))
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            Console.printError("zapp-shell schema: cannot write \(output): \(FileSystem.reason(error))")
            throw ExitCode.failure
        }
    }
}

extension InputSchema: ExpressibleByArgument {}
