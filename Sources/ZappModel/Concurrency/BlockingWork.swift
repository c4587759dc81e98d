import Dispatch

/// Work that blocks a thread (reading files, decoding), awaited from async code without holding
/// a thread of the shared cooperative pool: it runs on the serial dispatch queue it is given,
/// which the caller owns (ARCHITECTURE.md, "Time and threads").
public enum BlockingWork {
    /// Runs `work` on `queue` and returns its result once it is done.
    public static func run<T: Sendable>(on queue: DispatchQueue, _ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }
}
