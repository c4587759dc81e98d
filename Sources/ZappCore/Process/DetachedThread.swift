#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CProcess

/// A thread of its own for one piece of blocking work (reading a pipe, waiting for a child
/// process, a curl transfer), started with pthreads and detached. Foundation's `Thread` would
/// link full Foundation into the binary, and Dispatch's global queues start libdispatch's
/// thread-pool monitor (ARCHITECTURE.md, "Child processes").
public enum DetachedThread {
    /// Runs `body` on a new thread named `name` (at most 15 bytes are kept); false when the
    /// system could not start one (`body` then never runs).
    @discardableResult
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        let work = Unmanaged.passRetained(Work(name: name, body: body)).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let started = pthread_create(&thread, nil, { context in
            let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
            _ = zapp_set_thread_name(String(decoding: work.name.utf8.prefix(15), as: UTF8.self))
            work.body()
            return nil
        }, work)
        guard started == 0 else {
            Unmanaged<Work>.fromOpaque(work).release()
            return false
        }
        #if canImport(Glibc)
        pthread_detach(thread)
        #else
        if let thread { pthread_detach(thread) }
        #endif
        return true
    }

    private final class Work {
        let name: String
        let body: @Sendable () -> Void

        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }
}
