import Dispatch
import Synchronization

/// Work that blocks a thread (reading files, decoding), awaited from async code without holding
/// a thread of the shared cooperative pool (ARCHITECTURE.md, "Time and threads"). It runs on a
/// fixed pool of a few serial queues made once (`queueCount`), so that blocking work never holds
/// more threads than that, however many requests wait.
public enum BlockingWork {
    /// How many serial queues the pool has: at least two, so a slow disk read on one lane
    /// never stalls all blocking work.
    public static let queueCount = min(4, max(2, Processors.available))

    private static let queues: [DispatchQueue] = (0..<queueCount).map {
        DispatchQueue(label: "zapp-shell.blocking.\($0)")
    }
    private static let nextLane = Atomic<Int>(0)

    /// One of the pool's queues, chosen in turn: the work run on one lane is serial (a loader
    /// whose reads must not overlap keeps its lane); lanes share the pool's queues.
    public struct Lane: Sendable {
        fileprivate let queue: DispatchQueue

        /// The next lane of the pool.
        public init() {
            let number = BlockingWork.nextLane.add(1, ordering: .relaxed).oldValue
            queue = BlockingWork.queues[number % BlockingWork.queueCount]
        }
    }

    /// Runs `work` on `lane` (a lane of its own when none is given) and returns its result once
    /// it is done.
    public static func run<T: Sendable>(on lane: Lane = Lane(), _ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            lane.queue.async { continuation.resume(returning: work()) }
        }
    }

    /// Starts `work` on `lane` without waiting for it (its result is posted by the work itself).
    public static func start(on lane: Lane = Lane(), _ work: @escaping @Sendable () -> Void) {
        lane.queue.async(execute: work)
    }
}
