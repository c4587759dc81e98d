import Foundation
import Testing
import ZappCore
import ZappModel
import ZappPlugins

/// `ImageLoader` over files in the fixtures folder (over HTTP: IntegrationTests' `ImageLoaderNetworkTests`).
@Suite("ImageLoader")
struct ImageLoaderTests {
    func request(_ address: String, columns: Int = 8, rows: Int = 4) -> ImageRequest {
        ImageRequest(address: address, jsonPath: "$.navigations[0].assets.app_logo", columns: columns, rows: rows)
    }

    @Test("a path relative to the app folder, an absolute path and a file:// URL load")
    func localFiles() async throws {
        let loader = ImageLoader(folder: ImageFixtures.folder, stateDirectory: nil)
        let relative = try await loader.load(request("sample.png"), mode: .symbols).get()
        #expect(relative.columns == 8 && relative.rows == 2)
        let absolute = ImageFixtures.folder.appendingPathComponent("sample.jpg").path
        #expect(try await loader.load(request(absolute), mode: .symbols).get().rows == 2)
        #expect(try await loader.load(request("file://" + absolute), mode: .kitty).get().protocolBytes != nil)
    }

    @Test("each failure names the address and the reason")
    func failuresNameTheAddress() async throws {
        let loader = ImageLoader(folder: ImageFixtures.folder, stateDirectory: nil)
        #expect(await loader.load(request("missing.png"), mode: .symbols).failureMessage == "missing.png: no such file")
        #expect(await loader.load(request("bomb.png"), mode: .symbols).failureMessage
            == "bomb.png: 40000x40000 pixels is over the 16,777,216-pixel cap")
        #expect(await loader.load(request("not-an-image.html"), mode: .symbols).failureMessage
            == "not-an-image.html: an HTML or XML page, not a PNG, JPEG or WebP image")
        #expect(await loader.load(request("truncated.png"), mode: .symbols).failureMessage?
            .hasPrefix("truncated.png: a broken or truncated PNG image") == true)
        let noFolder = ImageLoader(folder: nil, stateDirectory: nil)
        #expect(await noFolder.load(request("logo.png"), mode: .symbols).failureMessage
            == "logo.png: a relative path, but the app has no folder to resolve it against")
        #expect(await noFolder.load(request("ftp://host/logo.png"), mode: .symbols).failureMessage
            == "ftp://host/logo.png: unsupported URL scheme (use http, https or file)")
    }
}
