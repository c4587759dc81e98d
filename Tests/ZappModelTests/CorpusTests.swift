import Foundation
import Testing
import ModelTestFixtures
import ZappModel

@Suite(.enabled(if: Corpus.isAvailable, "../shared/corpus is absent: the real-world corpus checks are skipped"))
struct CorpusTests {
    @Test func everyPluginConfigurationsFileLoadsWithUnknownClassWarningsOnly() {
        let names = Corpus.files(matching: ".plugin_configurations.json").filter { !$0.hasPrefix("examples-fullscreen") }
        #expect(names.count >= 5)
        for name in names {
            let result = Corpus.load(name)
            #expect(result.kind == .pluginConfigurations, "\(name)")
            #expect(!result.diagnostics.containsErrors, "\(name): \(result.diagnostics.map(\.description))")
            #expect(!result.plugins.isEmpty, "\(name)")
            #expect(result.diagnostics.contains { $0.code == .unknownPluginClass }, "\(name)")
            #expect(result.diagnostics.allSatisfy { $0.severity == .warning }, "\(name)")
        }
    }

    /// At the comma (line 25, column 28), not at the closing brace after it (26:5, where the
    /// corpus's README places it): the comma is what to remove (issue 23).
    @Test func trailingCommaIsReportedAtTheComma() {
        let result = Corpus.load("examples-fullscreen.plugin_configurations.json")
        #expect(result.diagnostics.map(\.description) == [
            "examples-fullscreen.plugin_configurations.json:25:28: error: trailing comma before '}' (hint: remove the comma after the last member)"
        ])
        #expect(result.plugins.isEmpty)
        #expect(result.diagnostics.first?.code == .syntax)
    }

    @Test func repeatedPluginEntryIsAWarning() {
        let result = Corpus.load("zappplugins-startup-hooks.plugin_configurations.json")
        #expect(result.plugins.map(\.identifier) == ["APHotSsoClient", "NativeTabBar-iOS", "APHotSsoClient"])
        #expect(result.plugins[0].manifest.api.requireStartupExecution)
        #expect(result.plugins[1].configuration["tab_bar_is_translucent"]?.boolValue == true)
        #expect(result.diagnostics.contains { $0.code == .duplicateID && $0.severity == .warning })
    }

    @Test func everyManifestDecodes() {
        let names = Corpus.files(matching: "manifest.json")
        #expect(names.count >= 4)
        for name in names {
            let result = Corpus.load(name)
            #expect(result.kind == .manifest, "\(name)")
            #expect(!result.diagnostics.containsErrors, "\(name): \(result.diagnostics.map(\.description))")
            #expect(result.manifest?.identifier.isEmpty == false, "\(name)")
            #expect(result.manifest?.type.isEmpty == false, "\(name)")
            #expect(result.manifest?.api.className != nil, "\(name)")
        }
    }

    @Test func manifestFieldsAndDefaults() throws {
        let hookScreen = try #require(Corpus.load("prehook-example.hook-screen.manifest.json").manifest)
        #expect(hookScreen.identifier == "hook_screen")
        #expect(hookScreen.type == "general")
        #expect(hookScreen.isScreen)
        #expect(hookScreen.preload)
        #expect(hookScreen.api.className == "PrehookExample.HookManager")
        #expect(hookScreen.api.requireStartupExecution == false)
        #expect(hookScreen.styleInitialValue("presentation") == "push")
        #expect(hookScreen.generalInitialValue("is_flow_blocker") == false)
        #expect(hookScreen.generalInitialValue("allow_screen_plugin_presentation") == false)

        let navBar = try #require(Corpus.load("navbar-kan.manifest.json").manifest)
        #expect(navBar.styleInitialValue("state") == "on_top")
        #expect(navBar.styleInitialValue("presentation_style") == "title")

        let general = try #require(Corpus.load("examples-generalplugin.plugin-manifest.json").manifest)
        #expect(general.configurationDefault("SampleTextParameter") == "sample-text")
        #expect(general.configurationDefault("SampleTextBoolean") == 0)
    }
}
