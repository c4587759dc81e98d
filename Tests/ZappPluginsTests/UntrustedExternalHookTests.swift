import Foundation
import Testing
@testable import ZappCore
import ZappModel
@testable import ZappPlugins
import PluginTestSupport

/// An external hook of an app that is not trusted runs nothing: it is a stand-in pane that says
/// so, names `zapp-shell trust APP`, keeps its flow-blocker answer, and traces the not-run line.
/// Its command is a program that does not exist, so a hook that ran it anyway would fail with
/// "not found" rather than start anything.
@Suite("Untrusted external hooks")
struct UntrustedExternalHookTests {
    private static let untrusted = CommandTrust.untrusted(app: "./app", reason: .notTrusted)
    private static let line = "not run: ./app is not trusted (zapp-shell trust ./app)"

    private static func plugin(flowBlocker: Bool?) -> PluginConfiguration {
        var configuration: JSONObject = ["command": ["/nonexistent/zapp-trust-test", "--flag"]]
        if let flowBlocker { configuration["is_flow_blocker"] = .bool(flowBlocker) }
        return PluginConfiguration(
            manifest: PluginManifest(
                identifier: "ext", name: "Age check", type: "general",
                api: PluginAPI(className: BuiltInPluginClass.externalHook.rawValue)),
            configuration: configuration)
    }

    private static let target = ScreenModel(
        id: "late", name: "Late", hooks: ScreenHooks(preload: [HookReference(identifier: "ext", type: "general")]))

    private func run(_ answer: PaneAnswer, flowBlocker: Bool? = true, trust: CommandTrust = untrusted) async throws
        -> (result: HookChainResult, bed: TestBed, trace: TraceLog)
    {
        let bed = try TestBed(answers: [answer])
        bed.commandTrust = trust
        let plugin = Self.plugin(flowBlocker: flowBlocker)
        let app = ZappApp(screens: [.plain, Self.target], plugins: [plugin], folder: bed.directory, name: "app")
        let trace = TraceLog()
        let manager = ScreenHookManager(app: app, registry: bed.registry([plugin]), environment: bed.environment(), trace: trace)
        return (await manager.runPreHooks(for: Self.target, from: .cell, dataDict: ["a": 1]), bed, trace)
    }

    @Test("the pane says the command was NOT run and names zapp-shell trust; Continue succeeds")
    func paneAndContinue() async throws {
        let (result, bed, trace) = try await run(.button("Continue"))
        #expect(result == .presented(screenID: "late", dataDict: ["a": 1]))
        let pane = try #require(bed.presenter.panes.first)
        #expect(pane.title == "Not run: Age check")
        #expect(pane.message.contains("/nonexistent/zapp-trust-test --flag"), "the command it would run: \(pane.message)")
        #expect(pane.message.contains("NOT run"))
        #expect(pane.message.contains("zapp-shell trust ./app"))
        #expect(pane.message.hasSuffix("Flow blocker: stops the navigation when it fails."))
        #expect(pane.buttons == ["Continue", "Fail"])
        #expect(trace.entries.map(\.line).contains("pre ext: warning: " + Self.line))
        #expect(!trace.entries.map(\.line).contains { $0.contains("not found") }, "nothing was started")
    }

    @Test("Fail blocks a flow blocker and not a hook that is none; Esc cancels")
    func failAndFlowBlocker() async throws {
        #expect(try await run(.button("Fail")).result == .blocked(by: "ext", reason: StandInHook.failureReason))
        #expect(try await run(.dismissed).result == .blocked(by: "ext", reason: ScreenHookManager.userClosedReason))
        let passing = try await run(.button("Fail"), flowBlocker: false)
        #expect(passing.result == .presented(screenID: "late", dataDict: ["a": 1]))
        #expect(passing.bed.presenter.panes.first?.message.hasSuffix("Not a flow blocker.") == true)
    }

    @Test("a remote app's pane says its commands never run, without advice to trust it")
    func remote() async throws {
        let (_, bed, trace) = try await run(.button("Continue"), trust: .untrusted(app: "http://h/app/", reason: .remote))
        let pane = try #require(bed.presenter.panes.first)
        #expect(pane.message.contains("http://h/app/ is an http(s) app; its commands never run"))
        #expect(!pane.message.contains("zapp-shell trust"))
        #expect(trace.entries.contains { $0.message == "not run: http://h/app/ is an http(s) app; its commands never run" })
    }

    @Test("a trusted command runs in the private copy, its words naming the app folder pointed at the copy")
    func runsInTheCopy() throws {
        let bed = try TestBed()
        let snapshot = try AppSnapshot.make()
        bed.commandTrust = .trustedCopy(snapshot)
        let real = try #require(FileSystem.resolvedPath(bed.directory.path))
        #expect(ExternalHookFactory.word(real + "/hooks/x.sh", movedFrom: real, to: snapshot.folder.path)
            == snapshot.folder.path + "/hooks/x.sh")
        #expect(ExternalHookFactory.word(real + "x/y", movedFrom: real, to: "/copy") == real + "x/y", "another folder")
        #expect(ExternalHookFactory.word("hooks/x.sh", movedFrom: real, to: "/copy") == "hooks/x.sh")
        #expect(bed.environment().commandTrust.notRunLine == nil)
    }

    @Test("an environment nobody decided for trusts nothing")
    func undecidedDefault() {
        let environment = PluginEnvironment(
            stateDirectory: URL(fileURLWithPath: "/nonexistent"), appIdentity: "x",
            logger: .init(label: "test"), presenter: ScriptedPresenter(script: HookScript()))
        #expect(environment.commandTrust.notRunLine == "not run: the app is not trusted")
    }

    @Test("gates marks the hook: it asks, and why says it is not run")
    func gatesMarksIt() async throws {
        let bed = try TestBed()
        bed.commandTrust = Self.untrusted
        let plugin = Self.plugin(flowBlocker: true)
        let app = ZappApp(screens: [.plain, Self.target], plugins: [plugin], folder: bed.directory, name: "app")
        let resolution = HookResolution(app: app, registry: bed.registry([plugin]))
        let entry = resolution.resolve(HookReference(identifier: "ext", type: "general"), target: Self.target)
        #expect(entry.gate.kind == .external)
        #expect(entry.gate.canBlock)
        let decision = await resolution.decide(entry, target: Self.target, dataDict: nil)
        #expect(decision.decision == .asks)
        #expect(decision.why == Self.line + "; stand-in pane: Continue succeeds, Fail fails")
    }
}
