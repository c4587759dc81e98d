import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response: status code, body and content type.
struct HTTPResponse: Sendable {
    var status: Int
    var body: Data
    var contentType: String?
}

/// Why a request got no response. Messages name the host and never include the request body.
enum HTTPFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server could not be reached (refused, unknown host, TLS, ...).
    case unreachable(host: String, reason: String)
    /// No complete response within the time limit.
    case timedOut(seconds: Double)
    /// The request was cancelled (the user closed the pane).
    case cancelled

    var description: String {
        switch self {
        case .unreachable(let host, let reason): return "cannot reach \(host): \(reason)"
        case .timedOut(let seconds): return "timed out after \(formatSeconds(seconds)) s"
        case .cancelled: return "cancelled"
        }
    }
}

/// Posts JSON and gets documents with URLSession, with a hard deadline (URLSession's own
/// timeout is an idle timeout) and task cancellation that cancels the request.
struct HTTPClient: Sendable {
    func postJSON(_ body: Data, to url: URL, timeout seconds: Double) async -> Result<HTTPResponse, HTTPFailure> {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: Self.sessionTimeout(seconds))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.httpBody = body
        return await send(request, to: url, timeout: seconds)
    }

    /// GETs a document (a feed), accepting the given media types.
    func get(_ url: URL, accept: String, timeout seconds: Double) async -> Result<HTTPResponse, HTTPFailure> {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: Self.sessionTimeout(seconds))
        request.setValue(accept, forHTTPHeaderField: "Accept")
        return await send(request, to: url, timeout: seconds)
    }

    /// URLSession on Linux truncates its timeouts to whole seconds (0.5 s times out at once),
    /// so it gets a looser limit and the deadline in `send` decides.
    private static func sessionTimeout(_ seconds: Double) -> Double {
        seconds.rounded(.up) + 1
    }

    private func send(_ request: URLRequest, to url: URL, timeout seconds: Double) async -> Result<HTTPResponse, HTTPFailure> {
        let sessionTimeout = Self.sessionTimeout(seconds)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = sessionTimeout
        configuration.timeoutIntervalForResource = sessionTimeout
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }

        let host = url.host ?? url.absoluteString
        let result = Latch<Result<HTTPResponse, HTTPFailure>>()
        let task = session.dataTask(with: request) { data, response, error in
            if let error {
                result.fire(.failure(Self.failure(error, host: host, seconds: seconds)))
            } else if let response = response as? HTTPURLResponse {
                result.fire(.success(HTTPResponse(
                    status: response.statusCode, body: data ?? Data(),
                    contentType: response.value(forHTTPHeaderField: "Content-Type"))))
            } else {
                result.fire(.failure(.unreachable(host: host, reason: "the answer is not an HTTP response")))
            }
        }
        return await withTaskCancellationHandler {
            task.resume()
            let outcome = await result.wait(upTo: .milliseconds(Int(seconds * 1000)))
            if let outcome { return outcome }
            task.cancel()
            return .failure(Task.isCancelled ? .cancelled : .timedOut(seconds: seconds))
        } onCancel: {
            task.cancel()
        }
    }

    private static func failure(_ error: any Error, host: String, seconds: Double) -> HTTPFailure {
        guard let error = error as? URLError else {
            return .unreachable(host: host, reason: error.localizedDescription)
        }
        switch error.code {
        case .timedOut: return .timedOut(seconds: seconds)
        case .cancelled: return .cancelled
        case .cannotConnectToHost: return .unreachable(host: host, reason: "connection refused")
        case .cannotFindHost, .dnsLookupFailed: return .unreachable(host: host, reason: "unknown host")
        case .notConnectedToInternet: return .unreachable(host: host, reason: "no network connection")
        case .networkConnectionLost: return .unreachable(host: host, reason: "the connection was closed")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return .unreachable(host: host, reason: "secure connection failed")
        case .unsupportedURL: return .unreachable(host: host, reason: "unsupported URL")
        default: return .unreachable(host: host, reason: error.localizedDescription)
        }
    }
}

/// "10", "2.5": seconds as people write them.
func formatSeconds(_ seconds: Double) -> String {
    seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)
}
