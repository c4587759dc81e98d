import Foundation
import Testing
import ZappModel
import ModelTestFixtures

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

    /// UI Builder's manifests (applicaster/quick-brick-official-plugins) fold their fields into
    /// groups, and some give custom_configuration_fields as one object.
    @Test("grouped fields are read through, at any depth; a lone custom field object is a list of one")
    func groupedFieldsAndALoneCustomField() throws {
        let manifest = try JSONParser.parse(#"""
            {"identifier": "parent-lock-qb", "type": "general", "preload": true,
             "general": {"fields": [
               {"group": true, "label": "Screen Design and Text", "folded": true, "fields": [
                 {"type": "select", "key": "background_type", "initial_value": "Image"},
                 {"group": true, "label": "Gate", "fields": [{"type": "switch", "key": "is_flow_blocker", "initial_value": true}, {"label": "no key"}]}]},
               {"type": "text_input", "key": "instructions_text", "initial_value": "To continue, please enter the code."}]},
             "custom_configuration_fields": {"key": "ios_assets_bundle", "type": "uploader", "label": "tvOS Design Assets"}}
            """#)
        let (decoded, diagnostics) = PluginConfigurationDecoder.decodeManifest(manifest, file: "ios_qb.json")
        let fields = try #require(decoded).generalFields
        #expect(fields.map(\.key) == ["background_type", "is_flow_blocker", "instructions_text"])
        #expect(decoded?.generalInitialValue("is_flow_blocker") == true)
        #expect(decoded?.configurationFields.map(\.key) == ["ios_assets_bundle"])
        #expect(diagnostics.map(\.description) == [
            #"ios_qb.json: $.general.fields[0].fields[1].fields[1]: warning: field without a string "key" is ignored"#,
            #"ios_qb.json: $.custom_configuration_fields: warning: expected an array of fields, got one field object; it is read as a list of one (hint: wrap it in [ ])"#,
        ])
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
