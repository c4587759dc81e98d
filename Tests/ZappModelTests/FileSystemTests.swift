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

    @Test("a file's contents are every byte, past the size it had and past one read; failures name the path")
    func contentsReadsEveryByte() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-fs-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let large = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let file = folder.appendingPathComponent("river.json")
        try large.write(to: file)
        #expect(try FileSystem.contents(atPath: file.path).get() == large)
        let empty = folder.appendingPathComponent("empty.json")
        try Data().write(to: empty)
        #expect(try FileSystem.contents(atPath: empty.path).get() == Data())
        // /proc files say they are empty and are not: read to the end, not to the size.
        let status = try FileSystem.contents(atPath: "/proc/self/status").get()
        #expect(String(decoding: status, as: UTF8.self).hasPrefix("Name:"))
        let missing = folder.appendingPathComponent("missing").path
        #expect(throws: FileReadError(path: missing, problem: .missing)) { try FileSystem.contents(atPath: missing).get() }
    }

    @Test("a symbolic link's destination is its target as written; anything else has none")
    func symbolicLinkDestination() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-fs-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../ünïcode/river.json")
        #expect(FileSystem.destinationOfSymbolicLink(atPath: link.path) == "../ünïcode/river.json")
        #expect(FileSystem.destinationOfSymbolicLink(atPath: folder.path) == nil)
        #expect(FileSystem.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("missing").path) == nil)
        #expect(FileSystem.destinationOfSymbolicLink(atPath: "/proc/self/exe")?.hasPrefix("/") == true)
    }

    @Test("a path's parent and a name in a folder are worked out as text, like URL's")
    func pathsAsText() {
        for path in ["/usr/local/bin/zapp-shell", "/zapp-shell", "/a/b/", "/a//b", "/"] {
            #expect(FileSystem.parent(of: path) == URL(fileURLWithPath: path).deletingLastPathComponent().path, "\(path)")
        }
        #expect(FileSystem.parent(of: "/usr/local/bin/zapp-shell") == "/usr/local/bin")
        #expect(FileSystem.parent(of: "/zapp-shell") == "/")
        #expect(FileSystem.parent(of: "/a/b/") == "/a")
        #expect(FileSystem.parent(of: "/a//b") == "/a")
        #expect(FileSystem.parent(of: "relative/name") == "relative")
        #expect(FileSystem.parent(of: "name") == ".")
        #expect(FileSystem.parent(of: "/") == "/")
        #expect(FileSystem.path("themes", in: "/") == "/themes")
        #expect(FileSystem.path("share/zapp-shell/themes", in: "/usr") == "/usr/share/zapp-shell/themes")
        #expect(FileSystem.path("river.json", in: "app/") == "app/river.json")
    }

    @Test("a resolved path has no symbolic link, . or ..; a missing one has none")
    func resolvedPaths() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-fs-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("real/bin"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link").path, withDestinationPath: "real")
        let real = try #require(FileSystem.resolvedPath(folder.appendingPathComponent("real/bin").path))
        #expect(FileSystem.resolvedPath(folder.path + "/link/./bin/../bin") == real)
        #expect(real.hasSuffix("/real/bin") && !real.contains("/link/"))
        #expect(FileSystem.resolvedPath(folder.path + "/missing") == nil)
    }
}
