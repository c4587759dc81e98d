import Foundation
import LoopbackHTTP
import Synchronization
import Testing

@testable import zapp_shell

/// Remote apps (`zapp-shell run http://…`) over a failing network: each fault is one error
/// naming the fetched URL and what happened; timeouts and the size cap are honoured; a second
/// load (the retry) succeeds once the server behaves.
@Suite("remote apps on a failing network")
struct RemoteAppNetworkTests {
    static let river = #"[{"id": "home-1", "name": "Home", "type": "general_content", "home": true}]"#

    static func load(_ url: URL) async -> (message: String?, loaded: Bool) {
        let result = await AppLocation.loadRemote(url, timeout: 2, maximumBytes: 1024 * 1024, progress: { _ in })
        return (result.diagnostics.first.map(\.description), result.app != nil && !result.hasBlockingErrors)
    }

    @Test("slow, dropped, huge, invalid UTF-8, redirect loops and 500/401/404 each name the URL and the fault")
    func faults() async throws {
        let server = try LoopbackHTTPServer { request in
            let folder = request.path.split(separator: "/").first.map(String.init) ?? ""
            switch folder {
            case "slow": return .init(status: 200, body: Self.river, delay: 20)
            case "drop": return .init(status: 200, body: Self.river, dropAfter: 10)
            case "huge": return .init(status: 200, generatedBytes: 50 * 1024 * 1024)
            case "bytes": return .init(status: 200, bytes: Data("[{\"id\": \"a".utf8) + Data([0xC3, 0x28]) + Data("\"}]".utf8))
            case "loop": return .redirect(to: request.path)
            case "500": return .init(status: 500, body: "")
            case "401": return .init(status: 401, body: "")
            default: return .init(status: 404, body: "")
            }
        }
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        func message(_ folder: String) async -> String {
            await Self.load(server.url("/\(folder)/")).message ?? "(none)"
        }
        // The answer would come after 20 s: the message proves the 2 s limit was honoured.
        #expect(await message("slow").contains("\(base)/slow/river.json: error: cannot be fetched: did not answer within 2 s"))
        #expect(await message("drop").contains("\(base)/drop/river.json: error: cannot be fetched: the connection closed before the whole answer arrived"))
        #expect(await message("huge").contains("\(base)/huge/river.json: error: cannot be fetched: the answer is larger than the 1 MiB limit"))
        let invalid = await message("bytes")
        #expect(invalid.contains("\(base)/bytes/river.json") && invalid.contains("UTF-8"), "\(invalid)")
        #expect(await message("loop").contains("\(base)/loop/river.json: error: cannot be fetched: redirected more than 5 times"))
        #expect(await message("500").contains("\(base)/500/river.json: error: cannot be fetched: the server answered HTTP 500 Internal Server Error"))
        #expect(await message("401").contains("\(base)/401/river.json: error: cannot be fetched: the server answered HTTP 401 Unauthorized"))
        #expect(await message("404").contains("\(base)/404/river.json: error: cannot be fetched: the server answered HTTP 404 Not Found"))
    }

    @Test("a retry loads the app once the server behaves; a missing plugin list is not an error")
    func retry() async throws {
        let riverCalls = Mutex(0)
        let server = try LoopbackHTTPServer { request in
            guard request.path.hasSuffix("/river.json") else { return .init(status: 404, body: "") }
            return riverCalls.withLock { $0 += 1; return $0 } == 1
                ? .init(status: 503, body: "") : .init(status: 200, body: Self.river)
        }
        defer { server.stop() }
        let first = await Self.load(server.url("/app/"))
        #expect(first.loaded == false)
        #expect(first.message?.contains("HTTP 503 Service Unavailable") == true)
        let second = await Self.load(server.url("/app/"))
        #expect(second.loaded, "\(second.message ?? "")")
    }

    @Test("a served content_types.json is read, a missing one is not an error, a failing one is; feeds resolve on the server")
    func contentTypesAndFeedFolder() async throws {
        let river = #"[{"id": "home-1", "name": "Home", "home": true}, {"id": "player", "name": "Player"}]"#
        let server = try LoopbackHTTPServer { request in
            switch request.path {
            case "/with/river.json", "/without/river.json", "/broken/river.json": return .init(status: 200, body: river)
            case "/with/content_types.json": return .init(status: 200, body: #"{"video": {"screen_id": "player"}}"#)
            case "/broken/content_types.json": return .init(status: 500, body: "")
            default: return .init(status: 404, body: "")
            }
        }
        defer { server.stop() }
        let with = await AppLocation.loadRemote(server.url("/with"), timeout: 5, progress: { _ in })
        #expect(with.app?.contentTypes.screenID(forType: "video") == "player")
        #expect(with.app?.remoteFolder == server.url("/with/"))
        #expect(with.app?.folder == nil, "assets and external hooks stay local-only")
        #expect(with.files.contains(server.url("/with/content_types.json").absoluteString))
        let without = await AppLocation.loadRemote(server.url("/without/river.json"), timeout: 5, progress: { _ in })
        #expect(without.app != nil && !without.hasBlockingErrors)
        #expect(without.app?.contentTypes.screens.isEmpty == true)
        #expect(without.app?.feedFolder == server.url("/without/"))
        let broken = await AppLocation.loadRemote(server.url("/broken/"), timeout: 5, progress: { _ in })
        #expect(broken.app == nil)
        #expect(broken.diagnostics.map(\.description).contains {
            $0.contains("/broken/content_types.json: error: cannot be fetched: the server answered HTTP 500")
        })
    }
}
