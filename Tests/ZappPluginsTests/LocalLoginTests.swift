import Foundation
import Testing
@testable import ZappCore
import ZappModel
@testable import ZappPlugins
import PluginTestSupport

@Suite("ZappShell.LocalLogin")
struct LocalLoginTests {
    private let plugin = PluginConfiguration.localLogin()

    @Test("the hook shows the Sign-in pane and a right answer signs in")
    func signIn() async throws {
        let bed = try TestBed(answers: [.signIn("demo", "demo-pass")])
        let factory = try bed.factory(plugin)
        let hook = try bed.hook(factory, plugin: plugin)
        let provider = try #require(factory.loginProvider)

        #expect(hook.isFlowBlocker == true)
        #expect(hook.hasUI)
        #expect(await hook.requestScreenPluginPresentation())
        let outcome = await hook.executeHook(dataDict: ["from": "cell"])
        #expect(outcome == .succeeded(dataDict: ["from": "cell"]))

        let pane = try #require(bed.presenter.panes.first)
        #expect(pane.title == "Sign in")
        #expect(pane.hookIdentifier == "test_login")
        #expect(pane.fields.map(\.label) == ["Username", "Password"])
        #expect(pane.fields.map(\.kind) == [.text, .password])
        #expect(pane.buttons == ["Sign in", "Cancel"])
        #expect(bed.presenter.closes == 1)
        #expect(await provider.isAuthenticated())
        #expect(await provider.signedInUser() == "demo")
        #expect(await !provider.getUserToken().isEmpty)
        #expect(await provider.isPerformingAuthorizationFlow() == false)
    }

    @Test("a wrong password shows the reason and keeps the pane")
    func wrongPassword() async throws {
        let bed = try TestBed(answers: [.signIn("demo", "nope"), .signIn("nobody", "demo-pass"), .signIn("demo", "demo-pass")])
        let factory = try bed.factory(plugin)
        let outcome = try await bed.hook(factory, plugin: plugin).executeHook(dataDict: nil)

        #expect(outcome == .succeeded(dataDict: nil))
        #expect(bed.presenter.panes.count == 1)
        #expect(bed.presenter.errors == ["Wrong username or password", "Wrong username or password"])
        #expect(bed.presenter.closes == 1)
    }

    @Test("empty fields are refused before checking")
    func emptyFields() async throws {
        let bed = try TestBed(answers: [.signIn("", ""), .button("Cancel")])
        let factory = try bed.factory(plugin)
        _ = try await bed.hook(factory, plugin: plugin).executeHook(dataDict: nil)
        #expect(bed.presenter.errors == ["Enter a username and a password"])
    }

    @Test("Cancel and Esc fail the hook alike, with the SDK's reason, and leave the user signed out")
    func cancel() async throws {
        let bed = try TestBed(answers: [.button("Cancel"), .dismissed])
        let factory = try bed.factory(plugin)
        let provider = try #require(factory.loginProvider)

        let cancelled = try await bed.hook(factory, plugin: plugin).executeHook(dataDict: ["a": 1])
        #expect(cancelled == .failed(reason: "User has closed hook execution", dataDict: ["a": 1]))
        let dismissed = try await bed.hook(factory, plugin: plugin).executeHook(dataDict: nil)
        #expect(dismissed == .failed(reason: "User has closed hook execution", dataDict: nil))
        #expect(await provider.isAuthenticated() == false)
        #expect(bed.presenter.closes == 1)
    }

    @Test("a signed-in user who complies is let through without a pane")
    func compliantUserSkipsPane() async throws {
        let bed = try TestBed(answers: [.signIn("demo", "demo-pass")])
        let factory = try bed.factory(plugin)
        _ = try await bed.hook(factory, plugin: plugin).executeHook(dataDict: nil)

        let next = try bed.hook(factory, plugin: plugin, target: .premium)
        #expect(await next.requestScreenPluginPresentation() == false)
        #expect(await factory.loginProvider?.isUserComply(policies: ["required_entitlements": ["premium"]]) == true)
    }

    @Test("a user without the target's entitlement is told so and may sign in as someone else")
    func complianceWithoutEntitlement() async throws {
        let bed = try TestBed(answers: [
            .signIn("free", "free-pass"),
            .signIn("free", "free-pass"), .signIn("demo", "demo-pass"),
        ])
        let factory = try bed.factory(plugin)
        let provider = try #require(factory.loginProvider)
        _ = try await bed.hook(factory, plugin: plugin).executeHook(dataDict: nil)
        #expect(await provider.signedInUser() == "free")
        #expect(await provider.isUserComply(policies: ["required_entitlements": ["premium"]]) == false)
        #expect(await provider.isUserComply(policies: [:]))

        let hook = try bed.hook(factory, plugin: plugin, target: .premium)
        #expect(await hook.requestScreenPluginPresentation())
        #expect(await hook.executeHook(dataDict: nil) == .succeeded(dataDict: nil))

        let pane = try #require(bed.presenter.panes.last)
        #expect(pane.message.contains("Your account (free) does not include: premium"))
        #expect(bed.presenter.errors == ["Your account (free) does not include: premium"])
        #expect(await provider.signedInUser() == "demo")
    }

