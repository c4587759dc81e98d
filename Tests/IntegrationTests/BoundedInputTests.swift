import Foundation
import Testing

/// Huge inputs inside the read caps against the built `zapp-shell` (issue 34, "bounded by what
/// is held"): an Atom feed and a plugins file each peak under 400 MB, kept within their caps or
/// refused with a message naming the file. The 5-million-entry Pipes2 feed and the 1e6-screen
/// `gates` are in `HostileAppTests`.
@Suite("huge inputs, the built binary")
struct BoundedInputTests {
    /// A scratch folder, removed by the caller.
    static func scratch(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-bounded-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("an Atom feed of 1.3 million entries keeps 10,000, says so naming the feed, and peaks under 400 MB (issue 34)")
    func hugeAtomFeed() async throws {
        let scratch = try Self.scratch("atom")
        defer { try? FileManager.default.removeItem(at: scratch) }
        // An attribute each: the whole tree of this feed held 480 MB before entries were dropped while read.
        let entry = Array(#"<entry a=""/>"#.utf8)
        let count = (16 * 1024 * 1024 - 100) / entry.count
        var bytes = Array(#"<feed xmlns="http://www.w3.org/2005/Atom">"#.utf8)
        bytes.reserveCapacity(16 * 1024 * 1024)
        for _ in 0..<count { bytes += entry }
        bytes += Array("</feed>".utf8)
        let app = try HostileAppTests.app(logo: "x.txt", feed: "big.xml", entryImages: [], in: scratch)
        try Data(bytes).write(to: app.appendingPathComponent("big.xml"))
        let run = try await HostileAppTests.run(
            ["render", app.path, "--screen", "home", "--size", "100x30"], state: scratch.appendingPathComponent("state"), limit: 120)
        #expect(run.status == 0, "\(run.err)")
        #expect(run.err.contains("feed big.xml: \(count) entries listed; the first 10000 are kept"), "\(run.err)")
        #expect(run.peakBytes <= HostileAppTests.peakBytes, "peaked at \(run.peakBytes / 1024 / 1024) MB")
        print("Atom feed of \(count) entries: \(run.seconds) s, peak \(run.peakBytes / 1024 / 1024) MB")
    }

    /// The plugins of a screen-less app: `plugins` as the file's bytes.
    static func app(plugins: (inout [UInt8]) -> Void, in folder: URL) throws -> URL {
        try Data(#"[{"id": "home", "name": "Home", "home": true, "navigations": [], "ui_components": []}]"#.utf8)
            .write(to: folder.appendingPathComponent("river.json"))
        var bytes: [UInt8] = []
        plugins(&bytes)
        try Data(bytes).write(to: folder.appendingPathComponent("plugin_configurations.json"))
        return folder
    }

    /// Plugin `number` of a long list.
    static func plugin(_ number: Int) -> [UInt8] {
        Array(#"{"plugin": {"identifier": "p\#(number)", "type": "general", "name": "P\#(number)", "api": {"class_name": "X\#(number)"}}, "configuration_json": {}}"#.utf8)
    }

    @Test("plugins files: a million plugins and a configuration of 3 million numbers are refused naming the file; 50,000 plugins and one 15 MB configuration load; validate and render, all under 400 MB (issue 34)")
    func hugePluginsFile() async throws {
        let scratch = try Self.scratch("plugins")
        defer { try? FileManager.default.removeItem(at: scratch) }
        func plugins(_ count: Int) -> (inout [UInt8]) -> Void {
            { bytes in
                bytes = [UInt8(ascii: "[")]
                for number in 0..<count { bytes += Self.plugin(number) + [UInt8(ascii: ",")] }
                bytes[bytes.count - 1] = UInt8(ascii: "]")
            }
        }
        /// One plugin whose configuration is a list of `count` copies of `item` (with its comma).
        func configuration(_ count: Int, _ item: @escaping (Int) -> [UInt8]) -> (inout [UInt8]) -> Void {
            { bytes in
                bytes = Array(#"[{"plugin": {"identifier": "p", "type": "general", "name": "P", "api": {"class_name": "X"}}, "configuration_json": {"list": ["#.utf8)
                for number in 0..<count { bytes += item(number) }
                bytes[bytes.count - 1] = UInt8(ascii: "]")
                bytes += Array("}}]".utf8)
            }
        }
        let cases: [(name: String, write: (inout [UInt8]) -> Void, message: String?)] = [
            ("a million plugins", plugins(1_000_000), "plugin_configurations.json: error: is too large ("),
            ("3 million numbers", configuration(3_000_000) { _ in Array("0,".utf8) },
             ": error: the file holds more than 1000000 keys and values; it is not read further"),
            ("50,000 plugins", plugins(50_000), nil),
            ("a 15 MB configuration", configuration(600_000) { Array(#""item-\#($0)-abcdefghijk","#.utf8) }, nil),
        ]
        for (name, write, message) in cases {
            let folder = scratch.appendingPathComponent(UUID().uuidString)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let app = try Self.app(plugins: write, in: folder)
            for command in [["validate", app.path], ["render", app.path, "--screen", "home", "--size", "100x30"]] {
                let run = try await HostileAppTests.run(command, state: scratch.appendingPathComponent("state"), limit: 60)
                if let message {
                    #expect(run.status != 0, "\(name), \(command[0])")
                    // validate reports on stdout, render on stderr.
                    #expect((run.out + run.err).contains("plugin_configurations.json") && (run.out + run.err).contains(message),
                        "\(name), \(command[0]): \(run.out) \(run.err)")
                } else {
                    #expect(run.status == 0, "\(name), \(command[0]): \(run.out) \(run.err)")
                }
                #expect(run.peakBytes <= HostileAppTests.peakBytes, "\(name), \(command[0]): peaked at \(run.peakBytes / 1024 / 1024) MB")
                print("plugins file of \(name), \(command[0]): \(run.seconds) s, peak \(run.peakBytes / 1024 / 1024) MB")
            }
            try? FileManager.default.removeItem(at: folder)
        }
    }
}
