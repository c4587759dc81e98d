import Foundation
import Testing

@testable import ZappModel

@Suite("file system")
struct FileSystemTests {
    @Test("a folder's entries are FileManager's, without . and ..; a missing folder has none")
    func entriesMatchFileManager() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-fs-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["dark.json", "Light.JSON", "ünïcode.json", ".hidden", "notes.txt"] {
            try Data("{}".utf8).write(to: folder.appendingPathComponent(name))
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: false)
        let entries = try #require(FileSystem.entries(atPath: folder.path))
        #expect(entries.sorted() == (try FileManager.default.contentsOfDirectory(atPath: folder.path)).sorted())
        #expect(entries.count == 6)
        #expect(FileSystem.entries(atPath: folder.appendingPathComponent("missing").path) == nil)
        #expect(FileSystem.entries(atPath: folder.appendingPathComponent("notes.txt").path) == nil)
    }
}
