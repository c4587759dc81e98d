import CCurl
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization
import ZappModel

/// libcurl, opened with `dlopen` when the first request is made: no `-lcurl` at link time, so a
/// start that makes no request loads none of libcurl's TLS, Kerberos and LDAP libraries
/// (ARCHITECTURE.md, "Hand-written parts").
struct CurlLibrary: @unchecked Sendable {
    /// The soname of libcurl 7 and 8 (Debian and Ubuntu package `libcurl4`).
    static let soname = "libcurl.so.4"

    var api = zs_curl_api()

    /// The process's libcurl, opened and initialised once; the failure says what to install.
    static let shared: Result<CurlLibrary, HTTPFailure.Reason> = open(soname)

    /// Opens `name` and runs `curl_global_init`.
    static func open(_ name: String) -> Result<CurlLibrary, HTTPFailure.Reason> {
        var library = CurlLibrary()
        var error = [CChar](repeating: 0, count: 512)
        guard zs_curl_load(name, &library.api, &error, error.count) == 0 else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(.libraryMissing(reason))
        }
        let code = library.api.global_init!(Int(ZS_CURL_GLOBAL_ALL))
        guard code == ZS_CURLE_OK else {
            return .failure(.libraryMissing("curl_global_init failed: \(library.message(code))"))
        }
        return .success(library)
    }

    func message(_ code: CURLcode) -> String {
        api.easy_strerror!(code).map { String(cString: $0) } ?? "error \(code)"
    }
}

/// One request, run by `CurlMulti` on its thread: its options (limits: a total and a connect
/// timeout, a low-speed limit, a size cap through `CURLOPT_MAXFILESIZE_LARGE` and the write
/// callback, at most `maximumRedirects` redirects over http/https only), the bytes and headers
/// received, and its outcome, delivered once (`outcome`). `cancel()` stops it from any thread.
final class CurlTransfer: Sendable {
    struct Request: Sendable {
        var url: String
        var method = "GET"
        var headers: [String] = []
        var body: Data?
        var timeout: Double
        var maximumBytes: Int
        var maximumRedirects: Int
    }

    struct Response: Sendable {
        var status: Int
        var body: Data
        var contentType: String?
        /// The final response's header fields, names in lower case.
        var headers: [String: String]
    }

    /// What went wrong, before it is named for the user.
    enum Failure: Error, Sendable {
        /// libcurl's code, its message and the system's errno (0 when none).
        case curl(code: Int32, message: String, systemError: Int)
        case tooLarge
        case cancelled
    }

    private struct State {
        var body = Data()
        var tooLarge = false
        var headers: [String: String] = [:]
    }

    let request: Request
    /// How the transfer ended.
    let outcome = OneShot<Result<Response, Failure>>()
    private let cancelled = Atomic<Bool>(false)
    private let state = Mutex(State())
    /// Wakes the multi handle's thread so that it sees the cancellation.
    private let wake = Mutex<(@Sendable () -> Void)?>(nil)

    init(_ request: Request) {
        self.request = request
    }

    /// Stops the transfer (it ends with `.cancelled`).
    func cancel() {
        cancelled.store(true, ordering: .relaxed)
        wake.withLock { $0 }?()
    }

    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Called by the multi handle when it takes the transfer: how to wake it on cancellation.
    func started(wake: @escaping @Sendable () -> Void) {
        self.wake.withLock { $0 = wake }
    }

