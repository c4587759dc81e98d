import Foundation
import Testing
import ZappModel

@testable import ZappPlugins

/// The image disk cache: private (0700 folder, 0600 files, no address in clear), one atomic
/// file per entry with its check, and its byte cap kept on every store, least recently used
/// first.
@Suite("ImageDiskCache")
struct ImageDiskCacheTests {
    let state: URL

    /// An entry as a short text (a failed expectation prints this, not thousands of bytes).
    func summary(_ entry: ImageDiskCache.Entry?) -> String {
        entry.map { "\($0.bytes.count) bytes \(SHA256.hex($0.bytes).prefix(12)) etag \($0.etag ?? "-") modified \($0.lastModified ?? "-")" } ?? "none"
    }

    init() {
        state = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-image-cache-\(UUID().uuidString)")
    }

    func cleanUp() { try? FileManager.default.removeItem(at: state) }

    func cache(_ maximumBytes: Int = 1024 * 1024) throws -> ImageDiskCache {
        try #require(ImageDiskCache(stateDirectory: state, maximumBytes: maximumBytes))
    }

    func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: state.appendingPathComponent("images").path)
            .filter { $0 != PrivateCacheFolder.markerName }.sorted()
    }

    func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    /// Every byte under the state directory, as text (to look for secrets in it).
    func everything() throws -> String {
        var text = ""
        let walker = FileManager.default.enumerator(atPath: state.path)
        while let name = walker?.nextObject() as? String {
            text += name + "\n"
            if let data = FileManager.default.contents(atPath: state.appendingPathComponent(name).path) {
                text += String(decoding: data, as: UTF8.self)
            }
        }
        return text
    }

    @Test("an entry is one 0600 file in a 0700 folder (the state directory made 0700 too), read back whole with its validators")
    func privateSingleFileEntries() throws {
        defer { cleanUp() }
        let cache = try cache()
        let url = URL(string: "http://127.0.0.1:1/logo.png")!
        let entry = ImageDiskCache.Entry(bytes: Array(repeating: 7, count: 3000), etag: "\"v1\"", lastModified: "Tue, 01 Apr 2025 10:00:00 GMT")
        cache.store(entry, for: url)
        #expect(summary(cache.entry(for: url)) == summary(entry))
        let names = try files()
        #expect(names == [ImageDiskCache.key(for: url)])
        #expect(names[0].count == 64)
        #expect(try mode(state.appendingPathComponent("images").path) == 0o700)
        #expect(try mode(state.path) == 0o700)
        #expect(try mode(state.appendingPathComponent("images/" + names[0]).path) == 0o600)
        // Stored again (a new ETag): still one file, replaced whole.
        var changed = entry
        changed.etag = "\"v2\""
        changed.bytes = [1, 2, 3]
        cache.store(changed, for: url)
        #expect(summary(cache.entry(for: url)) == summary(changed))
        #expect(try files().count == 1)
    }

    @Test("an images/ folder it did not make (issue 34), or a symbolic link there, is not used: not chmod-ed, nothing in it removed")
    func foreignFolderIsLeftAlone() throws {
        defer { cleanUp() }
        let folder = state.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let mine = folder.appendingPathComponent("0123456789abcdef.meta")
        try Data("the user's own file\n".utf8).write(to: mine)
        let digestNamed = folder.appendingPathComponent(String(repeating: "a", count: 64))
        try Data([1, 2, 3]).write(to: digestNamed)
        let url = URL(string: "http://host/b.png")!
        try cache().store(ImageDiskCache.Entry(bytes: [9, 9], etag: nil, lastModified: nil), for: url)
        #expect(try mode(folder.path) == 0o755, "a folder it did not make is not chmod-ed")
        #expect(try files() == ["0123456789abcdef.meta", String(repeating: "a", count: 64)], "nothing removed, nothing stored")
        #expect(try cache().entry(for: url) == nil)

        try FileManager.default.removeItem(at: folder)
        let elsewhere = state.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try Data("keep\n".utf8).write(to: elsewhere.appendingPathComponent("precious.txt"))
        try FileManager.default.createSymbolicLink(at: folder, withDestinationURL: elsewhere)
        try cache().store(ImageDiskCache.Entry(bytes: [9, 9], etag: nil, lastModified: nil), for: url)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == ["precious.txt"], "a linked images/ is refused")
    }

    @Test("in its own folder it removes only files it wrote: another file, even one named like an entry, stays")
    func onlyItsOwnFilesAreRemoved() throws {
        defer { cleanUp() }
        let cache = try cache(400)
        cache.store(ImageDiskCache.Entry(bytes: [1], etag: nil, lastModified: nil), for: URL(string: "http://host/a.png")!)
        let folder = state.appendingPathComponent("images")
        let planted = [String(repeating: "b", count: 64), "notes.txt", ".\(String(repeating: "c", count: 64)).1.2.tmp"]
        for name in planted { try Data(repeating: 7, count: 500).write(to: folder.appendingPathComponent(name)) }
        for index in 0..<5 {
            cache.store(ImageDiskCache.Entry(bytes: Array(repeating: 1, count: 20), etag: nil, lastModified: nil), for: URL(string: "http://host/\(index).png")!)
        }
        for name in planted { #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "\(name) was removed") }
    }

    @Test("no user, password, query or path of the address is written anywhere; the key ignores the user and the fragment")
    func noSecretsInClear() throws {
        defer { cleanUp() }
        let url = URL(string: "http://user:password@127.0.0.1:8080/private/img.png?token=SECRET#top")!
        try cache().store(ImageDiskCache.Entry(bytes: [1, 2, 3, 4], etag: "\"e\"", lastModified: nil), for: url)
        let written = try everything()
        for secret in ["user", "password", "SECRET", "token", "private", "img.png", "127.0.0.1"] {
            #expect(!written.contains(secret), "\(secret) is in the state directory")
        }
        #expect(ImageDiskCache.key(for: url) == ImageDiskCache.key(for: URL(string: "http://127.0.0.1:8080/private/img.png?token=SECRET")!))
        #expect(ImageDiskCache.key(for: url) != ImageDiskCache.key(for: URL(string: "http://127.0.0.1:8080/private/img.png?token=OTHER")!))
        #expect(ImageDiskCache.key(for: url) != ImageDiskCache.key(for: URL(string: "http://127.0.0.1:8080/private/img.png")!))
    }

    @Test("an entry failing its check (cut short, a byte changed, another entry's file) is removed and not used; a file without the magic line is not used and not removed")
    func corruptEntriesAreDropped() throws {
        defer { cleanUp() }
        let cache = try cache()
        let url = URL(string: "http://host/logo.png")!
        let entry = ImageDiskCache.Entry(bytes: Array(0..<200).map { UInt8($0) }, etag: "\"v1\"", lastModified: nil)
        let file = state.appendingPathComponent("images/" + ImageDiskCache.key(for: url))
        let whole = ImageDiskCache.encode(entry)
        var altered = whole
        altered[altered.count - 5] ^= 0xFF
        for broken in [Array(whole.dropLast(10)), altered, Array(whole.drop { $0 != 0x0A }), whole + [0]] {
            cache.store(entry, for: url)
            try Data(broken).write(to: file)
            #expect(summary(cache.entry(for: url)) == summary(nil))
            #expect(FileManager.default.fileExists(atPath: file.path) == !broken.starts(with: Array(ImageDiskCache.magic.utf8)))
        }
        #expect(summary(ImageDiskCache.decode(whole)) == summary(entry))
        // A header line that would break the file is not written (the entry is kept without it).
        let odd = ImageDiskCache.Entry(bytes: [1], etag: "\"a\"\nlength: 0", lastModified: nil)
        cache.store(odd, for: url)
        #expect(summary(cache.entry(for: url)) == summary(ImageDiskCache.Entry(bytes: [1], etag: nil, lastModified: nil)))
    }

    @Test("every store keeps the folder within its cap, removing the least recently used; a read counts as a use")
    func leastRecentlyUsedEviction() throws {
        defer { cleanUp() }
        let cache = try cache(10_000)
        let urls = (0..<6).map { URL(string: "http://host/\($0).png")! }
        func entry(_ index: Int) -> ImageDiskCache.Entry {
            ImageDiskCache.Entry(bytes: Array(repeating: UInt8(index), count: 3000), etag: nil, lastModified: nil)
        }
        for index in 0..<3 { cache.store(entry(index), for: urls[index]) }
        #expect(try files().count == 3)
        // 0 is read (used): 1 is now the least recently used, and goes first.
        #expect(summary(cache.entry(for: urls[0])) == summary(entry(0)))
        cache.store(entry(3), for: urls[3])
        #expect(summary(cache.entry(for: urls[1])) == summary(nil))
        #expect(summary(cache.entry(for: urls[0])) == summary(entry(0)))
        #expect(summary(cache.entry(for: urls[3])) == summary(entry(3)))
        for index in 4..<6 { cache.store(entry(index), for: urls[index]) }
        let sizes = try files().map { try FileManager.default.attributesOfItem(atPath: state.appendingPathComponent("images/" + $0).path)[.size] as! Int }
        #expect(sizes.reduce(0, +) <= 10_000)
        #expect(summary(cache.entry(for: urls[5])) == summary(entry(5)))
        // An image larger than the whole cap is not kept; 0 MiB is no cache at all.
        let huge = ImageDiskCache.Entry(bytes: Array(repeating: 1, count: 20_000), etag: nil, lastModified: nil)
        cache.store(huge, for: urls[0])
        #expect(summary(cache.entry(for: urls[0])) != summary(huge))
        #expect(try files().count == 3)
        #expect(ImageDiskCache(stateDirectory: state, maximumBytes: 0) == nil)
    }
}
