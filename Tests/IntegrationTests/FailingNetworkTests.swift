import Foundation
import LoopbackHTTP
import Synchronization
import Testing
import ZappCore
import ZappModel
@testable import ZappPlugins
import PluginTestSupport

/// A failing network against a real loopback server, for the HTTP transport and its two plugin
/// users: feeds and `ZappShell.HTTPLogin` (remote apps: `ZappShellTests/RemoteAppNetworkTests`).
/// Each fault gives a message naming the URL and what happened. Timeouts are short and the
/// slow answers come 20 s later, so a timeout message proves the limit was honoured without
/// timing anything (a parallel test run can hold up a test's thread for seconds).
@Suite("failing network")
struct FailingNetworkTests {
    static let feed = #"{"id": "f", "title": "Feed", "entry": [{"title": "One"}]}"#
    /// Invalid UTF-8 (a lone 0xFF) inside a JSON string.
    static let invalidUTF8 = Data(#"{"id": "f", "title": "A"#.utf8) + Data([0xFF]) + Data(#"", "entry": []}"#.utf8)

    /// One server that misbehaves by path, as a failing network does.
    static func faultyServer() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request in
            switch request.path {
            case "/slow": return .init(status: 200, body: feed, delay: 20)
            case "/stall": return .init(status: 200, body: feed, bodyDelay: 20)
            case "/drop": return .init(status: 200, body: feed + String(repeating: " ", count: 4096), dropAfter: 20)
            case "/huge": return .init(status: 200, generatedBytes: 50 * 1024 * 1024)
            case "/huge-unannounced": return .init(status: 200, generatedBytes: 50 * 1024 * 1024, advertisesLength: false)
            case "/bytes": return .init(status: 200, bytes: invalidUTF8)
            case "/loop": return .redirect(to: "/loop")
            case "/500": return .init(status: 500, body: #"{"message": "database down"}"#)
            case "/401": return .init(status: 401, body: "")
            case "/404": return .init(status: 404, body: "")
            default: return .init(status: 200, body: feed)
            }
        }
    }

    // MARK: The transport

    @Test("each fault is named with the URL and what happened")
    func transportFaults() async throws {
        let server = try Self.faultyServer()
        defer { server.stop() }
        let client = HTTPClient()
        func failure(_ path: String, timeout: Double = 5, maximumBytes: Int = 16 * 1024 * 1024) async -> String? {
            guard case .failure(let failure) = await client.get(server.url(path), timeout: timeout, maximumBytes: maximumBytes)
            else { return nil }
            return failure.description
        }
        let base = "http://127.0.0.1:\(server.port)"
        #expect(await failure("/slow", timeout: 0.3) == "\(base)/slow: did not answer within 0.3 s")
        #expect(await failure("/stall", timeout: 0.3) == "\(base)/stall: did not answer within 0.3 s", "a body that stalls after the head")
        #expect(await failure("/drop")?.hasPrefix("\(base)/drop: the connection closed before the whole answer arrived") == true)
        #expect(await failure("/huge") == "\(base)/huge: the answer is larger than the 16 MiB limit")
        #expect(await failure("/huge-unannounced") == "\(base)/huge-unannounced: the answer is larger than the 16 MiB limit")
        #expect(await failure("/loop") == "\(base)/loop: redirected more than 5 times (a redirect loop?)")
        let refused = URL(string: "http://127.0.0.1:\(LoopbackHTTPServer.unusedPort())/x")!
        guard case .failure(let unreachable) = await client.get(refused, timeout: 5) else {
            Issue.record("a closed port answered")
            return
        }
        #expect(unreachable.description == "\(refused.absoluteString): cannot connect: connection refused")
    }

