import Foundation
import PluginTestSupport
import Testing
import ZappCore
import ZappModel
import ZappPlugins

/// `FeedLoader` on files in a scratch app folder (over HTTP: IntegrationTests, FeedLoaderNetworkTests).
@Suite("FeedLoader")
struct FeedLoaderTests {
    @Test("files: relative to the app folder, file:// and absolute paths; missing files and bad content explained")
    func files() async throws {
        let folder = try FeedFixtures.scratchApp()
        defer { try? FileManager.default.removeItem(at: folder) }
        let loader = FeedLoader(folder: folder)
        let path = folder.appendingPathComponent("feeds/home.json").path
        for source in ["feeds/home.json", "file://" + path, path] {
            #expect((try? await loader.load(source, reload: false).get())?.entries.count == 2, "\(source)")
        }
        #expect(await loader.load("feeds/none.json", reload: false) == .failure(FeedLoadError("no such file: feeds/none.json")))
        try Data("{\"entry\": [1,]}".utf8).write(to: folder.appendingPathComponent("feeds/bad.json"))
        guard case .failure(let error) = await loader.load("feeds/bad.json", reload: false) else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.message.hasPrefix("bad JSON: trailing comma") && error.message.contains(" at 1:"))
        #expect(await FeedLoader(folder: nil).load("feeds/home.json", reload: false)
            == .failure(FeedLoadError("feeds/home.json is a local path, but the app has no folder; not read")))
        #expect(await loader.load("ftp://x/feed", reload: false)
            == .failure(FeedLoadError("ftp://x/feed: a data source provider address (ftp://); map it with --feeds")))
    }

    @Test("a feed map: a mapped id or prefix is read from its file (even for an app fetched over HTTP); an unmapped provider address says what it is")
    func feedMap() async throws {
        let folder = try FeedFixtures.scratchApp()
        defer { try? FileManager.default.removeItem(at: folder) }
        let map = try FeedMap.parse(
            Data(#"{"3126": "feeds/home.json", "jw://playlist/*": "feeds/*.json"}"#.utf8), file: "feeds.json", folder: folder.path)
        let loader = FeedLoader(folder: URL(string: "http://127.0.0.1:9/app/"), map: map, timeout: 5)
        #expect(try await loader.load("3126", reload: false).get().entries.map(\.title) == ["One", "Two"])
        #expect(try await loader.load("jw://playlist/home", reload: false).get().entries.count == 2)
        #expect(await loader.load("mpx://feed/news", reload: false)
            == .failure(FeedLoadError("mpx://feed/news: a data source provider address (mpx://); map it with --feeds")))
    }

    @Test("a feed at a device, a FIFO or a folder is refused at once with its kind; /dev/zero or a link to it, outside the folder (the UI names the source; a mapped target is named)")
    func specialFilesAreRefused() async throws {
        let folder = try FeedFixtures.scratchApp()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent("feeds/pipe.json").path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("feeds/zero.json").path, withDestinationPath: "/dev/zero")
        let loader = FeedLoader(folder: folder)
        #expect(mknod(folder.appendingPathComponent("feeds/device.json").path, S_IFCHR | 0o600, 0x105) == 0)
        #expect(await loader.load("feeds/device.json", reload: false) == .failure(FeedLoadError("a character device, not a regular file")))
        #expect(await loader.load("/dev/zero", reload: false)
            == .failure(FeedLoadError("/dev/zero is outside the app folder: an app reads only its own files; not read")))
        #expect(await loader.load("feeds/pipe.json", reload: false)
            == .failure(FeedLoadError("a FIFO (named pipe), not a regular file")))
        #expect(await loader.load("feeds/zero.json", reload: false)
            == .failure(FeedLoadError("feeds/zero.json is outside the app folder: an app reads only its own files; not read")))
        let map = try FeedMap.parse(Data(#"{"3126": "feeds/pipe.json"}"#.utf8), file: "feeds.json", folder: folder.path)
        #expect(await FeedLoader(folder: folder, map: map).load("3126", reload: false)
            == .failure(FeedLoadError("\(folder.path)/feeds/pipe.json: a FIFO (named pipe), not a regular file")))
        #expect(await loader.load("feeds", reload: false) == .failure(FeedLoadError("feeds is a folder, not a feed")))
    }
}
