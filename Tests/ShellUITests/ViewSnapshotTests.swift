import SnapshotTesting
import Testing
import ZappCore
import ZappModel

@testable import ShellCore
@testable import ShellUI

/// Snapshots of the UI beyond the bar: menus, panes, overlays, white-label screens, startup frames.
@Suite struct ViewSnapshotTests {
    let app = Fixtures.app()

    @Test func sideMenuOpenWithNestedExpanded() {
        var state = Fixtures.state(app)
        state.isSideMenuOpen = true
        state.expandedMenuItems = ["m-browse"]
        state.focus = .rootMenu
        state.menuSelection = 2
        assertSnapshot(of: Fixtures.frame(state, 60, 14), as: .lines, named: "side-menu")
    }

    @Test func tabBarFocused() {
        var state = Fixtures.state(Fixtures.app(rootClass: "ZappShell.TabBar"))
        state.focus = .rootMenu
        state.menuSelection = 1
        assertSnapshot(of: Fixtures.frame(state, 60, 10), as: .lines, named: "tab-bar")
    }

    @Test func panes() {
        var state = Fixtures.state(app)
        var pane = PaneState(
            id: 1,
            pane: Pane(
                hookIdentifier: "login", title: "Sign in", message: "Premium needs an account.",
                fields: [PaneField(key: "username", label: "Username"), PaneField(key: "password", label: "Password", kind: .password)],
                buttons: ["Sign in", "Cancel"]))
        pane.values = ["alice", "secret"]
        pane.focusIndex = 1
        pane.error = "Wrong username or password"
        state.panes = [pane]
        assertSnapshot(of: Fixtures.frame(state, 60, 18), as: .lines, named: "modal-login")
        #expect(!Fixtures.frame(state, 60, 18).contains("secret"))
        var pushed = PaneState(id: 2, pane: Pane(hookIdentifier: "rules", title: "House rules", message: "Be kind.", buttons: ["Accept", "Decline"], presentation: .push))
        pushed.focusIndex = 0
        pushed.isBusy = true
        state.panes = [pushed]
        assertSnapshot(of: Fixtures.frame(state, 60, 10), as: .lines, named: "pushed-pane")
        assertSnapshot(of: Fixtures.frame(state, 20, 6), as: .lines, named: "pushed-pane-20x6")
    }

    @Test func overlays() {
        var state = Fixtures.state(app)
        state.overlay = .help(scroll: 0)
        assertSnapshot(of: Fixtures.frame(state, 80, 20), as: .lines, named: "help")
        state.overlay = .goTo(filter: "se", selection: 1)
        assertSnapshot(of: Fixtures.frame(state, 60, 14), as: .lines, named: "go-to")
        state.overlay = nil
        state.isTracePanelVisible = true
        state.traceLines = ["navigate home -> movies (cell)", "pre login: presented pane", "pre login: failed \u{1B}[31mUser has closed hook execution", "result: blocked by login"]
        state.toast = Toast("Blocked by login", kind: .error)
        assertSnapshot(of: Fixtures.frame(state, 60, 16), as: .lines, named: "trace-and-toast")
    }

    @Test func whiteLabelScreens() {
        var state = Fixtures.state(app, screen: SyntheticScreen.settings.rawValue)
        state.signedInUser = "alice"
        state.themeNames = ["dark", "light"]
        assertSnapshot(of: Fixtures.frame(state, 60, 14), as: .lines, named: "settings")
        let epg = Fixtures.state(app, screen: SyntheticScreen.epg.rawValue)
        assertSnapshot(of: Fixtures.frame(epg, 80, 12), as: .lines, named: "epg")
    }

    @Test func screenPickerAndASCII() {
        var state = Fixtures.state(app, screen: "series", as: .pushed)
        state.pickerTabs["series-picker"] = 0
        assertSnapshot(of: Fixtures.frame(state, 60, 10), as: .lines, named: "screen-picker")
        var ascii = Fixtures.state(app)
        ascii.forceASCII = true
        ascii.isSideMenuOpen = true
        assertSnapshot(of: Fixtures.frame(ascii, 60, 12), as: .lines, named: "ascii")
        #expect(Fixtures.frame(ascii, 60, 12).unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test func startupFrames() {
        var state = Fixtures.state(app)
        state.phase = .splash(message: "Loading the app…")
        assertSnapshot(of: Fixtures.frame(state, 40, 8), as: .lines, named: "splash")
        state.phase = .loadingFailed(message: "river.json: expected an array at $")
        var canvas = Canvas(columns: 40, rows: 8)
        let hits = ShellView.render(state, into: &canvas)
        assertSnapshot(of: canvas.plainText, as: .lines, named: "loading-failed")
        #expect(hits.regions.contains { $0.action == .retry })
    }
}
