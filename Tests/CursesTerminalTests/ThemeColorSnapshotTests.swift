import Foundation
import ShellCore
import ShellUI
import SnapshotTesting
import Testing
import ZappModel

@testable import CursesTerminal

/// The ncurses colour numbers every shipped theme is drawn with, per terminal palette, through
/// the same path as the terminal: `Palette` degrades the theme, `ColorMapper` numbers it.
@Suite struct ThemeColorSnapshotTests {
    static let terminals: [(name: String, support: ColorSupport, paletteSize: Int)] = [
        ("8", .ansi8, 8), ("16", .ansi8, 16), ("256", .ansi256, 256), ("truecolor", .trueColor, 1 << 24),
    ]

    static var repositoryThemes: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("themes")
    }

    static func table(for theme: Theme) -> String {
        var lines = ["role: " + terminals.map { "\($0.name) fg/bg" }.joined(separator: " | ")]
        for role in ThemeRole.allCases {
            let columns = terminals.map { terminal -> String in
                let style = Palette(theme: theme, support: terminal.support)[role]
                let mapper = ColorMapper(support: terminal.support, paletteSize: terminal.paletteSize)
                func number(_ color: TerminalColor) -> String {
                    let value = mapper.colorNumber(for: color)
                    return terminal.support == .trueColor && value >= 8 ? String(format: "#%06X", value) : String(value)
                }
                return "\(number(style.foreground))/\(number(style.background))"
            }
            lines.append("\(role.rawValue): " + columns.joined(separator: " | "))
        }
        return lines.joined(separator: "\n")
    }

    @Test func everyShippedThemeAtEveryPaletteSize() throws {
        let catalog = ThemeCatalog(folders: [(Self.repositoryThemes, .repository)])
        let shipped = catalog.entries.filter { $0.source == .repository }
        #expect(shipped.count >= 4, "themes/ holds dark, light, high-contrast and mono")
        for entry in shipped {
            let theme = try entry.result.get()
            assertSnapshot(of: Self.table(for: theme), as: .lines, named: entry.name)
        }
    }

    @Test("the default theme's near-black background stays dark in a 256-colour terminal")
    func defaultBackgroundIsNotBrightGreen() {
        let style = Palette(theme: Theme.defaultDark, support: .ansi256)[.base]
        let number = ColorMapper(support: .ansi256, paletteSize: 256).colorNumber(for: style.background)
        #expect((232...255).contains(number) || (16...231).contains(number))
        let rgb = ColorMapper(support: .ansi256, paletteSize: 256).approximateRGB(of: number)
        #expect(rgb.map { Int($0.0) + Int($0.1) + Int($0.2) < 3 * 64 } == true, "dark, not bright green")
    }
}
