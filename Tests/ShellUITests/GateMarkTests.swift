import Foundation
import Logging
import Testing
import ZappCore
import ZappModel

@testable import ShellCore
@testable import ShellUI

/// The running app's gating marks: a lock beside gated screens in the side menu, the tab bar
/// and go-to (ASCII `#` with `--ascii`), and "Signed in as NAME" after a sign-in.
@Suite("Lock marks and the sign-in toast")
struct GateMarkTests {
    /// A hook with UI that is a flow blocker (the fixture's `Test.Login`), or neither (`Test.Slow`, `Test.After`).
    final class MarkHook: ScreenHook {
        let blocks: Bool
        init(blocks: Bool) { self.blocks = blocks }
        var isFlowBlocker: Bool? { blocks }
        var hasUI: Bool { blocks }
        var completesWithoutWaiting: Bool { !blocks }
        func executeHook(dataDict: JSONObject?) async -> HookOutcome { .succeeded(dataDict: dataDict) }
    }

    struct MarkFactory: PluginFactory {
        let blocks: Bool
        func makeScreenHook(context: HookContext) -> (any ScreenHook)? { MarkHook(blocks: blocks) }
    }

    static func gates(_ app: ZappApp) -> ScreenGates {
        var catalog = PluginCatalog()
        catalog.register("Test.Login") { _, _ in MarkFactory(blocks: true) }
        catalog.register("Test.Slow") { _, _ in MarkFactory(blocks: false) }
        catalog.register("Test.After") { _, _ in MarkFactory(blocks: false) }
        let environment = PluginEnvironment(
            stateDirectory: FileManager.default.temporaryDirectory, appIdentity: "marks",
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, presenter: ScriptedPresenter(script: HookScript()),
            sessions: .inMemory(signedInUser: nil))
        return ScreenGates(app: app, registry: PluginRegistry(app: app, catalog: catalog, environment: environment))
    }

    /// The marks of every screen of `app`, as `.gatesChecked` delivers them.
    static func marks(_ app: ZappApp) -> [String: Bool] {
        let gates = gates(app)
        return Dictionary(uniqueKeysWithValues: app.screens.map { ($0.id, gates.isGated($0.id)) })
    }

    static func state(ascii: Bool = false) -> ShellViewState {
        var state = UpdateFixture.model().view
        state.gatedScreens = marks(UpdateFixture.app)
        state.forceASCII = ascii
        state.isSideMenuOpen = true
        return state
    }

    @Test("the side menu locks Premium (a flow-blocking hook with UI) and not Slow (neither)")
    func sideMenu() {
        let frame = Fixtures.frame(Self.state(), 80, 12)
        #expect(frame.contains("Premium ◘"))
        #expect(!frame.contains("Slow ◘"))
        #expect(Fixtures.frame(Self.state(ascii: true), 80, 12).contains("Premium #"))
        var unmarked = Self.state()
        unmarked.gatedScreens = [:]
        #expect(!Fixtures.frame(unmarked, 80, 12).contains("◘"), "render and tests without gates show no marks")
    }

    @Test("go-to marks gated screens too")
    func goTo() {
        var state = Self.state()
        state.overlay = .goTo(filter: "", selection: 0)
        let frame = Fixtures.frame(state, 80, 20)
        #expect(frame.contains("Premium ◘"))
        #expect(frame.contains("Detail  detail") && !frame.contains("Detail ◘"))
    }

    @Test("the update asks the services for the marks of the menu's screens once; drawing works nothing out")
    func askedOnce() {
        var model = UpdateFixture.model()
        model.marksGates = true
        let effects = ShellUpdate.update(&model, .notice("x", isError: false))
        guard case .checkGates(let screenIDs, let generation)? = effects.last else {
            Issue.record("expected the marks to be asked for, got \(effects)")
            return
        }
        #expect(screenIDs.contains("premium") && generation == model.appGeneration)
        #expect(!ShellUpdate.update(&model, .notice("y", isError: false)).contains { if case .checkGates = $0 { true } else { false } })
        #expect(!model.view.isGated("premium"), "no mark until the answer arrives")
        _ = ShellUpdate.update(&model, .gatesChecked(["premium": true, "slow": false], generation: model.appGeneration))
        #expect(model.view.isGated("premium") && !model.view.isGated("slow"))
    }

    @Test("a reloaded app asks for its marks again, for its generation; an answer for the app before is dropped")
    func reload() {
        var model = UpdateFixture.model()
        model.marksGates = true
        _ = ShellUpdate.update(&model, .notice("x", isError: false))
        let old = model.appGeneration
        _ = ShellUpdate.update(&model, .gatesChecked(["premium": true], generation: old))
        let app = UpdateFixture.app
        let revision = AppRevision(app: app, rootKind: .sideMenu, warnings: [], assets: AssetStore(app: app))
        let effects = ShellUpdate.update(&model, .appReloaded(revision, generation: old))
        #expect(!model.view.isGated("premium"), "the marks of the app before are gone")
        #expect(effects.contains { if case .checkGates(let ids, model.appGeneration) = $0 { ids.contains("premium") } else { false } })
        _ = ShellUpdate.update(&model, .gatesChecked(["premium": true], generation: old))
        #expect(!model.view.isGated("premium"))
        _ = ShellUpdate.update(&model, .gatesChecked(["premium": true], generation: model.appGeneration))
        #expect(model.view.isGated("premium"))
    }

    @Test("a sign-in through a pane says Signed in as NAME; a restored session says nothing")
    func signedInToast() {
        var model = UpdateFixture.model()
        _ = ShellUpdate.update(&model, .signedInUserChanged("restored"))
        #expect(model.view.toast == nil)
        _ = ShellUpdate.update(&model, .signedInUserChanged(nil))
        _ = ShellUpdate.update(&model, .paneShown(id: 7, pane: Pane(hookIdentifier: "login", title: "Sign in", buttons: ["Sign in", "Cancel"])))
        _ = ShellUpdate.update(&model, .terminal(.key(.enter)))
        _ = ShellUpdate.update(&model, .paneClosed(id: 7))
        _ = ShellUpdate.update(&model, .signedInUserChanged("ann"))
        #expect(model.view.toast == Toast("Signed in as ann"))
    }
}
