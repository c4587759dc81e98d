import Foundation
import PluginTestSupport
import Testing
import ZappCore
import ZappModel
import ZappPlugins

/// The Account pane's part below the UI: the logins' known users, switching without a pane,
/// and the lock marks (`ScreenGates`) following the session.
@Suite("Account switching and lock marks that follow the session")
struct AccountSwitchingTests {
    static let premium = ScreenModel(
        id: "premium", name: "Premium", hooks: ScreenHooks(preload: [HookReference(identifier: "test_login", type: "login")]),
        general: ["required_entitlements": ["premium"]])
    static let app = ZappApp(screens: [ScreenModel(id: "home", name: "Home", isHome: true), premium], plugins: [.localLogin(["is_flow_blocker": true])], name: "test")

    @Test("LocalLogin lists its configured users; switching signs in without a pane, out again with logout")
    func localLoginAccounts() async throws {
        let bed = try TestBed()
        let registry = bed.registry(Self.app.plugins)
        let accounts = await registry.accounts()
        #expect(accounts.signedInUser == nil)
        #expect(accounts.logins.map(\.identifier) == ["test_login"])
        #expect(accounts.logins[0].users == [KnownUser(username: "demo", entitlements: ["premium"]), KnownUser(username: "free", entitlements: [])])
        #expect(!accounts.logins[0].acceptsAnyUsername)
        let switcher = try #require(registry.accountSwitching(identifier: "test_login"))
        #expect(await switcher.switchAccount(to: "demo") == nil)
        #expect(await registry.accounts().signedInUser == "demo")
        #expect(bed.presenter.panes.isEmpty, "no sign-in pane")
        #expect(await switcher.switchAccount(to: "stranger") != nil, "an unknown user is said")
        _ = await registry.firstLoginProvider?.provider.logout()
        #expect(await registry.accounts().signedInUser == nil)
    }

    @Test("an HTTPLogin takes a typed name; its server is not contacted")
    func httpLoginAccounts() async throws {
        let bed = try TestBed()
        let login = PluginConfiguration.plugin("http_login", "ZappShell.HTTPLogin", type: "login", ["endpoint": "http://127.0.0.1:9/login"])
        let registry = bed.registry([login])
        let accounts = await registry.accounts()
        #expect(accounts.logins.first?.users == [])
        #expect(accounts.logins.first?.acceptsAnyUsername == true)
        _ = await registry.accountSwitching(identifier: "http_login")?.switchAccount(to: "ann")
        #expect(await registry.accounts().signedInUser == "ann")
    }

    @Test("the lock goes when the user signed in has what the login requires, and comes back")
    func lockMarksFollowTheSession() async throws {
        let bed = try TestBed()
        let registry = bed.registry(Self.app.plugins)
        let gates = ScreenGates(app: Self.app, registry: registry)
        #expect(await gates.isGated("premium"), "signed out")
        #expect(await !gates.isGated("home"))
        let switcher = try #require(registry.accountSwitching(identifier: "test_login"))
        _ = await switcher.switchAccount(to: "demo")
        #expect(await !gates.isGated("premium"), "signed in with the entitlement")
        _ = await switcher.switchAccount(to: "free")
        #expect(await gates.isGated("premium"), "signed in without it")
    }
}
