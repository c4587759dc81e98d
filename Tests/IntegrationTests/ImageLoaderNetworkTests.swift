import Foundation
import LoopbackHTTP
import Testing
import ZappCore
import ZappModel
import ZappPlugins

/// `ImageLoader` over a real HTTP server on 127.0.0.1: failures, the disk cache's revalidation, a
/// remote app's folder. The image fixtures are ZappPluginsTests' (`Fixtures/Images`).
@Suite("ImageLoader over HTTP")
struct ImageLoaderNetworkTests {
    enum ImageFixtures {
        static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../ZappPluginsTests/Fixtures/Images").standardizedFileURL
    }

    func request(_ address: String, columns: Int = 8, rows: Int = 4) -> ImageRequest {
        ImageRequest(address: address, jsonPath: "$.navigations[0].assets.app_logo", columns: columns, rows: rows)
    }

    func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("image-loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("http: a 404, HTML served as image/png and a timeout fail naming the URL")
    func httpFailures() async throws {
        let html = try Data(contentsOf: ImageFixtures.folder.appendingPathComponent("not-an-image.html"))
        let server = try LoopbackHTTPServer { request in
            switch request.path {
            case "/html.png": return .init(status: 200, bytes: html, contentType: "image/png")
            case "/slow.png": return .init(status: 200, body: "", contentType: "image/png", delay: 3)
            default: return .init(status: 404, body: "")
            }
        }
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let loader = ImageLoader(folder: nil, stateDirectory: nil, timeout: 1)
        #expect(await loader.load(request("\(base)/gone.png?key=secret"), mode: .symbols).failureMessage
            == "\(base)/gone.png: HTTP 404 Not Found")
        #expect(await loader.load(request("\(base)/html.png"), mode: .symbols).failureMessage
            == "\(base)/html.png: an HTML or XML page, not a PNG, JPEG or WebP image")
        #expect(await loader.load(request("\(base)/slow.png"), mode: .symbols).failureMessage
            == "\(base)/slow.png: did not answer within 1 s")
    }

    @Test("http: kept on disk with its ETag, revalidated by the next run (304), shown offline")
    func diskCacheAndRevalidation() async throws {
        let png = try Data(contentsOf: ImageFixtures.folder.appendingPathComponent("sample.png"))
        let state = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let server = try LoopbackHTTPServer { request in
            request.headers["if-none-match"] == "\"v1\""
                ? .init(status: 304, body: "")
                : .init(status: 200, bytes: png, contentType: "image/png", headers: ["ETag: \"v1\""])
        }
        let address = "http://127.0.0.1:\(server.port)/logo.png"
        let first = try await ImageLoader(folder: nil, stateDirectory: state).load(request(address), mode: .symbols).get()
        // A new loader is a new run: it asks with the ETag and is told nothing changed.
        let second = try await ImageLoader(folder: nil, stateDirectory: state).load(request(address), mode: .symbols).get()
        #expect(second == first)
        #expect(server.requests.count == 2)
        #expect(server.requests.last?.headers["if-none-match"] == "\"v1\"")
        server.stop()
        // The server is gone: the kept image is shown.
        let offline = try await ImageLoader(folder: nil, stateDirectory: state, timeout: 1).load(request(address), mode: .symbols).get()
        #expect(offline == first)
        // Without a disk cache the same address fails, naming why.
        #expect(await ImageLoader(folder: nil, stateDirectory: nil, timeout: 1).load(request(address), mode: .symbols)
            .failureMessage?.hasPrefix("\(address): cannot connect") == true)
    }

    @Test("a remote app's relative paths are fetched from its server; one fetch serves every box")
    func remoteFolder() async throws {
        let png = try Data(contentsOf: ImageFixtures.folder.appendingPathComponent("sample.png"))
        let server = try LoopbackHTTPServer { request in
            request.path == "/apps/tv/assets/logo.png" ? .init(status: 200, bytes: png, contentType: "image/png") : .init(status: 404, body: "")
        }
        defer { server.stop() }
        let loader = ImageLoader(folder: server.url("/apps/tv/"), stateDirectory: nil)
        #expect(try await loader.load(request("assets/logo.png"), mode: .symbols).get().columns == 8)
        #expect(try await loader.load(request("assets/logo.png", columns: 4, rows: 2), mode: .symbols).get().columns == 4)
        #expect(server.requests.map(\.path) == ["/apps/tv/assets/logo.png"])
        #expect(await loader.load(request("file:///etc/hostname"), mode: .symbols).failureMessage
            == "file:///etc/hostname: not read for an app fetched over the network (use http or https)")
    }
}

extension Result where Failure == ImageLoadError {
    fileprivate var failureMessage: String? {
        if case .failure(let error) = self { return error.message }
        return nil
    }
}
