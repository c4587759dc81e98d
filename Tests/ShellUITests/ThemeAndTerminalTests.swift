import Foundation
import Testing
import ZappModel

@testable import ShellCore
@testable import ShellUI

@Suite struct ThemeAndTerminalTests {
    static var repositoryThemes: URL {
        URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("themes")
    }

    @Test func shippedThemesLoadAndCoverEveryRole() throws {
        let catalog = ThemeCatalog(folders: [(Self.repositoryThemes, .repository)])
        #expect(Set(catalog.entries.map(\.name)).isSuperset(of: ["dark", "light", "high-contrast", "mono"]))
        for entry in catalog.entries {
            let theme = try entry.result.get()
            if entry.name != "mono" { #expect(Set(theme.roles.keys) == Set(ThemeRole.allCases), "\(entry.name) styles every role") }
        }
        #expect(try catalog.resolve(nil).name == "dark")
        #expect(try catalog.resolve("LIGHT").name == "light")
        #expect(try catalog.resolve(nil) == Theme.defaultDark, "themes/dark.json matches the compiled-in default")
    }

    @Test func lookupOrderAndErrors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-themes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(##"{"name": "light", "roles": {"base": {"fg": "#FF000000"}}}"##.utf8).write(to: folder.appendingPathComponent("light.json"))
        try Data(#"{"roles": {"bogus": {}}}"#.utf8).write(to: folder.appendingPathComponent("broken.json"))
        try Data(#"{"roles": {"base": {"fg": "red"}}}"#.utf8).write(to: folder.appendingPathComponent("badcolor.json"))
        let folders = ThemeCatalog.searchFolders(environment: ["ZAPP_SHELL_THEMES": folder.path], executableURL: nil)
        #expect(folders.first?.source == .environment)
        let catalog = ThemeCatalog(folders: folders + [(Self.repositoryThemes, .repository)])
        let light = try #require(catalog.entries.first { $0.name == "light" })
        #expect(light.source == .environment, "the first folder wins")
        #expect(light.theme?[.base].foreground == ZappColor(hex: "#FF000000"))
        #expect(light.theme?[.bar] == Theme.defaultDark[.bar], "missing roles fall back to the default")
        #expect(throws: ThemeError.self) { try catalog.resolve("broken") }
        let badColor = catalog.entries.first { $0.name == "badcolor" }
        guard case .failure(let error) = badColor?.result else {
            Issue.record("a bad colour makes the theme unusable")
            return
        }
        #expect("\(error)".hasSuffix("badcolor.json: $.roles.base.fg: error: expected a colour (#AARRGGBB or #RRGGBB), got \"red\" (hint: write a colour as eight or six hex digits, such as #FF1A2B3C)"))
        #expect(throws: ThemeError.self) { try catalog.resolve("nope") }
        #expect(throws: ThemeError.self) { try catalog.resolve("/no/such/theme.json") }
        let empty = ThemeCatalog(folders: [])
        #expect(empty.themes == [Theme.defaultDark], "the compiled-in default always exists")

        let all = folders + [(Self.repositoryThemes, .repository)]
        #expect(try ThemeCatalog.resolveOne("LIGHT", folders: all) == catalog.resolve("light"), "one file read, the same answer")
        #expect(try ThemeCatalog.resolveOne(nil, folders: all) == catalog.resolve(nil))
        #expect(try ThemeCatalog.resolveOne(nil, folders: []) == Theme.defaultDark)
        #expect(throws: ThemeError.self) { try ThemeCatalog.resolveOne("broken", folders: all) }
        #expect(throws: ThemeError.self) { try ThemeCatalog.resolveOne("nope", folders: all) }
        #expect(throws: ThemeError.self) { try ThemeCatalog.resolveOne("/no/such/theme.json", folders: all) }
    }

    @Test func headlessTerminalKeepsFramesAndCountsChanges() {
        let terminal = HeadlessTerminal(columns: 10, rows: 2)
        var canvas = terminal.makeCanvas()
        canvas.draw("hello", x: 0, y: 0, style: .plain)
        terminal.flush(canvas)
        #expect(terminal.lastChangedCells == 20)
        canvas.draw("J", x: 0, y: 0, style: .plain)
        terminal.flush(canvas)
        #expect(terminal.lastChangedCells == 1)
        #expect(terminal.plainText == "Jello     \n          ")
        terminal.enqueue(.resize(columns: 30, rows: 5))
        #expect(terminal.size.columns == 30)
        terminal.enqueue(.key(.character("q")))
        terminal.enqueue(.key(.character("x")))
        var read: [TerminalEvent] = []
        terminal.readEvents { event in
            read.append(event)
            return event != .key(.character("q"))
        }
        #expect(read == [.resize(columns: 30, rows: 5), .key(.character("q"))], "reading stops where the handler says")
        read.removeAll()
        terminal.readEvents { read.append($0); return true }
        #expect(read == [.key(.character("x"))], "what was not read stays for the next read")
    }
}
