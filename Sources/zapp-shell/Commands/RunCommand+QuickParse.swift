import ArgumentParser
import ZappCore

extension RunCommand {
    /// The common `run` command lines read without swift-argument-parser's parser, which
    /// reflects over the command's properties and costs the start about 7 million instructions
    /// (ARCHITECTURE.md, "Start"): at most one APP not starting with `-`, each option of
    /// `run` at most once (`--theme NAME` or `--theme=NAME`, the value not starting with `-`),
    /// and its flags. Anything else — `--`, short options, an unknown or repeated option, a
    /// missing value — returns nil, and the caller parses with `RunCommand.parse`, so its
    /// messages and exit statuses stay the parser's.
    static func quickParse(_ arguments: [String]) -> RunCommand? {
        var values: [String: String] = [:]
        var setFlags: Set<String> = []
        var app: String?
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                guard app == nil, !argument.isEmpty else { return nil }
                app = argument
                continue
            }
            if quickFlags.contains(argument) {
                guard setFlags.insert(argument).inserted else { return nil }
                continue
            }
            let name: String
            let value: String
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            } else {
                guard index < arguments.endIndex else { return nil }
                name = argument
                value = arguments[index]
                index += 1
            }
            guard quickValuedOptions.contains(name), !value.isEmpty, !value.hasPrefix("-"), values.updateValue(value, forKey: name) == nil else {
                return nil
            }
        }
        var command = RunCommand()
        command.app = app
        command.plugins = values["--plugins"]
        command.theme = values["--theme"]
        command.stateDir = values["--state-dir"]
        command.open = values["--open"]
        command.log = values["--log"]
        if let images = values["--images"] {
            guard let mode = ImageMode(rawValue: images) else { return nil }
            command.images = mode
        }
        command.watch = setFlags.contains("--watch")
        command.ascii = setFlags.contains("--ascii")
        command.noColor = setFlags.contains("--no-color")
        return command
    }

    /// `run`'s options that take a value, and its flags, as `quickParse` reads them.
    private static let quickValuedOptions: Set<String> = ["--plugins", "--theme", "--state-dir", "--open", "--log", "--images"]
    private static let quickFlags: Set<String> = ["--watch", "--ascii", "--no-color"]
}
