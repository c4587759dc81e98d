import Foundation
import Testing
import ZappCore
import ZappModel

@testable import CursesTerminal
@testable import ShellCore
@testable import ShellUI

/// Every theme reads at every colour depth (issue 33): on the demo's and harbor-tv's screens
/// (home, the bar focused, a focused row of a pushed list, the side menu, help, go to, the
/// warnings), each letter has 4.5:1 against its background as the terminal shows it (WCAG AA),
/// 3:1 for disabled items. Colours go through the terminal layer's `ColorMapper` as a
/// truecolor, 256-, 16- and 8-colour terminal gets them; where a cell leaves a colour to the
/// terminal's default, it must read on a dark default (white on black) and a light one; in 8 and
/// 16 colours bold letters must read in their bright variant too (terminals that draw bold bright).
@Suite("Theme contrast")
struct ThemeContrastTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let depths: [(name: String, support: ColorSupport, palette: Int)] = [
        ("truecolor", .trueColor, 1 << 24), ("256 colours", .ansi256, 256), ("16 colours", .ansi8, 16), ("8 colours", .ansi8, 8),
    ]

    /// The shipped themes and the compiled-in default.
    static func themes() throws -> [Theme] {
        let folder = root.appendingPathComponent("themes")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        let shipped = try files.map { name in
            try #require(ThemeDecoder.decode(try Data(contentsOf: folder.appendingPathComponent(name)), file: name).theme)
        }
        return shipped + [.defaultDark]
    }

    /// An app with its local feeds loaded (a remote one shows its failure, which is text too).
    static func state(_ folder: String) throws -> ShellViewState {
        let url = root.appendingPathComponent(folder)
        let app = try #require(AppLoader.load(folder: url).app)
        var state = ShellViewState(app: app)
        var sources: Set<String> = []
        for screen in app.screens {
            state.navigation = .showing(screen.id, as: .root, rootItemID: state.rootMenu.homeItemID, rootScreenID: screen.id)
            sources.formUnion(FrameLayout(state: state, columns: 100, rows: 30).content?.feedSources ?? [])
        }
        state = ShellViewState(app: app)
        for source in sources {
            if let data = try? Data(contentsOf: url.appendingPathComponent(source)), let feed = try? FeedParser.parse(data) {
                state.feeds[source] = .loaded(feed)
            } else {
                state.feeds[source] = .failed("not reachable in this test")
            }
        }
        state.loadWarnings = ["a warning, to have the pane show one"]
        return state
    }

    /// The screens looked at: (name, state).
    static func screens(of base: ShellViewState) -> [(String, ShellViewState)] {
        var screens: [(String, ShellViewState)] = [("home", base)]
        var bar = base
        bar.focus = .navBar
        screens.append(("the bar focused", bar))
        var menu = base
        menu.isSideMenuOpen = true
        menu.focus = .rootMenu
        menu.menuSelection = 1
        screens.append(("the side menu", menu))
        for screen in base.app.screens.prefix(12) where screen.id != base.rootMenu.homeScreenID {
            var pushed = base
            pushed.navigation = .showing(
                screen.id, as: .pushed, rootItemID: base.rootMenu.homeItemID, rootScreenID: base.rootMenu.homeScreenID ?? screen.id)
            pushed.screenSelection[screen.id] = 1
            screens.append(("\(screen.id), its second row focused", pushed))
        }
        for (name, overlay) in [("help", Overlay.help(scroll: 0)), ("go to", .goTo(filter: "", selection: 1)), ("warnings", .warnings(scroll: 0))] {
            var state = base
            state.overlay = overlay
            screens.append((name, state))
        }
        return screens
    }

    /// The RGB a terminal shows for a colour number of `ColorMapper`; nil for the default.
    static func shown(_ number: Int32, support: ColorSupport) -> (UInt8, UInt8, UInt8)? {
        guard number >= 0 else { return nil }
        if support == .trueColor, number >= 8 { return (UInt8(number >> 16 & 0xFF), UInt8(number >> 8 & 0xFF), UInt8(number & 0xFF)) }
        return TerminalColor.rgb(ofPaletteIndex: UInt8(number))
    }

    /// The lowest contrast of the letters in `canvas` at a depth, with where and the colours.
    static func failures(_ canvas: Canvas, mapper: ColorMapper, disabled: Set<CellStyle>) -> [String] {
        var failures: [String] = []
        for row in 0..<canvas.rows {
            for column in 0..<canvas.columns {
                let cell = canvas[column, row]
                guard cell.grapheme.unicodeScalars.contains(where: { $0.properties.isAlphabetic || ("0"..."9").contains($0) }) else { continue }
                var (fore, back) = (mapper.colorNumber(for: cell.style.foreground), mapper.colorNumber(for: cell.style.background))
                if cell.style.attributes.contains(.reverse) { (fore, back) = (back, fore) }
                let (front, paper) = (shown(fore, support: mapper.support), shown(back, support: mapper.support))
                if front == nil && paper == nil { continue }  // the terminal's own pair
                let minimum = disabled.contains(cell.style) ? Contrast.disabled : Contrast.text
                // A default on one side: a dark terminal (light letters on black) and a light one.
                var pairs = [(front ?? (229, 229, 229), paper ?? (0, 0, 0)), (front ?? (0, 0, 0), paper ?? (255, 255, 255))]
                // 8 and 16 colours: bold letters of colours 0-7 may be drawn bright.
                if mapper.support == .ansi8, cell.style.attributes.contains(.bold), (0..<8).contains(fore), let paper {
                    pairs.append((TerminalColor.rgb(ofPaletteIndex: UInt8(fore + 8)), paper))
                }
                for (a, b) in pairs {
                    let ratio = Contrast.ratio(a, b)
                    if ratio < minimum {
                        failures.append("\(cell.grapheme) at \(column),\(row): \(a) on \(b) is \((ratio * 10).rounded() / 10):1")
                        break
                    }
                }
            }
        }
        return failures
    }

    @Test("every theme x colour depth x screen of the demo and harbor-tv: letters 4.5:1, disabled items 3:1")
    func everyThemeReads() throws {
        var report: [String] = []
        for folder in ["Sources/zapp-shell/DemoApp", "examples/harbor-tv"] {
            let base = try Self.state(folder)
            for theme in try Self.themes() {
                for depth in Self.depths {
                    let palette = Palette(theme: theme, support: depth.support)
                    let disabled: Set<CellStyle> = [palette[.barButtonDisabled], palette[.menuDisabled]]
                    let mapper = ColorMapper(support: depth.support, paletteSize: depth.palette)
                    for (name, screen) in Self.screens(of: base) {
                        var state = screen
                        state.theme = theme
                        state.colorSupport = depth.support
                        var canvas = Canvas(columns: 100, rows: 30)
                        ShellView.render(state, into: &canvas)
                        let failed = Self.failures(canvas, mapper: mapper, disabled: disabled)
                        if !failed.isEmpty {
                            report.append("\(folder) \(theme.name) \(depth.name) \(name): \(failed.count) letters, e.g. \(failed.prefix(3).joined(separator: "; "))")
                        }
                    }
                }
            }
        }
        #expect(report.isEmpty, "\(report.count) screens fail:\n\(report.prefix(40).joined(separator: "\n"))")
    }

    @Test("the contrast ratio is WCAG's: black on white 21:1, a colour on itself 1:1, #777 on white about 4.48:1")
    func ratios() {
        #expect(abs(Contrast.ratio((0, 0, 0), (255, 255, 255)) - 21) < 0.01)
        #expect(Contrast.ratio((40, 90, 200), (40, 90, 200)) == 1)
        #expect(abs(Contrast.ratio((0x77, 0x77, 0x77), (255, 255, 255)) - 4.48) < 0.01)
    }

    @Test("letters that do not read move toward white or black until they do; letters that read are kept")
    func legible() throws {
        let search = CellStyle(foreground: .rgb(0x05, 0x50, 0xAE), background: .rgb(0x14, 0x16, 0x1F))
        let lighter = try #require(search.legible(.trueColor).foreground.rgbValue)
        #expect(Contrast.ratio(lighter, (0x14, 0x16, 0x1F)) >= 4.5 && lighter.2 > lighter.0, "a lighter blue, not white: \(lighter)")
        let title = CellStyle(foreground: .ansi(7), background: .ansi(6))
        #expect(title.legible(.ansi8).foreground == .ansi(0), "grey on cyan in 8 colours: black")
        let boldTitle = CellStyle(foreground: .ansi(7), background: .ansi(6), attributes: .bold).legible(.ansi8)
        #expect(boldTitle.foreground == .ansi(0) && !boldTitle.attributes.contains(.bold), "bold black would be drawn bright: grey")
        let fine = CellStyle(foreground: .rgb(0x24, 0x29, 0x2F), background: .rgb(0xFA, 0xFA, 0xF7))
        #expect(fine.legible(.trueColor) == fine)
        #expect(CellStyle(foreground: .rgb(1, 1, 1)).legible(.ansi256).foreground == .rgb(1, 1, 1), "a default background is left alone")
        #expect(CellStyle(background: .rgb(0x14, 0x16, 0x1F)).legible(.trueColor).foreground == .rgb(255, 255, 255), "a default foreground on a dark bar: white")
    }
}
