import CCurl
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import ZappCore
import ZappModel

/// A response: status code, body and content type.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var body: Data
    public var contentType: String?
    /// The header fields, names in lower case (`etag`, `last-modified`).
    public var headers: [String: String] = [:]

    /// "HTTP 404 Not Found".
    public var statusLine: String { "HTTP \(status) \(HTTPClient.reasonPhrase(status))" }
}

/// Why a request got no response. The message names the URL (without its query, which may
/// carry keys, and without user and password) and what happened; it never includes the
/// request body.
public struct HTTPFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What happened.
    public enum Reason: Error, Sendable, Hashable {
        /// The server could not be reached (refused, unknown host, TLS, ...).
        case unreachable(String)
        /// No complete response within the time limit.
        case timedOut(seconds: Double)
        /// The answer is larger than the limit; reading stopped there.
        case tooLarge(limit: Int)
        /// More redirects than the limit (a redirect loop).
        case tooManyRedirects(limit: Int)
        /// The connection closed before the whole answer arrived.
        case interrupted(String)
        /// The request was cancelled (the user closed the pane, the screen went away).
        case cancelled
        /// libcurl could not be opened.
        case libraryMissing(String)
    }

    /// The URL as messages show it.
    public var url: String
    public var reason: Reason

    public init(url: String, reason: Reason) {
        self.url = url
        self.reason = reason
    }

    /// "http://host/feed.json: did not answer within 10 s".
    public var description: String { "\(url): \(explanation)" }

    /// What happened, without the URL (for messages that name the URL already).
    public var explanation: String {
        switch reason {
        case .unreachable(let why): return "cannot connect: \(why)"
        case .timedOut(let seconds): return "did not answer within \(formatSeconds(seconds)) s"
        case .tooLarge(let limit): return "the answer is larger than the \(HTTPClient.formatBytes(limit)) limit"
        case .tooManyRedirects(let limit): return "redirected more than \(limit) times (a redirect loop?)"
        case .interrupted(let why): return "the connection closed before the whole answer arrived (\(why))"
        case .cancelled: return "cancelled"
        case .libraryMissing(let why):
            return "HTTP needs libcurl, which cannot be loaded (\(why)); install the libcurl4 package"
        }
    }
}

/// The one HTTP transport: GETs documents and POSTs JSON through libcurl, which is loaded
/// only when the first request is made (`CurlLibrary`). Every request runs on the one multi
/// handle's thread (`CurlMulti`: connections reused, at most 4 to a host) and its caller awaits
/// the result, so nothing waits on the network in the UI's thread. Every request has a total time limit, a size cap and a redirect limit, and
/// cancelling the calling task cancels the request.
public struct HTTPClient: Sendable {
    /// The default size cap of an answer.
    public static let defaultMaximumBytes = 16 * 1024 * 1024
    /// Redirects followed before a request fails (http and https only).
    public static let defaultMaximumRedirects = 5

    private let multi: @Sendable () -> Result<CurlMulti, HTTPFailure.Reason>
    /// The clock of the safety net below curl's own time limit.
    private let clock: any Clock<Duration>

    public init(clock: any Clock<Duration> = ContinuousClock()) {
        multi = { CurlMulti.shared }
        self.clock = clock
    }

    /// A client over the libcurl found at `soname` (tests name one that does not exist).
    init(soname: String) {
        multi = {
            CurlLibrary.open(soname).flatMap { library in
                CurlMulti(library: library).map { .success($0) } ?? .failure(.libraryMissing("curl_multi_init failed"))
            }
        }
        clock = ContinuousClock()
    }

    /// POSTs a JSON body.
    public func postJSON(
        _ body: Data, to url: URL, timeout seconds: Double, maximumBytes: Int = HTTPClient.defaultMaximumBytes
    ) async -> Result<HTTPResponse, HTTPFailure> {
        await send(CurlTransfer.Request(
            url: url.absoluteString, method: "POST",
            headers: ["Content-Type: application/json", "Accept: application/json", "Expect:"], body: body,
            timeout: seconds, maximumBytes: maximumBytes, maximumRedirects: Self.defaultMaximumRedirects), shown: url)
    }