    /// An easy handle set up for this transfer, with what must live as long as it (the header
    /// list, the error buffer, the body); nil when libcurl cannot make one.
    func makeHandle(with library: CurlLibrary) -> CurlEasy? {
        guard let easy = CurlEasy(library: library, request: request) else { return nil }
        var apiCopy = library.api
        let handle = easy.handle
        let context = Unmanaged.passUnretained(self).toOpaque()
        let milliseconds = max(1, Int(request.timeout * 1000))
        withUnsafePointer(to: &apiCopy) { api in
            func long(_ option: Int, _ value: Int) { _ = zs_curl_setopt_long(api, handle, Int32(option), value) }
            func text(_ option: Int, _ value: String) -> CURLcode {
                value.withCString { zs_curl_setopt_pointer(api, handle, Int32(option), $0) }
            }
            _ = zs_curl_setopt_pointer(api, handle, Int32(ZS_CURLOPT_ERRORBUFFER), easy.errorBuffer)
            _ = text(ZS_CURLOPT_URL, request.url)
            _ = text(ZS_CURLOPT_USERAGENT, "zapp-shell")
            // Every encoding this libcurl decodes (gzip, deflate, …) is offered and undone here;
            // the size cap applies to the decoded bytes.
            _ = text(ZS_CURLOPT_ACCEPT_ENCODING, "")
            long(ZS_CURLOPT_NOSIGNAL, 1)
            long(ZS_CURLOPT_TIMEOUT_MS, milliseconds)
            long(ZS_CURLOPT_CONNECTTIMEOUT_MS, min(milliseconds, 10_000))
            long(ZS_CURLOPT_LOW_SPEED_LIMIT, 1)
            long(ZS_CURLOPT_LOW_SPEED_TIME, max(1, Int(request.timeout.rounded(.up))))
            _ = zs_curl_setopt_off(api, handle, Int32(ZS_CURLOPT_MAXFILESIZE_LARGE), Int64(request.maximumBytes))
            long(ZS_CURLOPT_FOLLOWLOCATION, 1)
            long(ZS_CURLOPT_MAXREDIRS, request.maximumRedirects)
            if text(ZS_CURLOPT_PROTOCOLS_STR, "http,https") == ZS_CURLE_UNKNOWN_OPTION {
                long(ZS_CURLOPT_PROTOCOLS, Int(ZS_CURLPROTO_HTTP | ZS_CURLPROTO_HTTPS))
            }
            if text(ZS_CURLOPT_REDIR_PROTOCOLS_STR, "http,https") == ZS_CURLE_UNKNOWN_OPTION {
                long(ZS_CURLOPT_REDIR_PROTOCOLS, Int(ZS_CURLPROTO_HTTP | ZS_CURLPROTO_HTTPS))
            }
            if let headers = easy.headers {
                _ = zs_curl_setopt_pointer(api, handle, Int32(ZS_CURLOPT_HTTPHEADER), UnsafeRawPointer(headers))
            }
            if request.method == "POST" {
                long(ZS_CURLOPT_POST, 1)
                _ = zs_curl_setopt_off(api, handle, Int32(ZS_CURLOPT_POSTFIELDSIZE_LARGE), Int64(easy.body.count))
                // An empty body still needs a valid pointer (curl would read the body from stdin otherwise).
                _ = zs_curl_setopt_pointer(api, handle, Int32(ZS_CURLOPT_POSTFIELDS), easy.body.baseAddress)
            }
            _ = zs_curl_setopt_write(api, handle) { data, size, count, context in
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
                let length = size * count
                return transfer.append(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
            }
            _ = zs_curl_setopt_pointer(api, handle, Int32(ZS_CURLOPT_WRITEDATA), context)
            _ = zs_curl_setopt_header(api, handle) { data, size, count, context in
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
                transfer.header(UnsafeRawBufferPointer(start: data, count: size * count))
                return size * count
            }
            _ = zs_curl_setopt_pointer(api, handle, Int32(ZS_CURLOPT_HEADERDATA), context)
        }
        return easy
    }

    /// Delivers the outcome of the finished handle (libcurl's `code`).
    func finish(_ easy: CurlEasy, code: CURLcode) {
        outcome.deliver(result(easy, code: code))
    }

    private func result(_ easy: CurlEasy, code: CURLcode) -> Result<Response, Failure> {
        let library = easy.library
        var apiCopy = library.api
        return withUnsafePointer(to: &apiCopy) { api in
            let kept = state.withLock { $0 }
            if kept.tooLarge || code == ZS_CURLE_FILESIZE_EXCEEDED { return .failure(.tooLarge) }
            guard code == ZS_CURLE_OK else {
                let detail = String(cString: easy.errorBuffer)
                var systemError = 0
                _ = zs_curl_getinfo_long(api, easy.handle, Int32(ZS_CURLINFO_OS_ERRNO), &systemError)
                return .failure(.curl(
                    code: code, message: detail.isEmpty ? library.message(code) : detail, systemError: systemError))
            }
            var status = 0
            _ = zs_curl_getinfo_long(api, easy.handle, Int32(ZS_CURLINFO_RESPONSE_CODE), &status)
            var contentType: UnsafePointer<CChar>?
            _ = zs_curl_getinfo_string(api, easy.handle, Int32(ZS_CURLINFO_CONTENT_TYPE), &contentType)
            return .success(Response(
                status: status, body: kept.body, contentType: contentType.map { String(cString: $0) },
                headers: kept.headers))
        }
    }

    /// Keeps one header line; a status line (a redirect's next response) starts the fields anew.
    /// A `Content-Length` within the cap reserves the body's room at once: grown by appends, a
    /// large body would be copied as it grows, briefly held twice (issue 34).
    private func header(_ line: UnsafeRawBufferPointer) {
        let text = String(decoding: line, as: UTF8.self)
        state.withLock { state in
            if text.hasPrefix("HTTP/") {
                state.headers = [:]
            } else if let colon = text.firstIndex(of: ":") {
                let name = text[..<colon].lowercased()
                let value = String(text[text.index(after: colon)...]).trimmingWhitespace
                state.headers[name] = value
                if name == "content-length", let length = Int(value), length <= request.maximumBytes, state.body.isEmpty {
                    state.body.reserveCapacity(length)
                }
            }
        }
    }

    /// Keeps the bytes unless they pass the cap (then the transfer is aborted).
    private func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        state.withLock { state in
            guard state.body.count + bytes.count <= request.maximumBytes else {
                state.tooLarge = true
                return false
            }
            state.body.append(contentsOf: bytes)
            return true
        }
    }
}

/// An easy handle and what libcurl reads through it while it runs: the header list, the error
/// buffer and a copy of the body. Owned by `CurlMulti`'s thread; freed with the handle.
final class CurlEasy {
    let library: CurlLibrary
    let handle: UnsafeMutableRawPointer
    let headers: OpaquePointer?
    let errorBuffer: UnsafeMutablePointer<CChar>
    let body: UnsafeMutableRawBufferPointer

    init?(library: CurlLibrary, request: CurlTransfer.Request) {
        guard let handle = library.api.easy_init!() else { return nil }
        self.library = library
        self.handle = handle
        var list: OpaquePointer?
        for header in request.headers { list = library.api.slist_append!(list, header) ?? list }
        headers = list
        errorBuffer = .allocate(capacity: Int(ZS_CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(ZS_CURL_ERROR_SIZE))
        let bytes = request.body ?? Data()
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 1)
        bytes.copyBytes(to: storage.bindMemory(to: UInt8.self), count: bytes.count)
        body = UnsafeMutableRawBufferPointer(rebasing: storage[0..<bytes.count])
    }

    deinit {
        library.api.easy_cleanup!(handle)
        if let headers { library.api.slist_free_all!(headers) }
        errorBuffer.deallocate()
        body.deallocate()
    }
}
