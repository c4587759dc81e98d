import Foundation
import Testing
import ZappCore
import ZappModel

/// A login provider that only answers who is signed in.
final class FakeLoginProvider: LoginProvider {
    let user: String?
    init(user: String?) { self.user = user }

    func login(_ additionalParameters: JSONObject?) async -> LoginOperationStatus { .cancelled }
    func logout() async -> LoginOperationStatus { .completedSuccessfully }
    func isAuthenticated() async -> Bool { user != nil }
    func isPerformingAuthorizationFlow() async -> Bool { false }
    func getUserToken() async -> String { "" }
    func setUserToken(_ token: String?) async {}
    func isUserComply(policies: JSONObject) async -> Bool { user != nil }
    func signedInUser() async -> String? { user }
}

struct FakeLoginFactory: PluginFactory {
    let provider: FakeLoginProvider
    var loginProvider: (any LoginProvider)? { provider }
}

@Suite("Plugin registry")
struct RegistryTests {
    private func registry(_ plugins: [PluginConfiguration], withLocalLogin: Bool = true) -> PluginRegistry {
        var catalog = TestApp.catalog(events: EventLog())
        if withLocalLogin {
            catalog.register(.localLogin) { configuration, _ in
                FakeLoginFactory(provider: FakeLoginProvider(user: "served-\(configuration.identifier)"))
            }
        }
        catalog.register("Test.Failing") { _, _ in
            throw PluginConfigurationError("configuration_json.users: expected an array, got a string")
        }
        return PluginRegistry(configurations: plugins, catalog: catalog, environment: TestApp.environment())
    }

    @Test func builtInRootsAndBar() {
        let registry = registry([
            TestApp.plugin("side", className: "ZappShell.SideMenu", type: "menu"),
            TestApp.plugin("tabs", className: "ZappShell.TabBar", type: "menu"),
            TestApp.plugin("bar", className: "ZappShell.NavigationBar", type: "nav_bar"),
        ])
        #expect(registry.plugin(identifier: "side")?.role == .rootMenu(.sideMenu))
        #expect(registry.plugin(identifier: "tabs")?.role == .rootMenu(.tabBar))
        #expect(registry.plugin(identifier: "bar")?.role == .navigationBar)
        #expect(registry.supportsMenuButton(navigationType: "side"))
        #expect(!registry.supportsMenuButton(navigationType: "tabs"))
        #expect(registry.isTabBar(navigationType: "tabs"))
        #expect(!registry.isTabBar(navigationType: "side"))
        #expect(registry.warnings.isEmpty)
    }

