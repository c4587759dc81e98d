import Foundation
import Testing
import ZappCore
import ZappModel
@testable import ZappPlugins

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
            == "logo.png: a local path, but the app has no folder")
        #expect(await noFolder.load(request("ftp://host/logo.png"), mode: .symbols).failureMessage
            == "ftp://host/logo.png: unsupported URL scheme (use http, https or file)")
    }

    @Test("a device, a FIFO, a folder and a symbolic link to a device are refused at once, naming the path and its kind")
    func specialFilesAreRefused() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-image-special-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("folder.png"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent("pipe.png").path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("zero.png").path, withDestinationPath: "/dev/zero")
        let loader = ImageLoader(folder: folder, stateDirectory: nil)
        #expect(mknod(folder.appendingPathComponent("device.png").path, S_IFCHR | 0o600, 0x105) == 0)
        #expect(await loader.load(request("device.png"), mode: .symbols).failureMessage == "device.png: a character device, not a regular file")
        let outside = "outside the app folder: an app reads only its own files"
        #expect(await loader.load(request("/dev/zero"), mode: .symbols).failureMessage == "/dev/zero: " + outside)
        #expect(await loader.load(request("pipe.png"), mode: .symbols).failureMessage == "pipe.png: a FIFO (named pipe), not a regular file")
        #expect(await loader.load(request("folder.png"), mode: .symbols).failureMessage == "folder.png: a folder, not a regular file")
        #expect(await loader.load(request("zero.png"), mode: .symbols).failureMessage == "zero.png: " + outside)
        #expect(await loader.load(request("file:///dev/null"), mode: .symbols).failureMessage == "file:///dev/null: " + outside)
    }

    @Test("a prepared image counts its cells, its protocol payload and its PNG")
    func preparedImageSize() async throws {
        let loader = ImageLoader(folder: ImageFixtures.folder, stateDirectory: nil)
        let image = try await loader.load(request("sample.png"), mode: .kitty).get()
        let payload = try #require(image.protocolBytes)
        #expect(ImageLoader.byteCount(image) == image.columns * image.rows * MemoryLayout<ImageCell>.stride + payload.count + image.png.count)
        #expect(ImageLoader.byteCount(image) > payload.count + image.png.count)
    }
}
