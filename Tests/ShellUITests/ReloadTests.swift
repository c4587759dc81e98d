import Foundation
import ShellUI
import Testing
import ZappCore
import ZappModel

/// Reloading the running app (`r`, `run --watch`) through the pure update.
@Suite("Reload")
struct ReloadTests {
    /// The fixture with screen `detail` renamed, or gone (its id changed).
    static func app(renamingDetailTo name: String? = nil, removingDetail: Bool = false) -> ZappApp {
        var river = UpdateFixture.river
        if let name { river = river.replacingOccurrences(of: "\"name\": \"Detail\"", with: "\"name\": \"\(name)\"") }
        if removingDetail {
            river = river.replacingOccurrences(of: "{\"id\": \"detail\"", with: "{\"id\": \"other\"")
        }
        let result = AppLoader.load(river: Data(river.utf8), plugins: Data(UpdateFixture.plugins.utf8), name: "Fixture")
        return result.app!
    }

    /// The fixture model showing `detail` pushed on home's stack.
    static func modelOnDetail() -> ShellModel {
        var model = UpdateFixture.model()
        var navigation = model.view.navigation
        navigation.push("detail")
        model.view.navigation = navigation
        return model
    }

    @Test("r asks the runtime to read the app again, once at a time")
    func reloadKey() {
        var model = UpdateFixture.model()
        #expect(ShellUpdate.update(&model, .terminal(.key(.character("r")))) == [.reloadApp])
        #expect(model.isReloading)
        #expect(ShellUpdate.update(&model, .terminal(.key(.character("r")))).isEmpty, "one reload at a time")
    }

    @Test("a reloaded app keeps the open screens that still exist and shows the new content")
    func keepsStacks() {
        var model = Self.modelOnDetail()
        _ = ShellUpdate.update(&model, .terminal(.key(.character("r"))))
        _ = ShellUpdate.update(&model, .appReloaded(Self.app(renamingDetailTo: "Details v2"), rootKind: .sideMenu))
        #expect(model.view.navigation.currentStack == ["home", "detail"])
        #expect(model.view.app.screen(id: "detail")?.name == "Details v2")
        #expect(!model.isReloading)
        #expect(model.view.toast?.text == "Reloaded Fixture (4 screens)")
    }

    @Test("a stack is cut at the first screen the reloaded app no longer has")
    func cutsMissingScreens() {
        var model = Self.modelOnDetail()
        _ = ShellUpdate.update(&model, .appReloaded(Self.app(removingDetail: true), rootKind: .sideMenu))
        #expect(model.view.app.screen(id: "detail") == nil)
        #expect(model.view.navigation.currentStack == ["home"])
    }

    @Test("a reload that fails keeps the running app and says why until the next message")
    func failedReloadKeepsTheApp() {
        var model = Self.modelOnDetail()
        _ = ShellUpdate.update(&model, .terminal(.key(.character("r"))))
        _ = ShellUpdate.update(&model, .reloadFailed("river.json:1:9: error: missing value"))
        #expect(model.view.navigation.currentStack == ["home", "detail"])
        #expect(model.view.app == UpdateFixture.app)
        #expect(model.view.toast?.kind == .error)
        #expect(model.view.toast?.text.contains("river.json:1:9") == true)
        #expect(model.toastExpiry == nil, "the reason stays")
        #expect(!model.isReloading)
    }

    @Test("a theme file read again replaces its theme on screen and in the list t cycles through")
    func themeReloaded() {
        var mine = Theme.defaultDark
        mine.name = "mine"
        var model = UpdateFixture.model(themes: [Theme.defaultDark, mine])
        model.view.theme = mine
        var edited = mine
        edited.border = .double
        _ = ShellUpdate.update(&model, .themeReloaded(edited, replacing: "mine"))
        #expect(model.view.theme.border == .double)
        #expect(model.themes.map(\.name) == [Theme.defaultDark.name, "mine"])
        #expect(model.themes[1].border == .double)

        var renamed = edited
        renamed.name = "mine v2"
        model.view.theme = Theme.defaultDark
        _ = ShellUpdate.update(&model, .themeReloaded(renamed, replacing: "mine"))
        #expect(model.view.theme == Theme.defaultDark, "another theme on screen stays")
        #expect(model.themes.map(\.name) == [Theme.defaultDark.name, "mine v2"])
    }

    @Test("watched changes settle before one reload starts")
    func changesSettle() {
        var model = UpdateFixture.model()
        model.now = 1_000
        _ = ShellUpdate.update(&model, .filesChanged)
        model.now = 1_100
        _ = ShellUpdate.update(&model, .filesChanged)
        #expect(ShellUpdate.nextTickDue(model) == 1_100 + ShellModel.reloadSettle)
        #expect(ShellUpdate.update(&model, .tick, now: 1_200).isEmpty, "not yet: the second change restarted the wait")
        #expect(ShellUpdate.update(&model, .tick, now: 1_100 + ShellModel.reloadSettle) == [.reloadApp])
        #expect(model.reloadDue == nil)
    }
}
