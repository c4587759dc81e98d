import Foundation
import LoopbackHTTP
import Testing
import ZappCore
import ZappModel
@testable import ZappPlugins
import PluginTestSupport

/// `ZappShell.HTTPLogin` against a real HTTP server on 127.0.0.1.
@Suite("ZappShell.HTTPLogin")
struct HTTPLoginTests {
    private func plugin(_ url: URL, timeout: Double? = nil) -> PluginConfiguration {
        var configuration: JSONObject = ["endpoint": .string(url.absoluteString)]
        if let timeout { configuration["timeout_seconds"] = .number(timeout) }
        return .plugin("http_login", "ZappShell.HTTPLogin", type: "login", configuration)
    }

    private func logic(_ bed: TestBed, _ plugin: PluginConfiguration) throws -> any LoginProviderLogic & LoginProvider {
        try requireValue(try bed.factory(plugin).loginProvider as? any LoginProviderLogic & LoginProvider, "provider")
    }

    @Test("2xx with a token signs in; the request is a JSON POST of username and password")
    func success() async throws {
        let server = try LoopbackHTTPServer { request in
            let body = (try? JSONParser.parse(request.body))?.objectValue
            guard body?["username"] == "ana", body?["password"] == "s3cret" else {
                return .init(status: 401, body: #"{"error": "Wrong password for ana"}"#)
            }
            return .init(status: 200, body: #"{"token": "tok-9f8e7d", "entitlements": ["premium", "sports"], "expires_in": 3600}"#)
        }
        defer { server.stop() }
        let bed = try TestBed(answers: [.signIn("ana", "s3cret")])
        let fixed = Date(timeIntervalSince1970: 50_000)
        bed.now = { fixed }
        let plugin = plugin(server.url)
        let factory = try bed.factory(plugin)
        let outcome = try await bed.hook(factory, plugin: plugin, target: .premium).executeHook(dataDict: nil)

        #expect(outcome == .succeeded(dataDict: nil))
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/login")
        #expect(request.headers["content-type"] == "application/json")
        #expect(bed.presenter.busyChanges == [true, false])
        let provider = try #require(factory.loginProvider)
        #expect(await provider.getUserToken() == "tok-9f8e7d")
        #expect(await provider.isUserComply(policies: ["required_entitlements": ["sports"]]))
        let saved = await SessionStore(fileURL: bed.sessionFile, logger: bed.log.logger, now: { fixed }).current()
        #expect(saved?.expiresAt == fixed.addingTimeInterval(3600))
        #expect(saved?.provider == "http_login")
        #expect(!bed.log.text.contains("tok-9f8e7d"))
        #expect(!bed.log.text.contains("s3cret"))
    }

    @Test("401 shows the server's message and keeps the pane; 403 with a text body too")
    func refused() async throws {
        let server = try LoopbackHTTPServer { request in
            let body = (try? JSONParser.parse(request.body))?.objectValue
            switch body?["username"]?.stringValue {
            case "locked": return .init(status: 403, body: "Account locked\nsecond line", contentType: "text/plain")
            case "ana": return .init(status: 200, body: #"{"token": "t"}"#)
            default: return .init(status: 401, body: #"{"error": "Unknown user"}"#)
            }
        }
        defer { server.stop() }
        let bed = try TestBed(answers: [.signIn("bob", "x"), .signIn("locked", "x"), .signIn("ana", "x")])
        let plugin = plugin(server.url)
        let factory = try bed.factory(plugin)
        let outcome = try await bed.hook(factory, plugin: plugin).executeHook(dataDict: nil)

        #expect(outcome == .succeeded(dataDict: nil))
        #expect(bed.presenter.errors == ["Unknown user", "Account locked"])
        #expect(bed.presenter.panes.count == 1)
    }

    @Test("401 without a message says wrong username or password")
    func refusedWithoutMessage() async throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 401, body: "") }
        defer { server.stop() }
        let bed = try TestBed()
        let provider = try logic(bed, plugin(server.url))
        let result = await provider.login(params: ["username": "a", "password": "b"])
        #expect(result.success == false)
        #expect(result.errorMessage == "Wrong username or password")
    }

    @Test("500 is a failure naming the URL and status, with the server's message")
    func serverError() async throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 500, body: #"{"message": "database down"}"#) }
        defer { server.stop() }
        let bed = try TestBed()
        let provider = try logic(bed, plugin(server.url))
        let result = await provider.login(params: ["username": "a", "password": "b"])
        #expect(result.success == false)
        #expect(result.errorMessage == "Sign-in failed: http://127.0.0.1:\(server.port)/login answered 500 (database down)")
    }

    @Test("2xx without a token is a failure")
    func missingToken() async throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 200, body: #"{"ok": true}"#) }
        defer { server.stop() }
        let bed = try TestBed()
        let provider = try logic(bed, plugin(server.url))
        let result = await provider.login(params: ["username": "a", "password": "b"])
        #expect(result.errorMessage == "Sign-in failed: http://127.0.0.1:\(server.port)/login answered 200 without a \"token\"")
        #expect(await provider.isAuthenticated() == false)
    }

    @Test("a server that does not answer in time is a timeout failure")
    func timeout() async throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 200, body: #"{"token": "late"}"#, delay: 5) }
        defer { server.stop() }
        let bed = try TestBed()
        let provider = try logic(bed, plugin(server.url, timeout: 0.5))
        let result = await provider.login(params: ["username": "a", "password": "b"])
        #expect(result.success == false)
        #expect(result.errorMessage == "Sign-in failed: http://127.0.0.1:\(server.port)/login: did not answer within 0.5 s")
    }

    @Test("a refused connection is a failure naming the URL")
    func connectionRefused() async throws {
        let url = URL(string: "http://127.0.0.1:\(LoopbackHTTPServer.unusedPort())/login")!
        let bed = try TestBed()
        let provider = try logic(bed, plugin(url, timeout: 5))
        let result = await provider.login(params: ["username": "a", "password": "b"])
        #expect(result.success == false)
        #expect(result.errorMessage == "Sign-in failed: \(url.absoluteString): cannot connect: connection refused")
    }

    @Test("the endpoint must be an http(s) URL")
    func badEndpoint() throws {
        let bed = try TestBed()
        let broken = PluginConfiguration.plugin("h", "ZappShell.HTTPLogin", type: "login", ["endpoint": "ftp://x"])
        let reason = bed.registry([broken]).plugin(identifier: "h")?.unavailableReason
        #expect(reason?.contains("configuration_json.endpoint: expected an http(s) URL") == true)
        let missing = PluginConfiguration.plugin("m", "ZappShell.HTTPLogin", type: "login")
        #expect(bed.registry([missing]).plugin(identifier: "m")?.unavailableReason?.contains("endpoint: missing") == true)
    }
}
