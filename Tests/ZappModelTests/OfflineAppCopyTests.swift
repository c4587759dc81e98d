import Foundation
import Testing
import ZappModel

/// The offline copy's entry file: what is kept comes back whole; a copy cut short or altered is
/// refused and removed; the date says when it was fetched.
@Suite("offline app copies")
struct OfflineAppCopyTests {
    let state = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-offline-unit-\(UUID().uuidString)")
    let url = URL(string: "http://user:secret@127.0.0.1:8080/app/")!

    @Test("kept and read back, with or without the optional files")
    func roundTrip() throws {
        defer { try? FileManager.default.removeItem(at: state) }
        let copies = try #require(OfflineAppCopies(stateDirectory: state))
        let whole = OfflineAppCopy(river: Array("[1]".utf8), plugins: Array("[]".utf8), contentTypes: Array("{}".utf8), saved: 1_795_000_000)
        #expect(copies.keep(whole, of: url))
        #expect(copies.copy(of: url) == whole)
        let riverOnly = OfflineAppCopy(river: Array("[2]".utf8), plugins: nil, contentTypes: nil, saved: 5)
        #expect(copies.keep(riverOnly, of: url))
        #expect(copies.copy(of: url) == riverOnly)
        #expect(copies.copy(of: URL(string: "http://127.0.0.1:8080/other/")!) == nil)
    }

    @Test("an altered or cut copy is refused and removed")
    func tampered() throws {
        defer { try? FileManager.default.removeItem(at: state) }
        let copies = try #require(OfflineAppCopies(stateDirectory: state))
        #expect(copies.keep(OfflineAppCopy(river: Array("[1, 2, 3]".utf8), plugins: nil, contentTypes: nil, saved: 0), of: url))
        let folder = state.appendingPathComponent("offline")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
        let file = folder.appendingPathComponent(name)
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count - 2] = UInt8(ascii: "9")
        try FileManager.default.removeItem(at: file)
        try bytes.write(to: file)
        #expect(copies.copy(of: url) == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path), "the altered copy is removed")
    }

    @Test("bounded: nothing is kept with a cap of 0, and a copy larger than the cap is not kept")
    func bounded() throws {
        defer { try? FileManager.default.removeItem(at: state) }
        #expect(OfflineAppCopies(stateDirectory: state, maximumBytes: 0) == nil)
        let small = try #require(OfflineAppCopies(stateDirectory: state, maximumBytes: 64))
        #expect(!small.keep(OfflineAppCopy(river: Array(repeating: 0x20, count: 100), plugins: nil, contentTypes: nil, saved: 0), of: url))
    }

    @Test func savedText() {
        #expect(OfflineAppCopy(river: [], plugins: nil, contentTypes: nil, saved: 0).savedText == "1970-01-01 00:00 UTC")
        #expect(OfflineAppCopy(river: [], plugins: nil, contentTypes: nil, saved: 1_795_824_000 + 12 * 3600 + 40 * 60).savedText == "2026-11-28 12:40 UTC")
        #expect(OfflineAppCopy(river: [], plugins: nil, contentTypes: nil, saved: 951_782_400).savedText == "2000-02-29 00:00 UTC")
    }
}