    @Test("a signed-in session survives a restart (a new registry and provider)")
    func persistenceAcrossRestart() async throws {
        let bed = try TestBed(answers: [.signIn("demo", "demo-pass")])
        let first = try bed.factory(plugin)
        _ = try await bed.hook(first, plugin: plugin).executeHook(dataDict: nil)
        let token = await first.loginProvider?.getUserToken()

        let restarted = try bed.factory(plugin)
        await restarted.appLoadingHook?.executeOnLaunch()
        #expect(await restarted.loginProvider?.isAuthenticated() == true)
        #expect(await restarted.loginProvider?.signedInUser() == "demo")
        #expect(await restarted.loginProvider?.getUserToken() == token)
        #expect(bed.log.text.contains("signed in silently as demo"))

        #expect(await restarted.loginProvider?.logout() == .completedSuccessfully)
        #expect(!FileManager.default.fileExists(atPath: bed.sessionFile.path))
        #expect(try await bed.factory(plugin).loginProvider?.isAuthenticated() == false)
    }

    @Test("silent sign-in updates entitlements and signs out users no longer configured")
    func silentSignInRefresh() async throws {
        let bed = try TestBed()
        let store = SessionStore(fileURL: bed.sessionFile, logger: bed.log.logger)
        await store.save(Session(username: "free", token: "t-1", entitlements: ["stale"], provider: "test_login"))
        let factory = try bed.factory(plugin)
        await factory.appLoadingHook?.executeOnLaunch()
        #expect(await store.current()?.entitlements == [])

        await store.save(Session(username: "gone", token: "t-2", provider: "test_login"))
        await factory.appLoadingHook?.executeOnLaunch()
        #expect(await factory.loginProvider?.isAuthenticated() == false)
        #expect(bed.log.warnings.contains { $0.contains("\"gone\" is no longer configured") })
    }

    @Test("session_seconds makes sessions expire")
    func sessionExpiry() async throws {
        let bed = try TestBed(answers: [.signIn("demo", "demo-pass")])
        let clock = Clock(Date(timeIntervalSince1970: 10_000))
        bed.now = { clock.now }
        let plugin = PluginConfiguration.localLogin(["session_seconds": 60])
        let factory = try bed.factory(plugin)
        _ = try await bed.hook(factory, plugin: plugin).executeHook(dataDict: nil)
        #expect(await factory.loginProvider?.isAuthenticated() == true)

        clock.now = Date(timeIntervalSince1970: 10_061)
        let restarted = try bed.factory(plugin)
        #expect(await restarted.loginProvider?.isAuthenticated() == false)
        #expect(await factory.loginProvider?.isAuthenticated() == false)
    }

    @Test("the startup gateway offers the pane when signed out, and can be cancelled")
    func startupGateway() async throws {
        let bed = try TestBed(answers: [.dismissed, .signIn("demo", "demo-pass")])
        let gateway = PluginConfiguration.localLogin(["startup_gateway": true])
        let factory = try bed.factory(gateway)
        let startup = try #require(factory.appLoadingHook)

        await startup.executeOnLaunch()
        await startup.executeOnApplicationReady()
        #expect(bed.presenter.panes.count == 1)
        #expect(await factory.loginProvider?.isAuthenticated() == false)

        await startup.executeOnApplicationReady()
        #expect(await factory.loginProvider?.signedInUser() == "demo")
        await startup.executeOnApplicationReady()
        #expect(bed.presenter.panes.count == 2)

        let plain = try TestBed(answers: [.signIn("demo", "demo-pass")])
        try await plain.factory(plugin).appLoadingHook?.executeOnApplicationReady()
        #expect(plain.presenter.panes.isEmpty)
    }

    @Test("login and logout through the provider")
    func providerLoginLogout() async throws {
        let bed = try TestBed(answers: [.signIn("demo", "demo-pass"), .button("Cancel")])
        let provider = try #require(try bed.factory(plugin).loginProvider)
        #expect(await provider.login(nil) == .completedSuccessfully)
        #expect(await provider.login(["required_entitlements": ["sports"]]) == .cancelled)
        #expect(await provider.logout() == .completedSuccessfully)
        #expect(await provider.isAuthenticated() == false)
        #expect(await provider.getUserToken() == "")
    }

    @Test("setUserToken sets the token and nil signs out")
    func userToken() async throws {
        let bed = try TestBed()
        let provider = try #require(try bed.factory(plugin).loginProvider)
        await provider.setUserToken("external-token")
        #expect(await provider.getUserToken() == "external-token")
        #expect(await provider.signedInUser() == "(signed in with a token)")
        await provider.setUserToken(nil)
        #expect(await provider.isAuthenticated() == false)
    }

