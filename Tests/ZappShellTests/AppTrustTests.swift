import Foundation
import Testing
import ZappCore
import ZappModel
import ZappPlugins

@testable import zapp_shell

/// Which loaded apps may run their commands: never a URL, always the bundled demo with its own
/// plugin list, any other local app only as the trust file says.
@Suite("AppTrust")
struct AppTrustTests {
    private static let state = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-apptrust-\(UUID().uuidString)")

    @Test("an http(s) app is untrusted as remote, whatever the trust file says")
    func remote() async throws {
        let app = ZappApp(screens: [ScreenModel(id: "home", name: "Home")], plugins: [], name: "app")
        #expect(await AppTrust.decide(app: app, argument: "https://example.com/app/", plugins: nil, stateDirectory: Self.state)
            == .untrusted(app: "https://example.com/app/", reason: .remote))
    }

    @Test("the bundled demo is trusted with its own plugins, and decided by the trust file with --plugins")
    func demo() async throws {
        let loaded = await AppLocation.demo.load()
        let demo = try #require(loaded.app)
        #expect(await AppTrust.decide(app: demo, argument: nil, plugins: nil, stateDirectory: Self.state) == .trusted)
        let path = try #require(demo.folder?.path)
        #expect(await AppTrust.decide(app: demo, argument: path, plugins: nil, stateDirectory: Self.state) == .trusted,
                "named by its path, it is still the bundled demo")
        #expect(await AppTrust.decide(app: demo, argument: nil, plugins: "/tmp/other.json", stateDirectory: Self.state)
            == .untrusted(app: "--plugins /tmp/other.json", reason: .notTrusted))
    }

    @Test("run's warning: only for an app with commands that will not run")
    func warnings() async throws {
        let hook = PluginConfiguration(
            manifest: PluginManifest(
                identifier: "hook", name: "Hook", type: "general",
                api: PluginAPI(className: BuiltInPluginClass.externalHook.rawValue)),
            configuration: ["command": ["touch", "/tmp/x"]])
        let screens = [ScreenModel(id: "home", name: "Home")]
        let url = "http://127.0.0.1:9/app/"
        let remote = CommandTrust.untrusted(app: url, reason: .remote)
        #expect(AppTrust.warnings(app: ZappApp(screens: screens, plugins: [hook], name: "app"), plugins: nil, trust: remote)
            == ["plugin_configurations.json: warning: external hook commands not run: \(url) is an http(s) app; its commands never run"])
        #expect(AppTrust.warnings(app: ZappApp(screens: screens, plugins: [], name: "app"), plugins: nil, trust: remote) == [])
        let demo = try #require(await AppLocation.demo.load().app)
        let trust = await AppTrust.decide(app: demo, argument: nil, plugins: nil, stateDirectory: Self.state)
        #expect(AppTrust.warnings(app: demo, plugins: nil, trust: trust) == [])
    }

    @Test("APP and --plugins are shown as the user would type them after zapp-shell trust")
    func shownArguments() {
        #expect(AppTrust.shownArguments("my app", plugins: nil) == "'my app'")
        #expect(AppTrust.shownArguments("./app", plugins: "p.json") == "./app --plugins p.json")
    }
}
