import Foundation
import SnapshotTesting
import Testing
import ZappCore
import ZappModel

@testable import ShellCore
@testable import ShellUI

/// Snapshots of rendered frames (plain text), reviewed by eye when they change.
@Suite struct NavBarSnapshotTests {
    @Test func everyStylePresentationAndState() {
        for style in BarStyle.allCases {
            for presentation in PresentationStyle.allCases {
                for barState in BarState.allCases {
                    let app = Fixtures.app(bar: Fixtures.navBar(style: style, presentation: presentation, state: barState))
                    let frame = Fixtures.frame(Fixtures.state(app), 60, 12)
                    assertSnapshot(of: frame, as: .lines, named: "\(style.rawValue)-\(presentation.rawValue)-\(barState.rawValue)")
                }
            }
        }
    }

    @Test func contextButtons() {
        let side = Fixtures.app()
        assertSnapshot(of: Fixtures.frame(Fixtures.state(side), 60, 8), as: .lines, named: "root-side-menu")
        let tabs = Fixtures.app(rootClass: "ZappShell.TabBar")
        assertSnapshot(of: Fixtures.frame(Fixtures.state(tabs), 60, 8), as: .lines, named: "root-tab-bar")
        assertSnapshot(of: Fixtures.frame(Fixtures.state(side, screen: "movies", as: .pushed), 60, 8), as: .lines, named: "pushed")
        assertSnapshot(of: Fixtures.frame(Fixtures.state(side, screen: "search", as: .presented), 60, 8), as: .lines, named: "presented")
    }

    @Test func sizes() {
        let app = Fixtures.app(bar: Fixtures.navBar(presentation: .logo))
        assertSnapshot(of: Fixtures.frame(Fixtures.state(app), 40, 12), as: .lines, named: "40x12")
        assertSnapshot(of: Fixtures.frame(Fixtures.state(app), 160, 48), as: .lines, named: "160x48")
        assertSnapshot(of: Fixtures.frame(Fixtures.state(app), 20, 6), as: .lines, named: "20x6")
        assertSnapshot(of: Fixtures.frame(Fixtures.state(app), 19, 5), as: .lines, named: "too-small")
    }

    @Test func wideTitles() {
        let cjk = Fixtures.app(bar: Fixtures.navBar(style: .center), homeName: "ニュース 日本語のタイトル")
        assertSnapshot(of: Fixtures.frame(Fixtures.state(cjk), 50, 6), as: .lines, named: "cjk")
        let emoji = Fixtures.app(homeName: "Movies 🎬🍿 night 👨‍👩‍👧")
        assertSnapshot(of: Fixtures.frame(Fixtures.state(emoji), 50, 6), as: .lines, named: "emoji")
    }

    @Test func hostileTitle() {
        let app = Fixtures.app(homeName: "Evil\u{1B}[2J\u{1B}[31mRed\u{1B}]0;pwned\u{07}\u{202E}txt.exe\u{0008}\u{9B}1m!")
        let frame = Fixtures.frame(Fixtures.state(app), 50, 6)
        #expect(!frame.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(!frame.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value) })
        assertSnapshot(of: frame, as: .lines, named: "escapes")
    }

    @Test func overflowButtons() {
        let buttons = (1...6).map { NavItem(id: "b\($0)", title: "Button \($0)", type: "button", data: NavItemData(target: "movies")) }
        let app = Fixtures.app(bar: Fixtures.navBar(buttons: buttons))
        var state = Fixtures.state(app)
        assertSnapshot(of: Fixtures.frame(state, 60, 10), as: .lines, named: "overflow")
        state.isOverflowOpen = true
        state.focus = .navBar
        assertSnapshot(of: Fixtures.frame(state, 60, 10), as: .lines, named: "overflow-open")
    }
}

@Suite struct NavBarAssetTests {
    @Test func backgroundPatternAndTextAssetButtons() {
        var bar = Fixtures.navBar(style: .center)
        bar.assets.background = "assets/pattern.txt"
        bar.assets.menuButton = "assets/menu.txt"
        let app = Fixtures.app(bar: bar)
        var state = Fixtures.state(app)
        state.assets = AssetStore(texts: ["assets/pattern.txt": ["-="], "assets/menu.txt": ["M"]])
        let frame = Fixtures.frame(state, 40, 6)
        assertSnapshot(of: frame, as: .lines, named: "pattern")
        #expect(frame.hasPrefix(" M =-=-"), "the pattern is laid from the bar's left edge under the buttons")
    }

    @Test func assetFilesAreReadAsWrittenAndRemoteOnesSkipped() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("\n /\\_/\\ \n( o.o )\u{1B}[31m\n\n".utf8).write(to: folder.appendingPathComponent("logo.txt"))
        var bar = Fixtures.navBar(presentation: .logo, logo: "logo.txt")
        bar.assets.background = "https://example.com/bg.png"
        var app = Fixtures.app(bar: bar)
        app.folder = folder
        let store = AssetStore(app: app)
        #expect(store.lines("logo.txt") == [" /\\_/\\ ", "( o.o )\u{1B}[31m"], "kept as written; the canvas shows the escape")
        var canvas = Canvas(columns: 20, rows: 1)
        canvas.draw(store.lines("logo.txt")![1], x: 0, y: 0, style: .plain)
        #expect(canvas.plainText == "( o.o )␛[31m        ")
        #expect(store.lines("https://example.com/bg.png") == nil)
    }
}
