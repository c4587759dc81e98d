import CCurl
import Synchronization
import ZappCore
import ZappModel

/// Every HTTP transfer of the process, run by one libcurl multi handle on one thread of its own
/// (started with the first request): connections are kept and reused between requests to a
/// host, at most `connectionsPerHost` at once to each host (more requests wait for one), and
/// while nothing runs the thread sleeps in `curl_multi_poll` until a request or a cancellation
/// wakes it (no timer, no polling).
final class CurlMulti: Sendable {
    /// The most connections open to one host at once.
    static let connectionsPerHost = 4
    /// The most connections open at once, all hosts together, and the most kept for reuse: the
    /// same number, so that every connection opened can be kept. A cache smaller than what the
    /// hosts in use may open closes one host's idle connections when others fill it, and that
    /// host's next requests open new ones (16 for 4 per host gave 8 connections for 40 requests
    /// to one host while 5 other hosts were busy).
    static let keptConnections = 64

    /// The process's multi handle over its libcurl.
    static let shared: Result<CurlMulti, HTTPFailure.Reason> = CurlLibrary.shared.flatMap { library in
        CurlMulti(library: library).map { .success($0) } ?? .failure(.libraryMissing("curl_multi_init failed"))
    }

    private struct Handle: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }

    private let library: CurlLibrary
    private let multi: Handle
    /// Transfers handed in and not yet taken by the thread.
    private let arrivals = Mutex<[CurlTransfer]>([])
    private let threadStarted = Mutex(false)

    init?(library: CurlLibrary) {
        guard let multi = library.api.multi_init!() else { return nil }
        self.library = library
        self.multi = Handle(pointer: multi)
        var api = library.api
        _ = zs_curl_multi_setopt_long(&api, multi, Int32(ZS_CURLMOPT_MAX_HOST_CONNECTIONS), Self.connectionsPerHost)
        _ = zs_curl_multi_setopt_long(&api, multi, Int32(ZS_CURLMOPT_MAXCONNECTS), Self.keptConnections)
        _ = zs_curl_multi_setopt_long(&api, multi, Int32(ZS_CURLMOPT_MAX_TOTAL_CONNECTIONS), Self.keptConnections)
    }

    /// Hands `transfer` to the thread; its result arrives in `transfer.outcome`.
    func start(_ transfer: CurlTransfer) {
        let multi = self.multi
        let library = self.library
        transfer.started { _ = library.api.multi_wakeup!(multi.pointer) }
        arrivals.withLock { $0.append(transfer) }
        let startThread = threadStarted.withLock { started in
            defer { started = true }
            return !started
        }
        if startThread {
            if !DetachedThread.start(name: "zapp-shell HTTP", { self.run() }) {
                threadStarted.withLock { $0 = false }
                let waiting = arrivals.withLock { arrivals in
                    defer { arrivals.removeAll() }
                    return arrivals
                }
                for waiter in waiting {
                    waiter.outcome.deliver(.failure(.curl(code: -1, message: "cannot start a thread for requests", systemError: 0)))
                }
                return
            }
        }
        _ = library.api.multi_wakeup!(multi.pointer)
    }

    /// The thread's loop: takes new transfers, drops cancelled ones, runs libcurl, delivers
    /// finished ones, then waits for sockets, libcurl's timers or a wake-up.
    private func run() {
        let api = library.api
        let multi = self.multi.pointer
        var running: [UnsafeMutableRawPointer: (transfer: CurlTransfer, easy: CurlEasy)] = [:]
        while true {
            for transfer in arrivals.withLock({ arrivals in defer { arrivals.removeAll() }; return arrivals }) {
                guard !transfer.isCancelled else {
                    transfer.outcome.deliver(.failure(.cancelled))
                    continue
                }
                guard let easy = transfer.makeHandle(with: library), api.multi_add_handle!(multi, easy.handle) == ZS_CURLM_OK else {
                    transfer.outcome.deliver(.failure(.curl(code: -1, message: "curl_easy_init failed", systemError: 0)))
                    continue
                }
                running[easy.handle] = (transfer, easy)
            }
            for (handle, entry) in running where entry.transfer.isCancelled {
                _ = api.multi_remove_handle!(multi, handle)
                running[handle] = nil
                entry.transfer.outcome.deliver(.failure(.cancelled))
            }
            var active: Int32 = 0
            _ = api.multi_perform!(multi, &active)
            var left: Int32 = 0
            while let message = api.multi_info_read!(multi, &left) {
                guard message.pointee.msg == ZS_CURLMSG_DONE, let handle = message.pointee.easy_handle,
                    let entry = running.removeValue(forKey: handle)
                else { continue }
                let code = message.pointee.data.result
                _ = api.multi_remove_handle!(multi, handle)
                entry.transfer.finish(entry.easy, code: code)
            }
            // libcurl shortens the wait to its own next timer; with nothing running it lasts
            // until a wake-up.
            var ready: Int32 = 0
            _ = api.multi_poll!(multi, nil, 0, running.isEmpty ? Int32.max : 1000, &ready)
        }
    }
}
