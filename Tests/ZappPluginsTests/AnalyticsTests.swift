import Foundation
import Testing
import ZappCore
import ZappModel
@testable import ZappPlugins
import PluginTestSupport

@Suite("ZappShell.Analytics")
struct AnalyticsTests {
    private let plugin = PluginConfiguration.plugin("stats", "ZappShell.Analytics")

    @Test("logs the screen event, never blocks and hands the dictionary on")
    func screenEvent() async throws {
        let bed = try TestBed()
        let factory = try bed.factory(plugin)
        let hook = try bed.hook(factory, plugin: plugin, target: .premium)
        let traits = try #require(factory.hookTraits(plugin, hookScreen: nil))
        #expect(traits.kind == .analytics && traits.isFlowBlocker == nil)
        #expect(traits.hasUI == false)
        #expect(traits.completesWithoutWaiting)
        #expect(await hook.executeHook(dataDict: ["user": "secret-value"]) == .succeeded(dataDict: ["user": "secret-value"]))
        #expect(await hook.executeHook(dataDict: nil) == .succeeded(dataDict: nil))
        #expect(bed.log.text.contains(#"analytics stats: screen event: opening premium "Premium", dataDict keys: user"#))
        #expect(!bed.log.text.contains("secret-value"))
        #expect(bed.presenter.panes.isEmpty)
    }

    @Test("logs every startup phase")
    func startupPhases() async throws {
        let bed = try TestBed()
        let startup = try #require(try bed.factory(plugin).appLoadingHook)
        await startup.executeOnLaunch()
        await startup.executeOnFailedLoading()
        await startup.executeOnApplicationReady()
        await startup.executeAfterAppRootPresentation()
        await startup.executeOnContinuingUserActivity("zapptv://open?screen=home")
        let phases = bed.log.lines.filter { $0.contains("analytics stats: startup:") }
        #expect(phases.count == 5)
        #expect(phases.last?.contains("continuing user activity zapptv://open?screen=home") == true)
    }
}
