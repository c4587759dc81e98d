import Foundation
import Testing
@testable import ZappCore
import ZappModel
@testable import ZappPlugins
import PluginTestSupport

/// Plugins of classes ZappShell does not know, answered by the stand-in in a real hook chain.
@Suite("Stand-in hooks")
struct StandInTests {
    private static func gate(_ configuration: JSONObject = [:], preload: Bool = true) -> PluginConfiguration {
        PluginConfiguration(
            manifest: PluginManifest(
                identifier: "hook", name: "Prehook Example", type: "general", preload: preload,
                api: PluginAPI(className: "PrehookExample.HookManager")),
            configuration: configuration)
    }

    private static func target(hookScreen: String? = nil) -> ScreenModel {
        ScreenModel(
            id: "premium", name: "Premium",
            hooks: ScreenHooks(preload: [HookReference(identifier: "hook", type: "general", screenID: hookScreen)]))
    }

    private func run(
        _ plugin: PluginConfiguration, answers: [PaneAnswer], screens extra: [ScreenModel] = [],
        target: ScreenModel = target()
    ) async throws -> (result: HookChainResult, bed: TestBed, trace: TraceLog) {
        let bed = try TestBed(answers: answers)
        let app = ZappApp(screens: [.plain, target] + extra, plugins: [plugin], folder: bed.directory, name: "test")
        let trace = TraceLog()
        let manager = ScreenHookManager(
            app: app, registry: bed.registry([plugin]), environment: bed.environment(), trace: trace)
        return (await manager.runPreHooks(for: target, from: .cell, dataDict: ["a": 1]), bed, trace)
    }

    @Test("the pane names the plugin and its class; Continue succeeds with the dictionary")
    func continueSucceeds() async throws {
        let (result, bed, _) = try await run(Self.gate(["is_flow_blocker": "1"]), answers: [.button("Continue")])
        #expect(result == .presented(screenID: "premium", dataDict: ["a": 1]))
        let pane = try #require(bed.presenter.panes.first)
        #expect(pane.title == "Stand-in: Prehook Example")
        #expect(pane.message.contains("PrehookExample.HookManager"))
        #expect(pane.message.contains("not built into ZappShell"))
        #expect(pane.message.hasSuffix("Flow blocker: stops the navigation when it fails."))
        #expect(pane.buttons == ["Continue", "Fail"])
    }

    @Test("a plugin without a class name is said to name none (UI Builder's manifests often have \"api\": {})")
    func withoutAClassName() async throws {
        let plugin = PluginConfiguration(
            manifest: PluginManifest(identifier: "hook", name: "inPlayer Storefront", type: "general", preload: true, api: PluginAPI()),
            configuration: [:])
        let (_, bed, _) = try await run(plugin, answers: [.button("Continue")])
        let pane = try #require(bed.presenter.panes.first)
        #expect(pane.message.hasPrefix("inPlayer Storefront (hook) names no class (its manifest has no api.class_name), so ZappShell cannot run it."))
        #expect(!pane.message.contains("has class"))
    }

    @Test("Fail and Esc block a flow blocker configured as \"1\", 1 or true", arguments: [
        JSONValue.string("1"), .number(1), .bool(true),
    ])
    func failBlocks(_ flag: JSONValue) async throws {
        let failed = try await run(Self.gate(["is_flow_blocker": flag]), answers: [.button("Fail")])
        #expect(failed.result == .blocked(by: "hook", reason: StandInHook.failureReason))
        let closed = try await run(Self.gate(["is_flow_blocker": flag]), answers: [.dismissed])
        #expect(closed.result == .blocked(by: "hook", reason: ScreenHookManager.userClosedReason))
    }

    @Test("without a configured flag, the hook screen's general.is_flow_blocker decides")
    func hookScreenDecides() async throws {
        let hookScreen = ScreenModel(id: "hook_screen", name: "Gate", general: ["is_flow_blocker": true])
        let blocked = try await run(
            Self.gate(), answers: [.button("Fail")], screens: [hookScreen], target: Self.target(hookScreen: "hook_screen"))
        #expect(blocked.result == .blocked(by: "hook", reason: StandInHook.failureReason))
        #expect(blocked.bed.presenter.panes.first?.message.hasSuffix("Flow blocker: stops the navigation when it fails.") == true)
        let passed = try await run(Self.gate(), answers: [.button("Fail")])
        #expect(passed.result == .presented(screenID: "premium", dataDict: ["a": 1]))
        #expect(passed.bed.presenter.panes.first?.message.hasSuffix("Not a flow blocker.") == true, "the pane says what a failure does")
    }

    @Test("a hook screen with allow_screen_plugin_presentation false is not shown and counts as succeeded")
    func presentationNotAllowed() async throws {
        let hookScreen = ScreenModel(
            id: "hook_screen", name: "Gate", general: ["is_flow_blocker": true, "allow_screen_plugin_presentation": false])
        let (result, bed, trace) = try await run(
            Self.gate(), answers: [], screens: [hookScreen], target: Self.target(hookScreen: "hook_screen"))
        #expect(result == .presented(screenID: "premium", dataDict: ["a": 1]))
        #expect(bed.presenter.panes.isEmpty)
        #expect(trace.entries.contains { $0.message.contains("allow_screen_plugin_presentation is false") })
    }

    @Test("an unknown class without UI (not preload, no screen, no hook screen) answers success with a trace note")
    func withoutUI() async throws {
        let analytics = PluginConfiguration(
            manifest: PluginManifest(
                identifier: "hook", type: "analytics", api: PluginAPI(className: "Vendor.AnalyticsProvider")))
        let (result, bed, trace) = try await run(analytics, answers: [])
        #expect(result == .presented(screenID: "premium", dataDict: ["a": 1]))
        #expect(bed.presenter.panes.isEmpty)
        #expect(trace.entries.contains { $0.step == .warning && $0.message.contains("Vendor.AnalyticsProvider") })
    }

    @Test("scripted like any hook with UI")
    func scripted() async throws {
        let bed = try TestBed()
        let plugin = Self.gate(["is_flow_blocker": true])
        let target = Self.target()
        let app = ZappApp(screens: [.plain, target], plugins: [plugin], folder: bed.directory, name: "test")
        let manager = ScreenHookManager(
            app: app, registry: bed.registry([plugin]), environment: bed.environment(), trace: TraceLog(),
            script: HookScript(answers: ["hook": .failure]))
        #expect(await manager.runPreHooks(for: target, from: .cell, dataDict: nil)
            == .blocked(by: "hook", reason: HookScript.failureReason))
    }
}