    @Test("the URL shown drops user, password and query")
    func shownURL() async throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 200, body: "", delay: 20) }
        defer { server.stop() }
        let url = URL(string: "http://user:pa55word@127.0.0.1:\(server.port)/feed?token=abc123#top")!
        guard case .failure(let failure) = await HTTPClient().get(url, timeout: 0.2) else {
            Issue.record("expected a timeout")
            return
        }
        #expect(failure.description == "http://127.0.0.1:\(server.port)/feed: did not answer within 0.2 s")
    }

    @Test("cancelling a transfer stops it before the server answers")
    func cancellation() async throws {
        // The server's own thread cancels once the request has arrived: a test task waiting for
        // the arrival could be resumed late on a loaded machine, after the server's answer.
        let running = Mutex<CurlTransfer?>(nil)
        let server = try LoopbackHTTPServer { _ in
            running.withLock { $0?.cancel() }
            return .init(status: 200, body: "late", delay: 20)
        }
        defer { server.stop() }
        let multi = try CurlMulti.shared.get()
        let transfer = CurlTransfer(.init(
            url: server.url("/slow").absoluteString, timeout: 60, maximumBytes: 1024, maximumRedirects: 0))
        running.withLock { $0 = transfer }
        multi.start(transfer)
        // Without the cancel the transfer would end with the server's answer, 20 s later.
        guard case .failure(.cancelled) = await transfer.outcome.wait() else {
            Issue.record("expected the transfer to end cancelled")
            return
        }
    }

    @Test("cancelling the calling task ends the request with .cancelled")
    func taskCancellation() async throws {
        let (arrived, arrival) = AsyncStream<Void>.makeStream()
        let server = try LoopbackHTTPServer { _ in
            arrival.yield()
            return .init(status: 200, body: "late", delay: 20)
        }
        defer { server.stop() }
        let request = Task { await HTTPClient().get(server.url("/slow"), timeout: 60) }
        for await _ in arrived { break }
        request.cancel()
        guard case .failure(let failure) = await request.value else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.reason == .cancelled)
    }

    @Test("a libcurl that cannot be loaded names the package to install")
    func missingLibrary() async {
        let result = await HTTPClient(soname: "libcurl-not-installed.so.4").get(URL(string: "http://127.0.0.1:1/feed")!, timeout: 1)
        guard case .failure(let failure) = result, case .libraryMissing = failure.reason else {
            Issue.record("expected libraryMissing, got \(result)")
            return
        }
        #expect(failure.description.hasPrefix("http://127.0.0.1:1/feed: HTTP needs libcurl, which cannot be loaded ("))
        #expect(failure.description.hasSuffix("; install the libcurl4 package"))
    }

    @Test("a POST body and a GET's Accept reach the server; redirects to another path are followed")
    func requestShape() async throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/moved" ? .redirect(to: "/feed") : .init(status: 200, body: Self.feed, contentType: "application/atom+xml")
        }
        defer { server.stop() }
        let response = try await HTTPClient().get(server.url("/moved"), accept: "application/json", timeout: 5).get()
        #expect(response.status == 200)
        #expect(response.contentType == "application/atom+xml")
        #expect(String(decoding: response.body, as: UTF8.self) == Self.feed)
        #expect(server.requests.map(\.path) == ["/moved", "/feed"])
        #expect(server.requests.first?.headers["accept"] == "application/json")
        _ = try await HTTPClient().postJSON(Data(#"{"a": 1}"#.utf8), to: server.url("/post"), timeout: 5).get()
        #expect(server.requests.last?.method == "POST")
        #expect(server.requests.last?.body == Data(#"{"a": 1}"#.utf8))
    }

    // MARK: Feeds

    @Test("feeds: every fault is a message saying what happened (the UI names the source beside it)")
    func feeds() async throws {
        let server = try Self.faultyServer()
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let loader = FeedLoader(folder: nil, timeout: 2, maximumBytes: 1024 * 1024)
        func message(_ path: String) async -> String? {
            guard case .failure(let error) = await loader.load(base + path, reload: true) else { return nil }
            return error.message
        }
        // The feed's place on screen names the source ("Could not load SOURCE: ..."); the message says what happened.
        let host = "127.0.0.1:\(server.port)"
        #expect(await message("/slow") == "did not answer within 2 s")
        #expect(await message("/stall") == "did not answer within 2 s")
        #expect(await message("/drop")?.hasPrefix("the connection closed before the whole answer arrived") == true)
        #expect(await message("/huge") == "the answer is larger than the 1 MiB limit")
        #expect(await message("/huge-unannounced") == "the answer is larger than the 1 MiB limit")
        #expect(await message("/bytes")?.contains("UTF-8") == true)
        #expect(await message("/loop") == "redirected more than 5 times (a redirect loop?)")
        #expect(await message("/500") == "HTTP 500 Internal Server Error from \(host)")
        #expect(await message("/401") == "HTTP 401 Unauthorized from \(host)")
        #expect(await message("/404") == "HTTP 404 Not Found from \(host)")
    }

    @Test("feeds: after a failure, the retry (reload) asks again and succeeds")
    func feedRetry() async throws {
        let calls = Mutex(0)
        let server = try LoopbackHTTPServer { _ in
            calls.withLock { $0 += 1; return $0 } == 1 ? .init(status: 200, body: "x", dropAfter: 0) : .init(status: 200, body: Self.feed)
        }
        defer { server.stop() }
        let source = server.url("/feed").absoluteString
        let loader = FeedLoader(folder: nil, timeout: 5)
        guard case .failure = await loader.load(source, reload: false) else {
            Issue.record("the first request should fail")
            return
        }
        #expect((try? await loader.load(source, reload: true).get())?.entries.map(\.title) == ["One"])
    }

    // MARK: HTTP login

    private func login(_ url: URL, timeout: Double = 0.5) -> PluginConfiguration {
        .plugin("http_login", "ZappShell.HTTPLogin", type: "login",
                ["endpoint": .string(url.absoluteString), "timeout_seconds": .number(timeout)])
    }

    @Test("HTTP login: each fault is refused with a reason naming the endpoint, and nothing leaks the password")
    func loginFaults() async throws {
        let server = try Self.faultyServer()
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let bed = try TestBed()
        func reason(_ path: String) async throws -> String? {
            let provider = try requireValue(
                try bed.factory(login(server.url(path))).loginProvider as? any LoginProviderLogic, "provider")
            return await provider.login(params: ["username": "ana", "password": "pw-Secret-42"]).errorMessage
        }
        #expect(try await reason("/slow") == "Sign-in failed: \(base)/slow: did not answer within 0.5 s")
        #expect(try await reason("/drop")?.hasPrefix("Sign-in failed: \(base)/drop: the connection closed") == true)
        #expect(try await reason("/huge") == "Sign-in failed: \(base)/huge: the answer is larger than the 1 MiB limit")
        #expect(try await reason("/bytes") == "Sign-in failed: \(base)/bytes answered 200 without a JSON object")
        #expect(try await reason("/loop") == "Sign-in failed: \(base)/loop: redirected more than 5 times (a redirect loop?)")
        #expect(try await reason("/500") == "Sign-in failed: \(base)/500 answered 500 (database down)")
        #expect(try await reason("/401") == "Wrong username or password")
        #expect(try await reason("/404") == "Sign-in failed: \(base)/404 answered 404")
        #expect(!bed.log.text.contains("pw-Secret-42"))
    }

    @Test("HTTP login: the pane shows the failure, stays busy only while asking, and a second try signs in")
    func loginRetry() async throws {
        let calls = Mutex(0)
        let server = try LoopbackHTTPServer { _ in
            calls.withLock { $0 += 1; return $0 } == 1
                ? .init(status: 200, body: "", delay: 20) : .init(status: 200, body: #"{"token": "tok-retry"}"#)
        }
        defer { server.stop() }
        let bed = try TestBed(answers: [.signIn("ana", "pw"), .signIn("ana", "pw")])
        let plugin = login(server.url, timeout: 0.3)
        let factory = try bed.factory(plugin)
        let outcome = try await bed.hook(factory, plugin: plugin).executeHook(dataDict: nil)
        #expect(outcome == .succeeded(dataDict: nil))
        #expect(bed.presenter.errors == ["Sign-in failed: \(server.url.absoluteString): did not answer within 0.3 s"])
        #expect(bed.presenter.busyChanges == [true, false, true, false])
        #expect(await factory.loginProvider?.getUserToken() == "tok-retry")
    }
}
