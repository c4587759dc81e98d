import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@testable import zapp_shell

/// Loading an app from a URL tells the user what it fetches and how long it may wait.
@Suite("remote app loading")
struct AppLocationTests {
    @Test("each fetch is announced with its URL and the timeout")
    func progressNamesURLAndTimeout() async {
        let lines = Mutex<[String]>([])
        // Port 1 on loopback refuses at once: the fetch fails fast, after its announcement.
        let url = URL(string: "http://127.0.0.1:1/app")!
        let result = await AppLocation.remote(url).load(progress: { line in lines.withLock { $0.append(line) } })
        #expect(result.app == nil)
        #expect(lines.withLock { $0 } == ["Fetching http://127.0.0.1:1/app/river.json (timeout 20 s)…"])
    }

    @Test("a server that accepts the connection and never answers fails at the timeout, naming it")
    func serverThatNeverAnswers() async throws {
        let server = try SilentServer()
        defer { server.close() }
        let url = URL(string: "http://127.0.0.1:\(server.port)/app/river.json")!
        let result = await AppLocation.fetch(url, timeout: 0.3)
        guard case .failure(let failure) = result else {
            Issue.record("a silent server gave an answer")
            return
        }
        #expect(failure.reason.contains("did not answer within 0.3 s"), "\(failure.reason)")
    }
}

/// A loopback TCP socket that accepts connections (the kernel's backlog) and never answers.
private struct SilentServer {
    let descriptor: Int32
    let port: UInt16

    struct Failure: Error {}

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure() }
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 4) == 0 else { throw Failure() }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw Failure() }
        port = UInt16(bigEndian: address.sin_port)
    }

    func close() {
        _ = Glibc.close(descriptor)
    }
}
