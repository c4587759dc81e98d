import Foundation
import Testing
import ZappModel
import ModelTestFixtures

/// Python's `jsonschema` (a real JSON Schema 2020-12 validator), run as a subprocess on the
/// schemas `zapp-shell schema` prints. `make deps` installs python3-jsonschema where it is missing.
enum PythonSchemaValidator {
    static let isAvailable: Bool = {
        (try? run(arguments: ["-c", "import jsonschema, referencing"], input: Data()))?.status == 0
    }()

    /// One document to validate: `schema` is an `InputSchema` raw value, optionally followed by
    /// a JSON pointer into it (`plugins#/$defs/manifest`).
    struct Case {
        var label: String
        var schema: String
        var text: String
    }

    struct Report: Decodable {
        /// `Draft202012Validator.check_schema` failures by schema name.
        var schemaErrors: [String: String]
        /// The validation errors of each case, by label (empty: valid).
        var results: [String: [String]]
    }

    static let script = #"""
        import json, sys
        from jsonschema import Draft202012Validator
        from referencing import Registry, Resource

        payload = json.load(sys.stdin)
        schemas = payload["schemas"]
        report = {"schemaErrors": {}, "results": {}}
        for name, schema in schemas.items():
            try:
                Draft202012Validator.check_schema(schema)
            except Exception as error:
                report["schemaErrors"][name] = str(error)
        registry = Registry().with_resources(
            [(schema["$id"], Resource.from_contents(schema)) for schema in schemas.values()])
        for case in payload["cases"]:
            name, _, pointer = case["schema"].partition("#")
            base = schemas[name]
            schema = base if not pointer else {"$schema": base["$schema"], "$ref": base["$id"] + "#" + pointer}
            validator = Draft202012Validator(schema, registry=registry)
            errors = validator.iter_errors(json.loads(case["text"]))
            report["results"][case["label"]] = sorted(f"{error.json_path}: {error.message}" for error in errors)[:5]
        json.dump(report, sys.stdout)
        """#

    /// Validates the cases against the four schemas, all in one python3 process.
    /// Validates on a thread of its own: python3 runs for a while, and the wait must not hold one
    /// of the few threads every suite's tasks share.
    static func validate(_ cases: [Case]) async throws -> Report {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try validateBlocking(cases) }) }.start()
        }
    }

    private static func validateBlocking(_ cases: [Case]) throws -> Report {
        var schemas = JSONObject()
        for schema in InputSchema.allCases { schemas[schema.rawValue] = schema.document }
        let payload: JSONValue = [
            "schemas": .object(schemas),
            "cases": .array(cases.map { ["label": .string($0.label), "schema": .string($0.schema), "text": .string($0.text)] }),
        ]
        let result = try run(arguments: ["-c", script], input: Data(payload.jsonText.utf8))
        guard result.status == 0 else {
            throw ValidatorFailure(message: "python3 exited \(result.status): \(String(decoding: result.error, as: UTF8.self))")
        }
        return try JSONDecoder().decode(Report.self, from: result.output)
    }

    struct ValidatorFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    private static func run(arguments: [String], input: Data) throws -> (status: Int32, output: Data, error: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let writer = Thread {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let errorReader = ErrorCollector(stderr.fileHandleForReading)
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, output, errorReader.finish())
    }

    /// Reads stderr on its own thread so that a full pipe never blocks the child.
    private final class ErrorCollector: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread {
                self.data = handle.readDataToEndOfFile()
                self.done.signal()
            }.start()
        }

        func finish() -> Data {
            done.wait()
            return data
        }
    }
}

/// The schemas (`zapp-shell schema NAME`) against a real validator: they are valid 2020-12
/// schemas, they accept the demo app, the examples, the fixtures, the shipped themes and the
/// real-world corpus, and on every bad fixture the schema and the decoder agree.
@Suite(.enabled(if: PythonSchemaValidator.isAvailable, "python3 with jsonschema is missing (make deps installs python3-jsonschema): the schema checks are skipped"))
struct SchemaValidationTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The structural errors a decoder reports (syntax errors and cross-references are not the schema's business).
    static func decoderErrors(_ schema: String, _ text: String) -> [String] {
        guard let value = try? JSONParser.parse(text) else { return ["not JSON"] }
        let diagnostics: [Diagnostic]
        switch schema {
        case "river": diagnostics = RiverDecoder.decode(value, file: "river.json").diagnostics
        case "plugins": diagnostics = PluginConfigurationDecoder.decodeConfigurations(value, file: "plugins.json").diagnostics
        case "plugins#/$defs/manifest": diagnostics = PluginConfigurationDecoder.decodeManifest(value, file: "manifest.json").diagnostics
        case "content-types": diagnostics = ContentTypes.decode(value, file: "content_types.json").1
        case "theme": diagnostics = ThemeDecoder.decode(value, file: "theme.json").diagnostics
        default: return ["no decoder for \(schema)"]
        }
        return diagnostics.filter { $0.isError && [.type, .missingKey, .invalidValue].contains($0.code) }.map(\.description)
    }

    static func file(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("the four schemas are valid JSON Schema 2020-12 documents with $schema, $id and a title")
    func schemasAreValid() async throws {
        let report = try await PythonSchemaValidator.validate([])
        #expect(report.schemaErrors.isEmpty, "\(report.schemaErrors)")
        for schema in InputSchema.allCases {
            let document = schema.document
            #expect(document["$schema"] == .string("https://json-schema.org/draft/2020-12/schema"))
            #expect(document["$id"] == .string(schema.id))
            #expect(document["title"]?.stringValue?.isEmpty == false)
            #expect(try JSONParser.parse(schema.text) == document, "the printed text is the document")
        }
    }

    @Test("the demo app, the examples, the fixtures and the shipped themes are valid, for the schema and the decoder")
    func projectFilesAreValid() async throws {
        var cases: [PythonSchemaValidator.Case] = [
            .init(label: "DemoApp/river.json", schema: "river", text: try Self.file("Sources/zapp-shell/DemoApp/river.json")),
            .init(label: "DemoApp/plugin_configurations.json", schema: "plugins", text: try Self.file("Sources/zapp-shell/DemoApp/plugin_configurations.json")),
            .init(label: "DemoApp/content_types.json", schema: "content-types", text: try Self.file("Sources/zapp-shell/DemoApp/content_types.json")),
            .init(label: "examples/tabbar/river.json", schema: "river", text: try Self.file("examples/tabbar/river.json")),
            .init(label: "examples/tabbar/plugin_configurations.json", schema: "plugins", text: try Self.file("examples/tabbar/plugin_configurations.json")),
            .init(label: "Fixtures.fullRiver", schema: "river", text: Fixtures.fullRiver),
            .init(label: "Fixtures.fullPlugins", schema: "plugins", text: Fixtures.fullPlugins),
        ]
        let themes = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("themes").path).filter { $0.hasSuffix(".json") }
        #expect(themes.count >= 4)
        cases += try themes.sorted().map { .init(label: "themes/\($0)", schema: "theme", text: try Self.file("themes/\($0)")) }
        cases += Self.lenient
        let report = try await PythonSchemaValidator.validate(cases)
        for item in cases {
            #expect(report.results[item.label] == [], "\(item.label): the schema refuses it")
            #expect(Self.decoderErrors(item.schema, item.text) == [], "\(item.label): the decoder refuses it")
        }
    }

    @Test(
        "the real-world corpus is valid: configurations against the plugins schema, manifests against #/$defs/manifest",
        .enabled(if: Corpus.isAvailable, "../shared/corpus is absent: the real-world corpus checks are skipped"))
    func corpusIsValid() async throws {
        // examples-fullscreen has a trailing comma: it is not JSON, a syntax error for the parser
        // (its comma at line 25, column 28) before any schema applies, so it is left out here.
        let configurations = Corpus.files(matching: ".plugin_configurations.json").filter { !$0.hasPrefix("examples-fullscreen") }
        let manifests = Corpus.files(matching: "manifest.json")
        #expect(configurations.count >= 5 && manifests.count >= 3)
        let cases = try configurations.map { name in
            PythonSchemaValidator.Case(label: name, schema: "plugins", text: try String(contentsOf: Corpus.folder.appendingPathComponent(name), encoding: .utf8))
        } + manifests.map { name in
            PythonSchemaValidator.Case(label: name, schema: "plugins#/$defs/manifest", text: try String(contentsOf: Corpus.folder.appendingPathComponent(name), encoding: .utf8))
        }
        let report = try await PythonSchemaValidator.validate(cases)
        for item in cases {
            #expect(report.results[item.label] == [], "\(item.label): the schema refuses it")
            #expect(Self.decoderErrors(item.schema, item.text) == [], "\(item.label): the decoder refuses it")
        }
    }

    @Test("on every bad fixture the schema and the decoder both refuse")
    func badFixturesAreRefusedByBoth() async throws {
        let bad = Self.bad + [
            // Runs with warnings, but validate reports its unknown enum values as errors.
            PythonSchemaValidator.Case(label: "Fixtures.flawedRiver", schema: "river", text: Fixtures.flawedRiver)
        ]
        let report = try await PythonSchemaValidator.validate(bad)
        for item in bad {
            #expect(report.results[item.label]?.isEmpty == false, "\(item.label): the schema accepts \(item.text)")
            #expect(!Self.decoderErrors(item.schema, item.text).isEmpty, "\(item.label): the decoder accepts \(item.text)")
        }
    }

    @Test("the one known difference: configuration_json as a string that holds no JSON object")
    func knownDifference() async throws {
        // JSON Schema cannot parse a string as JSON (contentMediaType is an annotation only), so
        // the schema accepts any string there; the decoder reads the string and refuses it.
        let item = PythonSchemaValidator.Case(
            label: "configuration_json string", schema: "plugins",
            text: #"[{"plugin": {"identifier": "a", "type": "general"}, "configuration_json": "not json"}]"#)
        let report = try await PythonSchemaValidator.validate([item])
        #expect(report.results[item.label] == [])
        #expect(Self.decoderErrors(item.schema, item.text).count == 1)
    }

    /// Inputs the decoders read with at most warnings (the SDK's tolerance): the schema must accept them too.
    static let lenient: [PythonSchemaValidator.Case] = [
        .init(label: "river tolerance", schema: "river", text: #"[{"id": 17, "name": null, "home": "1", "type": "", "unknown": {"x": [1]}, "navigations": [{"category": "nav_bar", "navigation_type": null, "styles": {"title_size": "17", "title_size_tablet": "", "homescreen_show_logo": 1, "state": "", "title_color": null, "background_color": " FF112233 ", "style": " "}}]}]"#),
        .init(label: "river booleans", schema: "river", text: #"[{"id": "a", "home": "TRUE", "navigations": [{"category": "menu", "nav_items": [{"id": 1, "type": "label", "data": {"connected": "no", "target": 3}}]}]}, {"id": "b", "home": 0, "ui_components": [{"component_type": "list", "position": "2"}, {"component_type": "grid", "position": 3.0}]}]"#),
        .init(label: "river ignored hook entries", schema: "river", text: #"[{"id": "a", "hooks": {"preload_plugins": [{"identifier": 3, "type": "general", "screen_id": true}, "junk", {"type": "login"}, {"identifier": "ok", "type": "general", "screen_id": null}], "postload_plugins": null}}]"#),
        .init(label: "river empty", schema: "river", text: "[]"),
        .init(label: "plugins tolerance", schema: "plugins", text: #"[{"plugin": {"identifier": "a", "type": "general", "screen": "1", "preload": 0, "api": null, "general": {"fields": [{"type": true}, {"key": "k", "initial_value": null}]}}, "configuration_json": "{\"users\": []}"}, {"plugin": {"identifier": 2, "type": "login"}, "configuration_json": ""}]"#),
        .init(label: "manifest groups and a lone custom field", schema: "plugins#/$defs/manifest", text: #"{"identifier": "m", "type": "general", "general": {"fields": [{"group": true, "label": "G", "fields": [{"key": "k", "type": "switch", "initial_value": true}, {"group": true, "fields": []}]}]}, "custom_configuration_fields": {"key": "bundle", "type": "uploader"}}"#),
        .init(label: "content types tolerance", schema: "content-types", text: #"{"$schema": "./content-types.schema.json", "video": {"screen_id": "player", "note": 1}}"#),
        .init(label: "theme tolerance", schema: "theme", text: ##"{"$schema": "./theme.schema.json", "name": "t", "glyphs": "", "extra": [1], "roles": {"base": {"fg": "FFFFFF", "bg": null, "bold": "1", "dim": 0, "italic": "no"}, "bar": null}}"##),
    ]

    /// Inputs with one structural error each (what `validate` refuses): the schema must refuse them too.
    static let bad: [PythonSchemaValidator.Case] = [
        ("river: not an array", "river", #"{"id": "a"}"#),
        ("river: a screen that is not an object", "river", #"[{"id": "a"}, "b"]"#),
        ("river: missing id", "river", #"[{"name": "x"}]"#),
        ("river: null id", "river", #"[{"id": null}]"#),
        ("river: boolean id", "river", #"[{"id": true}]"#),
        ("river: home not a boolean", "river", #"[{"id": "a", "home": "maybe"}]"#),
        ("river: home a number other than 0 and 1", "river", #"[{"id": "a", "home": 2}]"#),
        ("river: home an array", "river", #"[{"id": "a", "home": []}]"#),
        ("river: navigations an object", "river", #"[{"id": "a", "navigations": {}}]"#),
        ("river: navigation missing category", "river", #"[{"id": "a", "navigations": [{"nav_items": []}]}]"#),
        ("river: unknown state", "river", #"[{"id": "a", "navigations": [{"category": "nav_bar", "styles": {"state": "ontop"}}]}]"#),
        ("river: presentation_style a number", "river", #"[{"id": "a", "navigations": [{"category": "nav_bar", "styles": {"presentation_style": 3}}]}]"#),
        ("river: colour name", "river", #"[{"id": "a", "navigations": [{"category": "nav_bar", "styles": {"background_color": "blue"}}]}]"#),
        ("river: colour of five digits", "river", ##"[{"id": "a", "navigations": [{"category": "nav_bar", "styles": {"title_color": "#FFFFF"}}]}]"##),
        ("river: title_size a boolean", "river", #"[{"id": "a", "navigations": [{"category": "nav_bar", "styles": {"title_size": true}}]}]"#),
        ("river: title_size a word", "river", #"[{"id": "a", "navigations": [{"category": "nav_bar", "styles": {"title_size": "big"}}]}]"#),
        ("river: styles an array", "river", #"[{"id": "a", "navigations": [{"category": "nav_bar", "styles": []}]}]"#),
        ("river: asset an object", "river", #"[{"id": "a", "navigations": [{"category": "nav_bar", "assets": {"app_logo": {}}}]}]"#),
        ("river: nav item missing type", "river", #"[{"id": "a", "navigations": [{"category": "menu", "nav_items": [{"id": "x"}]}]}]"#),
        ("river: nested nav item missing id", "river", #"[{"id": "a", "navigations": [{"category": "menu", "nav_items": [{"id": "x", "type": "nested_menu", "nav_items": [{"type": "label"}]}]}]}]"#),
        ("river: connected not a boolean", "river", #"[{"id": "a", "navigations": [{"category": "menu", "nav_items": [{"id": "x", "type": "label", "data": {"connected": "maybe"}}]}]}]"#),
        ("river: nav item data an array", "river", #"[{"id": "a", "navigations": [{"category": "menu", "nav_items": [{"id": "x", "type": "label", "data": []}]}]}]"#),
        ("river: component missing component_type", "river", #"[{"id": "a", "ui_components": [{}]}]"#),
        ("river: position a word", "river", #"[{"id": "a", "ui_components": [{"component_type": "list", "position": "first"}]}]"#),
        ("river: position a fraction", "river", #"[{"id": "a", "ui_components": [{"component_type": "list", "position": 1.5}]}]"#),
        ("river: screen styles an array", "river", #"[{"id": "a", "styles": []}]"#),
        ("river: hook screen_id a boolean", "river", #"[{"id": "a", "hooks": {"preload_plugins": [{"identifier": "x", "type": "general", "screen_id": true}]}}]"#),
        ("river: preload_plugins an object", "river", #"[{"id": "a", "hooks": {"preload_plugins": {}}}]"#),
        ("river: hooks an array", "river", #"[{"id": "a", "hooks": []}]"#),
        ("plugins: not an array", "plugins", #"{}"#),
        ("plugins: an entry that is not an object", "plugins", #"[1]"#),
        ("plugins: missing plugin", "plugins", #"[{}]"#),
        ("plugins: null plugin", "plugins", #"[{"plugin": null}]"#),
        ("plugins: plugin a string", "plugins", #"[{"plugin": "x"}]"#),
        ("plugins: missing identifier", "plugins", #"[{"plugin": {"type": "general"}}]"#),
        ("plugins: missing type", "plugins", #"[{"plugin": {"identifier": "a"}}]"#),
        ("plugins: screen not a boolean", "plugins", #"[{"plugin": {"identifier": "a", "type": "general", "screen": "maybe"}}]"#),
        ("plugins: class_name a boolean", "plugins", #"[{"plugin": {"identifier": "a", "type": "general", "api": {"class_name": true}}}]"#),
        ("plugins: configuration_json a number", "plugins", #"[{"plugin": {"identifier": "a", "type": "general"}, "configuration_json": 3}]"#),
        ("plugins: field type a boolean", "plugins", #"[{"plugin": {"identifier": "a", "type": "general", "general": {"fields": [{"key": "k", "type": true}]}}}]"#),
        ("plugins: custom fields an object", "plugins", #"[{"plugin": {"identifier": "a", "type": "general", "custom_configuration_fields": {}}}]"#),
        ("manifest: not an object", "plugins#/$defs/manifest", #"[]"#),
        ("manifest: missing type", "plugins#/$defs/manifest", #"{"identifier": "x"}"#),
        ("content types: not an object", "content-types", #"[]"#),
        ("content types: mapping a number", "content-types", #"{"video": 3}"#),
        ("content types: missing screen_id", "content-types", #"{"video": {}}"#),
        ("content types: screen_id a number", "content-types", #"{"video": {"screen_id": 3}}"#),
        ("content types: empty screen_id", "content-types", #"{"video": {"screen_id": ""}}"#),
        ("content types: null screen_id", "content-types", #"{"video": {"screen_id": null}}"#),
        ("theme: not an object", "theme", #"[]"#),
        ("theme: name a boolean", "theme", #"{"name": true}"#),
        ("theme: unknown glyphs", "theme", #"{"glyphs": "fancy"}"#),
        ("theme: border a number", "theme", #"{"border": 3}"#),
        ("theme: roles an array", "theme", #"{"roles": []}"#),
        ("theme: unknown role", "theme", #"{"roles": {"bogus": {}}}"#),
        ("theme: colour name", "theme", #"{"roles": {"base": {"fg": "red"}}}"#),
        ("theme: style a number", "theme", #"{"roles": {"base": 3}}"#),
        ("theme: bold not a boolean", "theme", #"{"roles": {"base": {"bold": "maybe"}}}"#),
        ("theme: bold a number other than 0 and 1", "theme", #"{"roles": {"base": {"bold": 2}}}"#),
        ("theme: colour a number", "theme", #"{"roles": {"base": {"bg": 255}}}"#),
    ].map { PythonSchemaValidator.Case(label: $0.0, schema: $0.1, text: $0.2) }
}
