import Foundation
import Testing
import ZappModel

@Suite("Plugin configurations and manifests")
struct PluginConfigurationDecoderTests {
    @Test func decodesEveryManifestKey() throws {
        let (plugins, diagnostics) = PluginConfigurationDecoder.decodeConfigurations(
            try JSONParser.parse(Fixtures.fullPlugins), file: "plugin_configurations.json")
        #expect(diagnostics.map(\.description) == [
            #"plugin_configurations.json: $[3].plugin.general.fields[1]: warning: field without a string "key" is ignored"#
        ])
        #expect(plugins.map(\.identifier) == ["side_menu", "nav_bar", "analytics", "login"])
        #expect(plugins[0].manifest.name == "Side menu")
        #expect(plugins[0].manifest.type == "menu")
        #expect(plugins[0].manifest.api.className == "ZappShell.SideMenu")
        #expect(plugins[1].configuration.isEmpty)
        #expect(plugins[2].manifest.api.requireStartupExecution)
        #expect(plugins[2].configuration.isEmpty)
        let login = plugins[3]
        #expect(login.manifest.isScreen)
        #expect(login.manifest.preload)
        #expect(login.manifest.api.requireStartupExecution == false)
        #expect(login.manifest.generalFields == [ManifestField(key: "is_flow_blocker", type: "switch", initialValue: true)])
        #expect(login.manifest.generalInitialValue("is_flow_blocker") == true)
        #expect(login.manifest.styleInitialValue("presentation") == "present")
        #expect(login.manifest.configurationDefault("startup_gateway") == 0)
        #expect(login.configuration["users"] == [["username": "demo", "password": "demo"]])
    }

    @Test func configurationJSONWrittenAsAString() throws {
        let (plugins, diagnostics) = PluginConfigurationDecoder.decodeConfigurations(
            try JSONParser.parse(#"[{"plugin": {"identifier": "a", "type": "general"}, "configuration_json": "{\"x\": 1}"}, {"plugin": {"identifier": "b", "type": "general"}, "configuration_json": "nope"}]"#),
            file: "p.json")
        #expect(plugins[0].configuration == ["x": 1])
        #expect(diagnostics.map(\.description) == [
            #"p.json: $[1].configuration_json: error: expected an object, got "nope" (hint: a string is accepted only when it holds a JSON object)"#
        ])
    }

    @Test func entriesWithoutAManifest() throws {
        let (plugins, diagnostics) = PluginConfigurationDecoder.decodeConfigurations(
            try JSONParser.parse(#"[{"configuration_json": {}}, {"plugin": "x"}, 4, {"plugin": {"type": "menu"}}]"#), file: "p.json")
        #expect(plugins.count == 4)
        #expect(diagnostics.map(\.description) == [
            #"p.json: $[0]: error: missing "plugin" (expected the plugin's manifest object)"#,
            #"p.json: $[1].plugin: error: expected a manifest object, got "x""#,
            #"p.json: $[2]: error: expected a plugin configuration object, got 4"#,
            #"p.json: $[3].plugin: error: missing "identifier" (expected a string)"#,
        ])
    }

    @Test func singleManifest() throws {
        let (manifest, diagnostics) = PluginConfigurationDecoder.decodeManifest(
            try JSONParser.parse(#"{"identifier": "hook", "type": "general", "screen": true, "preload": true, "api": {"class_name": "ZappShell.Gate"}, "styles": {"fields": [{"key": "presentation", "initial_value": "push"}]}}"#),
            file: "m.json")
        #expect(diagnostics.isEmpty)
        #expect(manifest?.identifier == "hook")
        #expect(manifest?.isScreen == true)
        #expect(manifest?.preload == true)
        #expect(manifest?.styleInitialValue("presentation") == "push")
    }

    @Test func pluginConfigurationsMustBeAnArray() throws {
        let (_, diagnostics) = PluginConfigurationDecoder.decodeConfigurations(try JSONParser.parse("{}"), file: "p.json")
        #expect(diagnostics.first?.description.hasPrefix("p.json: $: error: expected an array of plugin configurations, got an object") == true)
    }
}
