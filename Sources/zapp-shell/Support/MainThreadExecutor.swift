#if os(Linux) && compiler(>=6.3) && compiler(<6.4)
@_spi(ExperimentalCustomExecutors) import _Concurrency
import Glibc

/// The main actor's executor (ARCHITECTURE.md, "The loop"): the process's main thread runs the
/// main actor's jobs, in the order they came, and sleeps on a condition variable while there
/// are none. `ZappShellCommand.main` installs it with `GlobalExecutor` before any task exists
/// and then gives the main thread to `runForever()`.
///
/// Why not the runtime's main executor: on Linux it is libdispatch's main queue, and
/// `dispatch_main()` parks the main thread, so from the first suspension on a worker thread of
/// libdispatch's overcommit pool serves the main actor. Starting that thread is on the way to
/// the first frame (about 0.4 ms), and every hop to the main actor after it crosses
/// libdispatch's queues; here a hop is one signal of a condition variable.
final class MainThreadExecutor: MainExecutor, @unchecked Sendable {
    /// The executor `GlobalExecutor.install()` makes the main actor's.
    static let shared = MainThreadExecutor()

    private let lock = ConditionLock()
    private let jobsAvailable: ConditionLock.Condition
    // Guarded by `lock`:
    private var jobs: [UnownedJob] = []
    private var isStopped = false
    /// The thread `run()` runs jobs on.
    private var thread: pthread_t?

    init() {
        jobsAvailable = ConditionLock.Condition(lock)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        lock.withLock {
            jobs.append(job)
            jobsAvailable.signal()
        }
    }

    /// Runs the main actor's jobs on the calling thread (the main thread) until `stop()`: the
    /// jobs queued so far as one batch, then waits for more.
    func run() throws {
        lock.withLock { thread = pthread_self() }
        let executor = asUnownedSerialExecutor()
        var batch: [UnownedJob] = []
        while true {
            lock.withLock {
                while jobs.isEmpty && !isStopped { jobsAvailable.wait() }
                swap(&batch, &jobs)
            }
            if batch.isEmpty { return }
            for job in batch { job.runSynchronously(on: executor) }
            batch.removeAll(keepingCapacity: true)
        }
    }

    /// Gives the calling thread, the main thread, to the main actor's jobs for good.
    static func runForever() -> Never {
        try? shared.run()
        exit(0)
    }

    /// Ends `run()` once the jobs queued so far have run.
    func stop() {
        lock.withLock {
            isStopped = true
            jobsAvailable.signal()
        }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// `MainActor.assumeIsolated` and friends, when the runtime cannot tell by itself: only
    /// code on the thread that runs the jobs is isolated to the main actor.
    func checkIsolated() {
        guard let thread = lock.withLock({ thread }), pthread_equal(thread, pthread_self()) != 0 else {
            fatalError("not on the main actor's thread (MainThreadExecutor)")
        }
    }
}
#else
import Dispatch

/// Elsewhere (another platform or compiler) the main actor keeps the runtime's executor,
/// libdispatch's main queue.
enum MainThreadExecutor {
    /// Gives the calling thread, the main thread, to the main queue for good.
    static func runForever() -> Never {
        dispatchMain()
    }
}
#endif
