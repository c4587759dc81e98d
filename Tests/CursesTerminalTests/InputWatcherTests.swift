import Glibc
import Synchronization
import Testing

@testable import CursesTerminal

@Suite("input watcher")
struct InputWatcherTests {
    /// A pipe standing in for the terminal's input.
    private final class Pipe {
        let read: Int32
        let write: Int32

        init() throws {
            var ends: [Int32] = [-1, -1]
            try #require(pipe(&ends) == 0)
            read = ends[0]
            write = ends[1]
        }

        func send(_ text: String) {
            var bytes = Array(text.utf8)
            _ = Glibc.write(write, &bytes, bytes.count)
        }

        /// Reads what is waiting (the pipe is made non-blocking first).
        func drain() -> String {
            _ = fcntl(read, F_SETFL, fcntl(read, F_GETFL) | O_NONBLOCK)
            var bytes = [UInt8](repeating: 0, count: 256)
            let count = Glibc.read(read, &bytes, bytes.count)
            return String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self)
        }

        deinit {
            close(read)
            close(write)
        }
    }

    @Test("input is reported once per pause; a resume reports what is still unread, then new input",
          .timeLimit(.minutes(1)))
    func reportsOncePerPause() async throws {
        let input = try Pipe()
        let (reports, continuation) = AsyncStream.makeStream(of: Int.self)
        let counter = Counter()
        let watcher = InputWatcher(descriptors: [input.read]) { continuation.yield(counter.next()) }
        var next = reports.makeAsyncIterator()

        input.send("a")
        #expect(await next.next() == 1)
        // Paused: more input is not reported until the loop has read and resumed...
        input.send("b")
        watcher.resume()
        // ...and then at once, since it was never read.
        #expect(await next.next() == 2)
        #expect(input.drain() == "ab")
        watcher.resume()
        input.send("c")
        #expect(await next.next() == 3)
        watcher.stop()
        continuation.finish()
        #expect(await next.next() == nil)
        #expect(counter.value == 3)
    }

    @Test("the second of several descriptors wakes it too (the signal self-pipe)", .timeLimit(.minutes(1)))
    func watchesEveryDescriptor() async throws {
        let terminal = try Pipe()
        let signals = try Pipe()
        let (reports, continuation) = AsyncStream.makeStream(of: Void.self)
        let watcher = InputWatcher(descriptors: [terminal.read, signals.read]) { continuation.yield() }
        var next = reports.makeAsyncIterator()
        signals.send("!")
        #expect(await next.next() != nil)
        watcher.stop()
    }

    private final class Counter: Sendable {
        private let count = Mutex(0)

        func next() -> Int { count.withLock { $0 += 1; return $0 } }
        var value: Int { count.withLock { $0 } }
    }
}
