import Foundation
import LoopbackHTTP
import PluginTestSupport
import Testing
import ZappCore
import ZappModel
import ZappPlugins

/// `FeedLoader` against a real HTTP server on 127.0.0.1.
@Suite("FeedLoader over HTTP")
struct FeedLoaderNetworkTests {
    @Test("http: loads, and a second request is served from the session cache; reload fetches again")
    func httpCache() async throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 200, body: FeedFixtures.feed, contentType: "application/vnd+applicaster.pipes2+json") }
        let source = "http://127.0.0.1:\(server.port)/feed.json"
        let loader = FeedLoader(folder: nil, timeout: 5)
        let first = try await loader.load(source, reload: false).get()
        #expect(first.entries.map(\.title) == ["One", "Two"])
        _ = try await loader.load(source, reload: false).get()
        #expect(server.requests.count == 1)
        #expect(server.requests.first?.headers["accept"]?.contains("pipes2") == true)
        _ = try await loader.load(source, reload: true).get()
        #expect(server.requests.count == 2)
    }

    @Test("a remote app's paths are fetched from its server, relative to its folder; local files are not read")
    func remoteAppFolder() async throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/apps/tv/feeds/home.json" || request.path == "/shared/top.json"
                ? .init(status: 200, body: FeedFixtures.feed) : .init(status: 404, body: "")
        }
        defer { server.stop() }
        let loader = FeedLoader(folder: server.url("/apps/tv/"), timeout: 5)
        #expect(try await loader.load("feeds/home.json", reload: false).get().entries.map(\.title) == ["One", "Two"])
        #expect(try await loader.load("/shared/top.json", reload: false).get().entries.count == 2)
        #expect(try await loader.load("../tv/feeds/home.json", reload: false).get().entries.count == 2)
        #expect(server.requests.map(\.path) == ["/apps/tv/feeds/home.json", "/shared/top.json", "/apps/tv/feeds/home.json"])
        let local = try FeedFixtures.scratchApp()
        defer { try? FileManager.default.removeItem(at: local) }
        let file = local.appendingPathComponent("feeds/home.json")
        #expect(await loader.load("file://" + file.path, reload: false)
            == .failure(FeedLoadError("file://\(file.path) is not read for an app fetched over the network (use http or https)")))
        #expect(await loader.load("missing.json", reload: false) == .failure(FeedLoadError("HTTP 404 Not Found from 127.0.0.1:\(server.port)")))
    }

    @Test("http: a compressed answer (Content-Encoding: gzip) is offered for and decoded")
    func gzipAnswer() async throws {
        // gzip of {"id": "g", "title": "Zipped", "entry": [{"title": "One"}, {"title": "Two"}]}
        let zipped = Data([
            0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xAB, 0x56, 0xCA, 0x4C, 0x51, 0xB2, 0x52, 0x50, 0x4A,
            0x57, 0xD2, 0x51, 0x50, 0x2A, 0xC9, 0x2C, 0xC9, 0x49, 0x05, 0xF1, 0xA2, 0x32, 0x0B, 0x0A, 0x52, 0x53, 0x40, 0x42,
            0xA9, 0x79, 0x25, 0x45, 0x95, 0x40, 0xA1, 0xE8, 0x6A, 0x84, 0xAC, 0x7F, 0x5E, 0xAA, 0x52, 0xAD, 0x8E, 0x02, 0x92,
            0x48, 0x48, 0x79, 0xBE, 0x52, 0x6D, 0x6C, 0x2D, 0x00, 0x6A, 0x2F, 0x64, 0xCF, 0x4D, 0x00, 0x00, 0x00,
        ])
        let server = try LoopbackHTTPServer { _ in .init(status: 200, bytes: zipped, headers: ["Content-Encoding: gzip"]) }
        defer { server.stop() }
        let feed = try await FeedLoader(folder: nil, timeout: 5).load("http://127.0.0.1:\(server.port)/zipped.json", reload: false).get()
        #expect(feed.title == "Zipped")
        #expect(feed.entries.map(\.title) == ["One", "Two"])
        #expect(server.requests.first?.headers["accept-encoding"]?.contains("gzip") == true)
    }

    @Test("http: a 404 names the status and the host")
    func notFound() async throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 404, body: "") }
        let result = await FeedLoader(folder: nil, timeout: 5).load("http://127.0.0.1:\(server.port)/gone.json", reload: false)
        #expect(result == .failure(FeedLoadError("HTTP 404 Not Found from 127.0.0.1:\(server.port)")))
    }

    @Test("http: a server slower than the timeout fails with a timeout")
    func timeout() async throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 200, body: FeedFixtures.feed, delay: 5) }
        let result = await FeedLoader(folder: nil, timeout: 0.3).load("http://127.0.0.1:\(server.port)/slow.json", reload: false)
        #expect(result == .failure(FeedLoadError("did not answer within 0.3 s")))
    }

    @Test("http: a body over the size cap is refused")
    func sizeCap() async throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 200, body: String(repeating: " ", count: 4096) + FeedFixtures.feed) }
        let result = await FeedLoader(folder: nil, timeout: 5, maximumBytes: 1024).load("http://127.0.0.1:\(server.port)/big.json", reload: false)
        guard case .failure(let error) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.message.contains("limit"))
    }

    @Test("concurrent requests for one source share one load")
    func concurrentShare() async throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 200, body: FeedFixtures.feed, delay: 0.2) }
        let source = "http://127.0.0.1:\(server.port)/feed.json"
        let loader = FeedLoader(folder: nil, timeout: 5)
        async let first = loader.load(source, reload: false)
        async let second = loader.load(source, reload: false)
        let results = await [first, second]
        #expect(results.allSatisfy { (try? $0.get())?.entries.count == 2 })
        #expect(server.requests.count == 1)
    }
}
