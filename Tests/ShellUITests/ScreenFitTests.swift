@testable import ShellCore
import ShellUI
import Testing
import ZappCore
import ZappModel

/// What users see at a given size: the key help at 100 columns, the sign-in pane in a small
/// terminal.
@Suite("fitting the screen")
struct ScreenFitTests {
    let app = Fixtures.app()

    @Test("every line of the key help is whole at 100 columns")
    func helpAt100Columns() {
        var state = Fixtures.state(app)
        state.overlay = .help(scroll: 0)
        let frame = Fixtures.frame(state, 100, 30)
        #expect(!frame.contains("…"))
        for line in ["reload the selected or failed feed, else the app's files", "close a pane, go back, or close a presented stack"] {
            #expect(frame.contains(line), "\(line)")
        }
    }

    @Test("at 80x30 the lock legend is whole (wrapped); at 80x20 the help scrolls to it with Down")
    func helpInSmallTerminals() throws {
        var state = Fixtures.state(app)
        state.overlay = .help(scroll: 0)
        let wide = Fixtures.frame(state, 80, 30)
        #expect(!wide.contains("…"), "\(wide)")
        #expect(wide.contains("a pre hook would ask") && wide.contains("or block"), "\(wide)")
        let short = Fixtures.frame(state, 80, 20)
        #expect(short.contains("Keys (↑↓ scroll, Esc closes)"), "\(short)")
        #expect(!short.contains("or block"), "\(short)")
        var model = ShellModel(view: state, columns: 80, rows: 20)
        for _ in 0..<4 { _ = ShellUpdate.update(&model, .terminal(.key(.down))) }
        // 16 keys and the two-line lock legend in 17 rows: from the second entry on is the last page.
        #expect(model.view.overlay == .help(scroll: 1), "it stops where the rest fills the box")
        let scrolled = Fixtures.frame(model.view, 80, 20)
        #expect(scrolled.contains("a pre hook would ask") && scrolled.contains("or block"), "\(scrolled)")
        let rows = scrolled.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let legend = try #require(rows.firstIndex { $0.contains("or block") })
        #expect(rows[legend + 1].hasPrefix("╰"), "no blank rows below the last entry: \(scrolled)")
        _ = ShellUpdate.update(&model, .terminal(.key(.up)))
        #expect(model.view.overlay == .help(scroll: 0), "Up moves at once")
    }

    static let signIn = Pane(
        hookIdentifier: "login", title: "Sign in", message: "Sign in to open Premium Matches.",
        fields: [PaneField(key: "username", label: "Username"), PaneField(key: "password", label: "Password", kind: .password)],
        buttons: ["Sign in", "Cancel"])

    @Test("the sign-in pane at 25x8 keeps both fields and its buttons; the message gives way")
    func signInAt25x8() {
        var state = Fixtures.state(app)
        state.panes = [PaneState(id: 1, pane: Self.signIn)]
        let frame = Fixtures.frame(state, 25, 8)
        #expect(frame.contains("Username"), "\(frame)")
        #expect(frame.contains("Password"), "\(frame)")
        #expect(frame.contains("Sign in>") || frame.contains("Sign in]"), "\(frame)")
    }

    @Test("with an error at 25x8 the fields and the error stay; at 80x24 everything shows, message first")
    func signInErrorAndRoom() {
        var state = Fixtures.state(app)
        var pane = PaneState(id: 1, pane: Self.signIn)
        pane.error = "Wrong password"
        state.panes = [pane]
        let small = Fixtures.frame(state, 25, 8)
        #expect(small.contains("Username") && small.contains("Password") && small.contains("Wrong password"), "\(small)")
        let large = Fixtures.frame(state, 80, 24).split(separator: "\n").map(String.init)
        let row = { (text: String) in large.firstIndex { $0.contains(text) } ?? -1 }
        #expect(row("Sign in to open Premium Matches.") >= 0)
        #expect(row("Sign in to open Premium Matches.") < row("Username"))
        #expect(row("Username") + 2 == row("Password"))
        #expect(row("Password") < row("Wrong password"))
    }
}