    /// GETs a document (a feed, an app file, an image), accepting the given media types;
    /// `headers` are more request header lines (`If-None-Match: "abc"`).
    public func get(
        _ url: URL, accept: String = "*/*", headers: [String] = [], timeout seconds: Double,
        maximumBytes: Int = HTTPClient.defaultMaximumBytes, maximumRedirects: Int = HTTPClient.defaultMaximumRedirects
    ) async -> Result<HTTPResponse, HTTPFailure> {
        await send(CurlTransfer.Request(
            url: url.absoluteString, headers: ["Accept: \(accept)"] + headers, timeout: seconds, maximumBytes: maximumBytes,
            maximumRedirects: maximumRedirects), shown: url)
    }

    private func send(_ request: CurlTransfer.Request, shown url: URL) async -> Result<HTTPResponse, HTTPFailure> {
        let shown = Self.shown(url)
        let multi: CurlMulti
        switch self.multi() {
        case .success(let loaded): multi = loaded
        case .failure(let reason): return .failure(HTTPFailure(url: shown, reason: reason))
        }
        let transfer = CurlTransfer(request)
        // curl enforces the time limit; the wait's own limit (a little later) is a safety net.
        let outcome = await withTaskCancellationHandler {
            multi.start(transfer)
            return await transfer.outcome.wait(upTo: .milliseconds(Int(request.timeout * 1000) + 2000), on: clock)
        } onCancel: {
            transfer.cancel()
        }
        guard let outcome else {
            transfer.cancel()
            return .failure(HTTPFailure(url: shown, reason: Task.isCancelled ? .cancelled : .timedOut(seconds: request.timeout)))
        }
        switch outcome {
        case .success(let response):
            return .success(HTTPResponse(
                status: response.status, body: response.body, contentType: response.contentType, headers: response.headers))
        case .failure(let failure):
            return .failure(HTTPFailure(url: shown, reason: Self.reason(failure, request: request)))
        }
    }

    private static func reason(_ failure: CurlTransfer.Failure, request: CurlTransfer.Request) -> HTTPFailure.Reason {
        switch failure {
        case .cancelled: return .cancelled
        case .tooLarge: return .tooLarge(limit: request.maximumBytes)
        case .curl(let code, let message, let systemError):
            switch Int(code) {
            case Int(ZS_CURLE_OPERATION_TIMEDOUT): return .timedOut(seconds: request.timeout)
            case Int(ZS_CURLE_TOO_MANY_REDIRECTS): return .tooManyRedirects(limit: request.maximumRedirects)
            case Int(ZS_CURLE_COULDNT_RESOLVE_HOST): return .unreachable("unknown host")
            case Int(ZS_CURLE_COULDNT_CONNECT):
                return .unreachable(systemError == 0 ? message : String(cString: strerror(Int32(systemError))).lowercased())
            case Int(ZS_CURLE_PARTIAL_FILE), Int(ZS_CURLE_RECV_ERROR), Int(ZS_CURLE_GOT_NOTHING), Int(ZS_CURLE_SEND_ERROR):
                return .interrupted(message)
            case Int(ZS_CURLE_SSL_CONNECT_ERROR), Int(ZS_CURLE_PEER_FAILED_VERIFICATION):
                return .unreachable("secure connection failed: \(message)")
            case Int(ZS_CURLE_UNSUPPORTED_PROTOCOL):
                return .unreachable("unsupported protocol (only http and https are used): \(message)")
            default: return .unreachable(message)
            }
        }
    }

    /// scheme://host:port/path: no user, password, query or fragment.
    static func shown(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false), components.host != nil else {
            return url.absoluteString
        }
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        return components.string ?? url.absoluteString
    }

    /// "16 MiB", "512 KiB", "300 bytes".
    static func formatBytes(_ bytes: Int) -> String {
        if bytes >= 1024 * 1024, bytes % (1024 * 1024) == 0 { return "\(bytes / 1024 / 1024) MiB" }
        if bytes >= 1024 { return "\(bytes / 1024) KiB" }
        return "\(bytes) bytes"
    }

    /// The standard phrase of a status code.
    public static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 410: return "Gone"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        default: return status >= 500 ? "(server error)" : status >= 400 ? "(client error)" : ""
        }
    }
}

/// "10", "2.5": seconds as people write them.
func formatSeconds(_ seconds: Double) -> String {
    seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)
}
