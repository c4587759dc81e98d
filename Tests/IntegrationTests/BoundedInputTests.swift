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
    func hugeAtomFeed() throws {
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
        let run = try HostileAppTests.run(
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

    @Test("a plugins file of a million plugins, of 100,000, and of one plugin with a 28 MB configuration: validate and render refuse the first two naming the file, load the third, all under 400 MB (issue 34)")
    func hugePluginsFile() throws {
        let scratch = try Self.scratch("plugins")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let cases: [(name: String, write: (inout [UInt8]) -> Void, message: String?)] = [
            ("a million plugins", { bytes in
                bytes = [UInt8(ascii: "[")]
                for number in 0..<1_000_000 { bytes += Self.plugin(number) + [UInt8(ascii: ",")] }
                bytes[bytes.count - 1] = UInt8(ascii: "]")
            }, "plugin_configurations.json: error: is too large ("),
            ("100,000 plugins", { bytes in
                bytes = [UInt8(ascii: "[")]
                for number in 0..<100_000 { bytes += Self.plugin(number) + [UInt8(ascii: ",")] }
                bytes[bytes.count - 1] = UInt8(ascii: "]")
            }, "error: the file holds more than 1000000 keys and values; it is not read further"),
            ("one plugin, a 28 MB configuration", { bytes in
                bytes = Array(#"[{"plugin": {"identifier": "p", "type": "general", "name": "P", "api": {"class_name": "X"}}, "configuration_json": {"list": ["#.utf8)
                for number in 0..<1_100_000 { bytes += Array(#""item-\#(number)-abcdefghijk","#.utf8) }
                bytes[bytes.count - 1] = UInt8(ascii: "]")
                bytes += Array("}}]".utf8)
            }, nil),
        ]
        for (name, write, message) in cases {
            let folder = scratch.appendingPathComponent(UUID().uuidString)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let app = try Self.app(plugins: write, in: folder)
            for command in [["validate", app.path], ["render", app.path, "--screen", "home", "--size", "100x30"]] {
                let run = try HostileAppTests.run(command, state: scratch.appendingPathComponent("state"), limit: 60)
                if let message {
                    #expect(run.status != 0, "\(name), \(command[0])")
                    // validate reports on stdout, render on stderr.
                    #expect((run.out + run.err).contains(message), "\(name), \(command[0]): \(run.out) \(run.err)")
                } else {
                    #expect(run.status == 0, "\(name), \(command[0]): \(run.err)")
                }
                #expect(run.peakBytes <= HostileAppTests.peakBytes, "\(name), \(command[0]): peaked at \(run.peakBytes / 1024 / 1024) MB")
                print("plugins file of \(name), \(command[0]): \(run.seconds) s, peak \(run.peakBytes / 1024 / 1024) MB")
            }
            try? FileManager.default.removeItem(at: folder)
        }
    }
}