    @Test("the provider-logic calls")
    func providerLogic() async throws {
        let bed = try TestBed()
        let logic = try #require(try bed.factory(plugin).loginProvider as? any LoginProviderLogic)

        let registered = await logic.register(params: nil)
        #expect(registered.success == false)
        #expect(registered.errorMessage?.contains("configuration_json.users") == true)
        #expect(await logic.recoverPassword(params: nil).success == false)

        let wrong = await logic.login(params: ["username": "demo", "password": "x"])
        #expect(wrong.success == false && wrong.errorMessage == "Wrong username or password")
        let missing = await logic.login(params: ["username": "demo"])
        #expect(missing.success == false && missing.errorMessage?.contains("password") == true)
        #expect(await logic.login(params: ["username": "demo", "password": "demo-pass"]).success)
        #expect(await (logic as? any LoginProvider)?.signedInUser() == "demo")
        #expect(await logic.loginDone(params: nil).success)
        #expect(await logic.loginCancelled(params: nil).success)
        #expect(await logic.logout(params: nil).success)
        #expect(await (logic as? any LoginProvider)?.isAuthenticated() == false)
    }

    @Test("trace sessions (--signed-in) live in memory with the user's entitlements")
    func traceSession() async throws {
        let bed = try TestBed()
        let factory = try bed.factory(plugin, sessions: .inMemory(signedInUser: "demo"))
        #expect(await factory.loginProvider?.signedInUser() == "demo")
        #expect(try await bed.hook(factory, plugin: plugin, target: .premium).requestScreenPluginPresentation() == false)
        #expect(!FileManager.default.fileExists(atPath: bed.stateDirectory.path))

        let unknown = try bed.factory(plugin, sessions: .inMemory(signedInUser: "mallory"))
        #expect(try await bed.hook(unknown, plugin: plugin, target: .premium).requestScreenPluginPresentation())
        #expect(bed.log.warnings.contains { $0.contains("\"mallory\" is not in configuration_json.users") })
    }

    @Test("a login plugin of another class is served by LocalLogin; without users anyone may sign in")
    func unknownLoginClass() async throws {
        let bed = try TestBed(answers: [.signIn("someone", "anything")])
        let foreign = PluginConfiguration.plugin(
            "real_login", "AcmeLoginProvider", type: "login", ["api_key": "x", "base_url": "https://acme.example"])
        let registry = bed.registry([foreign])
        #expect(registry.plugin(identifier: "real_login")?.servingClassName == "ZappShell.LocalLogin")
        let factory = try bed.factory(foreign)
        #expect(try await bed.hook(factory, plugin: foreign).executeHook(dataDict: nil) == .succeeded(dataDict: nil))
        #expect(await factory.loginProvider?.signedInUser() == "someone")
    }

    @Test("bad users configuration makes the plugin unavailable with a precise reason")
    func badConfiguration() throws {
        let bed = try TestBed()
        let broken = PluginConfiguration.plugin(
            "broken", "ZappShell.LocalLogin", type: "login", ["users": [["username": "a", "password": 5]]])
        let reason = bed.registry([broken]).plugin(identifier: "broken")?.unavailableReason
        #expect(reason?.contains("configuration_json.users[0].password: expected a string, got a number") == true)
    }

    @Test("no token in the log or in the hook trace")
    func noTokenInLogOrTrace() async throws {
        let bed = try TestBed(answers: [.signIn("free", "free-pass"), .signIn("demo", "demo-pass")])
        let target = ScreenModel(
            id: "premium", name: "Premium",
            hooks: ScreenHooks(preload: [HookReference(identifier: "test_login", type: "login")]),
            general: ["required_entitlements": ["premium"]])
        let app = ZappApp(screens: [.plain, target], plugins: [plugin], folder: bed.directory, name: "test")
        let registry = bed.registry([plugin])
        let trace = TraceLog()
        let manager = ScreenHookManager(app: app, registry: registry, environment: bed.environment(), trace: trace)

        let result = await manager.runPreHooks(for: target, from: .cell, dataDict: nil)
        #expect(result == .presented(screenID: "premium", dataDict: nil))
        let provider = try #require(registry.loginProvider(for: "test_login"))
        await (provider as? any AppLoadingHook)?.executeOnLaunch()
        _ = await manager.runPreHooks(for: target, from: .cell, dataDict: nil)
        let token = await provider.getUserToken()
        #expect(!token.isEmpty)

        #expect(!bed.log.text.isEmpty)
        #expect(!bed.log.text.contains(token))
        #expect(!bed.log.text.contains("demo-pass"))
        let traceText = trace.lines.joined(separator: "\n")
        #expect(traceText.contains("test_login"))
        #expect(!traceText.contains(token))
        #expect(!traceText.contains("demo-pass"))
        #expect(try String(contentsOf: bed.sessionFile, encoding: .utf8).contains(token))
    }
}
