import Foundation
import LoopbackHTTP
import PluginTestSupport
import Testing
import ZappCore
import ZappModel
import ZappPlugins

/// Every request goes through the one multi handle (`CurlMulti`): the feeds and images of one
/// host share a few kept-alive connections instead of one connection per request.
@Suite("HTTP connection reuse")
struct ConnectionReuseTests {
    @Test("40 feeds and images of one host, in two rounds around 5 busy other hosts, go over at most 4 connections (issue 35)")
    func feedsAndImagesShareConnections() async throws {
        let png = try Data(contentsOf: ImageLoaderNetworkTests.ImageFixtures.folder.appendingPathComponent("sample.png"))
        let handler: @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response = { request in
            request.path.hasSuffix(".png")
                ? .init(status: 200, bytes: png, contentType: "image/png")
                : .init(status: 200, body: FeedFixtures.feed, contentType: "application/json")
        }
        let server = try LoopbackHTTPServer(keepAlive: true, handler: handler)
        defer { server.stop() }
        let others = try (0..<5).map { _ in try LoopbackHTTPServer(keepAlive: true, handler: handler) }
        defer { others.forEach { $0.stop() } }
        let feeds = FeedLoader(folder: nil, timeout: 10)
        let images = ImageLoader(folder: nil, stateDirectory: nil, timeout: 10)
        /// Asks `server` for 10 feeds and 10 images at once (names with `round`: nothing cached).
        func load(_ round: String, from server: LoopbackHTTPServer) async -> Int {
            let base = "http://127.0.0.1:\(server.port)"
            return await withTaskGroup(of: Bool.self) { group in
                for number in 0..<10 {
                    group.addTask { (try? await feeds.load("\(base)/feeds/\(round)-\(number).json", reload: false).get()) != nil }
                    group.addTask {
                        let request = ImageRequest(
                            address: "\(base)/images/\(round)-\(number).png", jsonPath: "$.navigations[0].assets.app_logo", columns: 8, rows: 4)
                        return (try? await images.load(request, mode: .symbols).get()) != nil
                    }
                }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
        }
        #expect(await load("first", from: server) == 20)
        // Five other hosts, four connections each, fill a connection cache kept too small
        // (`CurlMulti.keptConnections`): it would close this host's idle connections.
        let busy = await withTaskGroup(of: Int.self) { group in
            for other in others { group.addTask { await load("other", from: other) } }
            return await group.reduce(0, +)
        }
        #expect(busy == 100)
        #expect(await load("second", from: server) == 20)
        #expect(server.requests.count == 40)
        // The cap is 4 at a time (`CurlMulti.connectionsPerHost`), and each is kept between rounds.
        #expect(server.acceptedConnections <= 4, "\(server.acceptedConnections) connections")
        for other in others { #expect(other.acceptedConnections <= 4, "\(other.acceptedConnections) connections to another host") }
    }
}
