import Foundation
import SnapshotTesting
import Testing
import ZappCore
import ZappModel

@testable import ShellCore
@testable import ShellUI

/// The load warnings (status-line count, `w` overlay) and web links ($BROWSER or an overlay).
@Suite struct WarningsAndLinksTests {
    func key(_ key: Key) -> ShellEvent { .terminal(.key(key)) }

    static let warnings = [
        #"river.json: $[0].navigations[1].styles.style: warning: expected one of left, center, got "leftish""#,
        #"river.json: $[1].hooks.preload_plugins[1].identifier: warning: hook "ghost" names no plugin in plugin_configurations.json"#,
        #"river.json: $[3].id: warning: expected a string, got 17; read as "17""#,
    ]

    @Test func wOpensAndClosesTheWarningsOverlay() {
        var model = UpdateFixture.model()
        model.view.loadWarnings = Self.warnings
        #expect(ShellUpdate.update(&model, key(.character("w"))) == [])
        #expect(model.view.overlay == .warnings(scroll: 0))
        _ = ShellUpdate.update(&model, key(.down))
        _ = ShellUpdate.update(&model, key(.down))
        _ = ShellUpdate.update(&model, key(.down))
        #expect(model.view.overlay == .warnings(scroll: 2))
        _ = ShellUpdate.update(&model, key(.escape))
        #expect(model.view.overlay == nil)
    }

    @Test func wWithoutWarningsSaysSo() {
        var model = UpdateFixture.model()
        _ = ShellUpdate.update(&model, key(.character("w")))
        #expect(model.view.overlay == nil)
        #expect(model.view.toast?.text == "The app loaded without warnings")
    }

    @Test func webLinksGoToTheBrowserWhenSetElseToAnOverlay() {
        var model = UpdateFixture.model()
        #expect(ShellUpdate.openWebLink("https://example.com", &model) == [])
        #expect(model.view.overlay == .webLink("https://example.com"))
        _ = ShellUpdate.update(&model, key(.escape))
        #expect(model.view.overlay == nil)

        model.view.browser = "firefox"
        #expect(ShellUpdate.openWebLink("https://example.com", &model) == [.openBrowser(url: "https://example.com")])
        #expect(model.view.overlay == nil)
    }

    @Test("a link that is not http(s) is shown with the reason and never reaches $BROWSER", arguments: [
        "file:///etc/passwd", "javascript:alert(1)", "-evil", "mailto:a@b", "/bin/sh",
    ])
    func nonWebLinksAreNotOpened(_ link: String) {
        var model = UpdateFixture.model()
        model.view.browser = "firefox"
        #expect(ShellUpdate.openWebLink(link, &model) == [])
        #expect(model.view.overlay == .webLink(link))
        #expect(model.view.toast?.text == ShellUpdate.notOpenedReason)
        let frame = Fixtures.frame({ var state = Fixtures.state(Fixtures.app()); state.overlay = .webLink(link); return state }(), 80, 12)
        #expect(frame.contains("Not opened: only http and https links"))
    }

    @Test func theLauncherRefusesNonWebLinksItself() async {
        #expect(await BrowserLauncher.open("file:///etc/passwd", browser: "/nonexistent-browser") == "only http and https links are opened")
    }

    @Test func browserArguments() {
        #expect(BrowserLauncher.arguments(browser: "firefox", url: "https://a.b") == ["firefox", "https://a.b"])
        #expect(BrowserLauncher.arguments(browser: "open -a Safari", url: "https://a.b") == ["open", "-a", "Safari", "https://a.b"])
        #expect(BrowserLauncher.arguments(browser: "w3m:lynx", url: "u") == ["w3m", "u"])
        #expect(BrowserLauncher.arguments(browser: "my-browser --url=%s --new", url: "u; rm -rf ~") == ["my-browser", "--url=u; rm -rf ~", "--new"])
        #expect(BrowserLauncher.arguments(browser: "  ", url: "u") == nil)
    }

    @Test func snapshots() {
        var state = Fixtures.state(Fixtures.app())
        state.loadWarnings = Self.warnings
        assertSnapshot(of: Fixtures.frame(state, 80, 12), as: .lines, named: "warnings-count")
        state.overlay = .warnings(scroll: 0)
        assertSnapshot(of: Fixtures.frame(state, 80, 12), as: .lines, named: "warnings-overlay")
        state.overlay = .webLink("https://example.com/help")
        assertSnapshot(of: Fixtures.frame(state, 80, 12), as: .lines, named: "web-link")
    }
}

/// A screen picker whose component has no `id` switches tabs like one with an id.
@Suite struct PickerWithoutIDTests {
    @Test func tabsOfAPickerWithoutAnIDSwitch() throws {
        let river = #"""
            [{"id": "home", "home": true, "ui_components": [
               {"component_type": "list", "data": {"items": [{"title": "x"}]}},
               {"component_type": "screen_picker", "data": {"items": [
                 {"title": "One", "target": "one"}, {"title": "Two", "target": "two"}]}}]},
             {"id": "one", "name": "One"}, {"id": "two", "name": "Two"}]
            """#
        let app = try #require(AppLoader.load(river: Data(river.utf8), plugins: nil).app)
        var model = ShellModel(view: ShellViewState(app: app, rootKind: .sideMenu), columns: 80, rows: 24)
        let tabs = FrameLayout(state: model.view, columns: 80, rows: 24).focusables(in: .screen).compactMap { focusable -> (String, Int)? in
            if case .selectTab(let key, let index) = focusable.action { return (key, index) }
            return nil
        }
        #expect(tabs.map(\.0) == ["home#ui_components[1]", "home#ui_components[1]"])
        let effects = ShellUpdate.perform(.selectTab(componentID: tabs[1].0, index: tabs[1].1), &model)
        guard case .navigate(let request, _, _, _)? = effects.first else {
            Issue.record("no navigation: \(effects)")
            return
        }
        #expect(request == .selectTab(componentID: "home#ui_components[1]", from: 0, to: 1, target: "two"))
    }
}
