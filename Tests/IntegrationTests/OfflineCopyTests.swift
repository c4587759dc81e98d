import Foundation
import LoopbackHTTP
import Testing
import ZappModel

@testable import zapp_shell

/// `run` of an http(s) app whose server stops: the last good copy is kept (private, in the
/// state directory) while the server answers, and opened, marked offline, once it does not;
/// with no copy the app is "not fetched" (the run starts on "Loading failed" with Retry), never
/// an exit.
@Suite("the offline copy of an http(s) app")
struct OfflineCopyTests {
    static let river = #"[{"id": "home-1", "name": "Home", "type": "general_content", "home": true}, {"id": "player", "name": "Player"}]"#
    static let plugins = #"[{"plugin": {"identifier": "menu", "name": "Menu", "type": "menu", "api": {"class_name": "ZappShell.SideMenu"}}, "configuration_json": {}}]"#

    func stateDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("zapp-offline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("server up: kept (0700/0600, no address in clear); server stopped: the copy opens offline")
    func serverUpThenStopped() async throws {
        let state = try stateDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let copies = try #require(OfflineAppCopies(stateDirectory: state))
        let server = try LoopbackHTTPServer { request in
            switch request.path {
            case "/app/river.json": return .init(status: 200, body: Self.river)
            case "/app/plugin_configurations.json": return .init(status: 200, body: Self.plugins)
            case "/app/content_types.json": return .init(status: 200, body: #"{"video": {"screen_id": "player"}}"#)
            default: return .init(status: 404, body: "")
            }
        }
        let url = server.url("/app")
        guard case .loaded(let online) = try await RunStart.load(url.absoluteString, plugins: nil, feeds: nil, offline: copies)
        else { Issue.record("the app was not loaded from its server"); return }
        #expect(online.app.screens.count == 2)

        let folder = state.appendingPathComponent("offline")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != PrivateCacheFolder.markerName }
        #expect(names.count == 1)
        let folderMode = try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int
        let fileMode = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(names[0]).path)[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
        #expect(fileMode == 0o600)
        #expect(!names[0].contains("127.0.0.1") && names[0].utf8.count == 64)

        server.stop()
        let start = try await RunStart.load(url.absoluteString + "/", plugins: nil, feeds: nil, offline: copies)
        guard case .offline(let copy, let note, let reason) = start else {
            Issue.record("expected the offline copy, got \(start)")
            return
        }
        #expect(copy.app.screens.map(\.id) == ["home-1", "player"])
        #expect(copy.app.plugins.map(\.identifier) == ["menu"])
        #expect(copy.app.contentTypes.screenID(forType: "video") == "player")
        #expect(note.hasPrefix("offline: last copy from 20") && note.hasSuffix(" UTC"), "\(note)")
        #expect(reason.contains("\(url.absoluteString)/river.json") && reason.contains("cannot be fetched"), "\(reason)")
    }

    @Test("no copy kept: not fetched (Loading failed with Retry), naming the app and why")
    func noCopy() async throws {
        let state = try stateDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let url = "http://127.0.0.1:\(LoopbackHTTPServer.unusedPort())/nowhere/"
        let start = try await RunStart.load(url, plugins: nil, feeds: nil, offline: OfflineAppCopies(stateDirectory: state))
        guard case .notFetched(let name, let reason) = start else {
            Issue.record("expected not fetched, got \(start)")
            return
        }
        #expect(name == "nowhere")
        #expect(reason.contains("\(url)river.json: error: cannot be fetched"), "\(reason)")
    }
}
