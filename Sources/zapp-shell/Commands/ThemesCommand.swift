import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ZappModel

/// `zapp-shell themes`: lists the themes that can be used with `--theme NAME` and where each
/// was found, in lookup order; files that fail to load are listed with the reason.
struct ThemesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "themes",
        abstract: "List the available themes and where each was found.",
        discussion: """
            Lookup order (the first theme of a name wins): $ZAPP_SHELL_THEMES (folders separated \
            by ':'), $XDG_CONFIG_HOME/zapp-shell/themes (default ~/.config/zapp-shell/themes), the \
            themes/ folder shipped beside the executable, the repository's themes/ folder, then the \
            built-in dark theme. --theme PATH reads a file directly.
            """
    )

    func run() throws {
        let catalog = ThemeCatalog()
        let width = max(8, catalog.entries.map(\.name.count).max() ?? 0)
        var lines: [String] = []
        for entry in catalog.entries {
            let name = entry.name + String(repeating: " ", count: max(0, width - entry.name.count))
            let place = entry.file?.path ?? "compiled in"
            let source = "(\(entry.source.rawValue))"
            switch entry.result {
            case .success(let theme):
                let isDefault = theme.name == Theme.defaultDark.name && entry.name == Theme.defaultDark.name ? "  default" : ""
                lines.append("\(name)  \(source) \(place)\(isDefault)")
            case .failure(let error):
                let reasons = "\(error)".split(separator: "\n").map { "\n    \($0)" }.joined()
                lines.append("\(name)  \(source) \(place)  unusable:\(reasons)")
            }
        }
        Console.print(lines.joined(separator: "\n"))
    }
}
