import Foundation
import Testing

@testable import ZappModel

/// Rivers at the read caps against the built `zapp-shell` (issue 34, "peak RSS ≤ 400 MB for any
/// single input inside the caps"): a river as large as `ConfigurationFileReader.maximumSize`
/// listing `RiverDecoder.maximumScreens` screens is scanned and decoded screen by screen as read;
/// a text that is not an array stops at `JSONParser.valueLimit`; a river listing more screens is
/// refused before any is decoded. The 1e6-screen `gates` is in `HostileAppTests`.
@Suite("huge rivers, the built binary")
struct HugeRiverTests {
    /// An app folder holding `river` and no plugins.
    static func app(_ river: [UInt8], name: String) throws -> URL {
        let folder = try BoundedInputTests.scratch(name)
        try Data(river).write(to: folder.appendingPathComponent("river.json"))
        try Data("[]".utf8).write(to: folder.appendingPathComponent("plugin_configurations.json"))
        return folder
    }

    /// `maximumScreens` screens of about 1.75 KB each (170 MiB in all), mostly a long note: a bar
    /// button and a list cell target other screens (every reference resolves), and each bar
    /// names a plugin the app lacks (a warning per screen, 10,000 held). What is held at the caps is the
    /// bytes, the screens' index and the diagnostics; few values per screen keep the test quick.
    static func riverAtTheCaps() -> [UInt8] {
        let count = RiverDecoder.maximumScreens
        let padding = String(repeating: "x", count: 1_440)
        var bytes: [UInt8] = Array("[\n".utf8)
        bytes.reserveCapacity(ConfigurationFileReader.maximumSize)
        for index in 0..<count {
            let screen = #"""
                {"id": "s\#(index)", "name": "Screen \#(index)", "home": \#(index == 0),
                 "navigations": [{"category": "nav_bar", "navigation_type": "bar", "nav_items": [{"id": "n\#(index)", "title": "Next", "type": "button", "data": {"target": "s\#((index + 1) % count)"}}]}],
                 "ui_components": [{"component_type": "list", "data": {"title": "Picks \#(index)", "items": [{"title": "Item of \#(index)", "target": "s\#((index * 7919) % count)"}]}}],
                 "general": {"notes": "\#(padding)"}}
                """#
            bytes += Array(screen.utf8)
            bytes += Array((index == count - 1 ? "\n]\n" : ",\n").utf8)
        }
        return bytes
    }

    @Test("a river at the caps (100,000 screens, close to 176 MiB): render peaks under 400 MB, the screen shown (issue 34)")
    func riverAtTheCaps() async throws {
        let river = Self.riverAtTheCaps()
        #expect(river.count <= ConfigurationFileReader.maximumSize && river.count > ConfigurationFileReader.maximumSize * 8 / 10)
        let app = try Self.app(river, name: "caps")
        defer { try? FileManager.default.removeItem(at: app) }
        // `render` does what `validate` does (the load, every check, the source warnings) and
        // then draws: its peak is the higher (validate's is in the performance record).
        let run = try await HostileAppTests.run(
            ["render", app.path, "--screen", "s99999", "--size", "100x30"], state: app.appendingPathComponent("state"), limit: 300)
        #expect(run.status == 0, "\(run.err.suffix(600))")
        #expect(run.readings > 0 && run.peakBytes <= HostileAppTests.peakBytes, "peaked at \(run.peakBytes / 1024 / 1024) MB (\(run.readings) readings)")
        print("river at the caps (\(river.count / 1024 / 1024) MiB), render: \(run.seconds) s, peak \(run.peakBytes / 1024 / 1024) MB")
        #expect(run.out.contains("Picks 99999"), "the screen is decoded before the frame is drawn")
    }

    @Test("a river that lists more than 100,000 screens is refused before any is decoded, naming the limit, under 400 MB (issue 34)")
    func tooManyScreens() async throws {
        var river = Array(#"[{"id": "s0", "home": true}"#.utf8)
        for index in 1..<1_000_000 { river += Array(#",{"id": "s\#(index)"}"#.utf8) }
        river += Array("]".utf8)
        let app = try Self.app(river, name: "screens")
        defer { try? FileManager.default.removeItem(at: app) }
        for command in [["validate", app.path], ["render", app.path, "--screen", "s5"]] {
            let run = try await HostileAppTests.run(command, state: app.appendingPathComponent("state"), limit: 60)
            #expect(run.status == 1)
            #expect((run.out + run.err).contains("river.json: $: error: lists more than 100000 screens; at most 100000 are read"), "\(run.out + run.err)")
            #expect(run.readings > 0 && run.peakBytes <= HostileAppTests.peakBytes, "peaked at \(run.peakBytes / 1024 / 1024) MB")
        }
    }

    @Test("a river of 170 MB that is not an array stops at 1,000,000 keys and values, under 400 MB (issue 34)")
    func notAnArray() async throws {
        var river = Array(#"{"screens": ["#.utf8)
        river.reserveCapacity(170_000_100)
        let zeros = Array(String(repeating: "0,", count: 1_000_000).utf8)
        for _ in 0..<85 { river += zeros }
        river += Array("0]}".utf8)
        let app = try Self.app(river, name: "object")
        defer { try? FileManager.default.removeItem(at: app) }
        let run = try await HostileAppTests.run(["validate", app.path], state: app.appendingPathComponent("state"), limit: 120)
        #expect(run.status == 1)
        #expect(run.out.contains("the file holds more than 1000000 keys and values; it is not read further"), "\(run.out)")
        #expect(run.readings > 0 && run.peakBytes <= HostileAppTests.peakBytes, "peaked at \(run.peakBytes / 1024 / 1024) MB")
    }
}