    @Test func unknownMenuClassIsASideMenuAndUnknownNavBarIsTheDefaultBar() {
        let registry = registry([
            TestApp.plugin("menu", className: "Vendor.Drawer", type: "menu"),
            TestApp.plugin("bar", className: nil, type: "nav_bar"),
        ])
        #expect(registry.plugin(identifier: "menu")?.role == .rootMenu(.sideMenu))
        #expect(registry.plugin(identifier: "bar")?.role == .navigationBar)
        #expect(registry.warnings == [
            "plugin 'menu': class Vendor.Drawer is unknown; shown as ZappShell.SideMenu",
            "plugin 'bar': no api.class_name; drawn by ZappShell.NavigationBar",
        ])
        #expect(registry.supportsMenuButton(navigationType: "menu"))
    }

    @Test func nativeTabBarClassesAndIdentifiersAreTheTabBarRoot() {
        let registry = registry([
            TestApp.plugin("NativeTabBar-iOS", className: "ZappRoot.ZPNativeTabBarController", type: "menu"),
            TestApp.plugin("ZappRoot/TabBar", className: "MATabBarAdapter", type: "menu"),
            TestApp.plugin("quick-brick-bottom-tabs", className: nil, type: "menu"),
        ])
        #expect(registry.isTabBar(navigationType: "NativeTabBar-iOS"))
        #expect(registry.isTabBar(navigationType: "ZappRoot/TabBar"))
        #expect(registry.isTabBar(navigationType: "quick-brick-bottom-tabs"))
        #expect(registry.warnings.first == "plugin 'NativeTabBar-iOS': class ZappRoot.ZPNativeTabBarController is unknown; shown as ZappShell.TabBar")
    }

    @Test func missingRootMenuPluginFallsBackToSideMenu() {
        let registry = registry([])
        #expect(registry.rootKind(navigationType: "nothing") == .sideMenu)
        #expect(registry.rootKind(navigationType: nil) == .sideMenu)
    }

    @Test func rootKindOfAnAppComesFromTheHomeMenu() {
        let plugins = [TestApp.plugin("tabs", className: "ZappShell.TabBar", type: "menu")]
        let home = ScreenModel(
            id: "home", name: "Home", isHome: true,
            navigations: [NavigationModel(category: .menu, navigationType: "tabs")])
        let app = ZappApp(screens: [home], plugins: plugins)
        let registry = PluginRegistry(app: app, catalog: PluginCatalog(), environment: TestApp.environment())
        #expect(registry.rootKind(of: app) == .tabBar)
    }

    @Test func unknownLoginClassIsServedByLocalLogin() async {
        let registry = registry([TestApp.plugin("vendor-login", className: "Vendor.Login", type: "login")])
        let plugin = registry.plugin(identifier: "vendor-login")
        #expect(plugin?.role == .plugin(className: "ZappShell.LocalLogin"))
        #expect(plugin?.note == "class Vendor.Login is unknown; served by ZappShell.LocalLogin")
        #expect(await registry.loginProvider(for: "vendor-login")?.signedInUser() == "served-vendor-login")
    }

    @Test func unknownLoginClassWithoutLocalLoginIsNotAvailable() {
        let registry = registry([TestApp.plugin("vendor-login", className: "Vendor.Login", type: "login")], withLocalLogin: false)
        #expect(
            registry.plugin(identifier: "vendor-login")?.unavailableReason
                == "class Vendor.Login is unknown and ZappShell.LocalLogin is not registered")
    }

    @Test func unknownOtherClassIsNotAvailable() {
        let registry = registry([TestApp.plugin("player", className: "Vendor.Player", type: "player")])
        #expect(registry.plugin(identifier: "player")?.unavailableReason == "class Vendor.Player is unknown")
        #expect(registry.warnings == [
            "plugin 'player' is not available (class Vendor.Player is unknown); its hooks are skipped"
        ])
    }

    @Test func unusableConfigurationMakesThePluginUnavailableWithTheReason() {
        let registry = registry([TestApp.plugin("bad", className: "Test.Failing")])
        #expect(
            registry.plugin(identifier: "bad")?.unavailableReason
                == "Test.Failing: configuration_json.users: expected an array, got a string")
    }

    @Test func duplicatedIdentifiersUseTheFirst() {
        let registry = registry([
            TestApp.plugin("dup", ["add": "first"]), TestApp.plugin("dup", className: "Vendor.Other"),
        ])
        #expect(registry.plugin(identifier: "dup")?.configuration.configuration["add"] == "first")
        #expect(registry.warnings == ["plugin 'dup' is configured more than once; the first is used"])
        #expect(registry.plugins.map(\.unavailableReason) == [nil, "an earlier plugin has the same identifier"])
    }

    @Test func loginProviderLookups() async {
        let registry = registry([
            TestApp.plugin("hook"),
            TestApp.plugin("first-login", className: "ZappShell.LocalLogin", type: "login"),
            TestApp.plugin("second-login", className: "Vendor.Login", type: "login"),
        ])
        #expect(registry.firstLoginProvider?.identifier == "first-login")
        #expect(await registry.firstLoginProvider?.provider.signedInUser() == "served-first-login")
        #expect(await registry.loginProvider(for: "second-login")?.signedInUser() == "served-second-login")
        #expect(registry.loginProvider(for: "hook") == nil)
        #expect(registry.loginProvider(for: "missing") == nil)
    }

    @Test func startupHooksInConfigurationOrderOnlyWhenRequired() {
        let registry = registry([
            TestApp.plugin("late", className: TestApp.startupClass, startup: true),
            TestApp.plugin("not-required", className: TestApp.startupClass, startup: false),
            TestApp.plugin("early", className: TestApp.startupClass, startup: true),
            TestApp.plugin("no-hook", startup: true),
        ])
        #expect(registry.startupHooks.map(\.identifier) == ["late", "early"])
        #expect(registry.warnings == ["plugin 'no-hook' requires startup execution but Test.Hook has no startup hook"])
    }

    @Test func appIdentityIsStableAndSeparatesFolders() {
        let a = ZappApp(screens: [], plugins: [], folder: URL(fileURLWithPath: "/apps/one/my app"), name: "my app")
        let b = ZappApp(screens: [], plugins: [], folder: URL(fileURLWithPath: "/apps/two/my app"), name: "my app")
        let identity = PluginEnvironment.appIdentity(for: a)
        #expect(identity == PluginEnvironment.appIdentity(for: a))
        #expect(identity.hasPrefix("my_app-"))
        #expect(identity.count == "my_app-".count + 8)
        #expect(identity != PluginEnvironment.appIdentity(for: b))
        #expect(PluginEnvironment.appIdentity(for: ZappApp(screens: [], plugins: [], name: "demo")) == "demo")
    }

    @Test func defaultStateDirectoryFollowsXDG() {
        #expect(
            PluginEnvironment.defaultStateDirectory(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"]).path
                == "/x/state/zapp-shell")
        #expect(
            PluginEnvironment.defaultStateDirectory(environment: ["HOME": "/home/u"]).path
                == "/home/u/.local/state/zapp-shell")
    }
}
