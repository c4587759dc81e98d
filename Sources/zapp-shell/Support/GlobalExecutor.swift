#if os(Linux) && compiler(>=6.3) && compiler(<6.4)
@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
import Glibc
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The process's global executor (ARCHITECTURE.md, "The loop"): where every task runs that is not
/// on an actor, and where every `Task.sleep` waits. A few threads of its own, made when work
/// finds none idle (at most `width`), run the ready jobs, highest priority first and in the order
/// they came; one more thread waits for the earliest deadline of the delayed jobs, exactly (no
/// leeway, on `CLOCK_MONOTONIC`), and without a timeout while none is waiting. An idle process
/// therefore makes no system call for it.
///
/// Why not the runtime's executor: on Linux it runs jobs on libdispatch's default
/// (non-overcommit) root queues, whose first worker thread starts a thread-pool monitor that
/// wakes the process every second for as long as it runs. Why by hand: Swift 6.3 has no public
/// API for a global executor; `install()` uses the runtime's experimental executor factory
/// (`_createExecutors`, SPI), because the older enqueue hooks (`swift_task_enqueueGlobal_hook`
/// and the delay and deadline hooks) no longer see `Task.sleep`, which goes to
/// `Task.defaultExecutor` directly. Built only with the 6.3 compilers it was tested with.
///
/// Work that blocks a thread (waiting for a process, a lock held long, parallel lanes) belongs on
/// threads of its own, not here: the pool does not grow past `width` for blocked threads.
final class GlobalExecutor: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
    /// The most threads that run jobs at once.
    let width: Int
    /// The name of the threads that run jobs (the timer thread is `zapp-timer`); at most 15 bytes.
    let threadName: String

    private let lock = ConditionLock()
    private let workAvailable: ConditionLock.Condition
    private let timerChanged: ConditionLock.Condition
    // Guarded by `lock`:
    private var ready = JobHeap<ReadyKey>()
    private var delayed = JobHeap<DelayedKey>()
    private var sequence: UInt64 = 0
    private var threads = 0
    private var idleThreads = 0
    private var wakeupsPending = 0
    private var timerStarted = false

    init(width: Int, threadName: String = "zapp-worker") {
        self.width = max(width, 1)
        self.threadName = threadName
        workAvailable = ConditionLock.Condition(lock)
        timerChanged = ConditionLock.Condition(lock)
    }

    /// The executor `install()` makes the default: as many threads as processors, at least two.
    static let shared = GlobalExecutor(width: max(ProcessInfo.processInfo.activeProcessorCount, 2))

    /// Makes `shared` the default executor of tasks, keeping the main actor's. Call first thing
    /// in the process, before any task runs: jobs already given to the runtime's executor stay there.
    static func install() {
        _createExecutors(factory: Factory.self)
    }

    private enum Factory: ExecutorFactory {
        static var mainExecutor: any MainExecutor { MainActor.executor }
        static var defaultExecutor: any TaskExecutor { GlobalExecutor.shared }
    }

    /// Delayed jobs waiting for their deadline (for tests).
    var delayedCount: Int { lock.withLock { delayed.count } }

    // MARK: Enqueueing

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        lock.withLock { makeReady(job) }
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        guard let delay = delay as? Duration else {
            return Self.fallback.enqueue(job, after: delay, tolerance: tolerance, clock: clock)
        }
        schedule(UnownedJob(job), at: MonotonicTime.now.adding(delay))
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        // Read the job's clock first: the deadline on the monotonic clock, read later, is then
        // never earlier than the instant asked for.
        guard let remaining = clock.now.duration(to: instant) as? Duration else {
            return Self.fallback.enqueue(job, at: instant, tolerance: tolerance, clock: clock)
        }
        schedule(UnownedJob(job), at: MonotonicTime.now.adding(remaining))
    }

    /// For clocks whose durations are not `Duration` (none of the standard library's): the
    /// runtime's own executor.
    private static var fallback: any SchedulingExecutor {
        PlatformExecutorFactory.defaultExecutor as! any SchedulingExecutor
    }

    // MARK: Threads

    /// Queues a job to run now, waking an idle thread or starting one. Holding the lock.
    private func makeReady(_ job: UnownedJob) {
        ready.push(job, key: ReadyKey(priority: job.priority.rawValue, sequence: nextSequence()))
        if idleThreads > wakeupsPending {
            wakeupsPending += 1
            workAvailable.signal()
        } else if threads < width {
            threads += 1
            startThread(named: threadName) { $0.runJobs() }
        }
    }

    private func schedule(_ job: UnownedJob, at deadline: Int64) {
        lock.withLock {
            guard deadline > MonotonicTime.now else { return makeReady(job) }
            let earliest = delayed.first?.deadline
            delayed.push(job, key: DelayedKey(deadline: deadline, sequence: nextSequence()))
            if !timerStarted {
                timerStarted = true
                startThread(named: "zapp-timer") { $0.keepTime() }
            } else if earliest.map({ deadline < $0 }) ?? true {
                timerChanged.signal()
            }
        }
    }

    private func nextSequence() -> UInt64 {
        sequence += 1
        return sequence
    }

    /// A worker thread: runs ready jobs, and waits without a timeout while there are none.
    private func runJobs() {
        let executor = asUnownedTaskExecutor()
        lock.lock()
        while true {
            if let job = ready.pop() {
                lock.unlock()
                job.runSynchronously(on: executor)
                lock.lock()
            } else {
                idleThreads += 1
                workAvailable.wait()
                idleThreads -= 1
                if wakeupsPending > 0 { wakeupsPending -= 1 }
            }
        }
    }

    /// The timer thread: waits until the earliest deadline (without a timeout while no job is
    /// delayed), then makes every job that is due ready.
    private func keepTime() {
        lock.lock()
        while true {
            guard let next = delayed.first?.deadline else {
                timerChanged.wait()
                continue
            }
            let now = MonotonicTime.now
            guard next <= now else {
                timerChanged.wait(until: next)
                continue
            }
            while let first = delayed.first, first.deadline <= now, let job = delayed.pop() {
                makeReady(job)
            }
        }
    }

    /// Starts a detached thread named `name` that runs `body` with this executor.
    private func startThread(named name: String, _ body: @escaping (GlobalExecutor) -> Void) {
        let start = Unmanaged.passRetained(ThreadStart(executor: self, name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { context in
            let start = Unmanaged<ThreadStart>.fromOpaque(context!).takeRetainedValue()
            _ = setThreadName?(pthread_self(), start.name)
            start.body(start.executor)
            return nil
        }, start)
        guard result == 0 else { fatalError("GlobalExecutor: pthread_create failed (\(result))") }
        pthread_detach(thread)
    }

    private final class ThreadStart {
        let executor: GlobalExecutor
        let name: String
        let body: (GlobalExecutor) -> Void

        init(executor: GlobalExecutor, name: String, body: @escaping (GlobalExecutor) -> Void) {
            self.executor = executor
            self.name = name
            self.body = body
        }
    }

    /// Higher priority first, then first come.
    private struct ReadyKey: Comparable {
        var priority: UInt8
        var sequence: UInt64

        static func < (lhs: ReadyKey, rhs: ReadyKey) -> Bool {
            lhs.priority != rhs.priority ? lhs.priority > rhs.priority : lhs.sequence < rhs.sequence
        }
    }

    /// Earlier deadline first, then first come.
    private struct DelayedKey: Comparable {
        var deadline: Int64
        var sequence: UInt64

        static func < (lhs: DelayedKey, rhs: DelayedKey) -> Bool {
            (lhs.deadline, lhs.sequence) < (rhs.deadline, rhs.sequence)
        }
    }
}

/// glibc's `pthread_setname_np` (which the Glibc module leaves out: it needs `_GNU_SOURCE`), so
/// that the threads can be told apart in `/proc`, `top -H` and a debugger.
private let setThreadName: (@convention(c) (pthread_t, UnsafePointer<CChar>) -> CInt)? =
    dlsym(nil, "pthread_setname_np").map { unsafeBitCast($0, to: (@convention(c) (pthread_t, UnsafePointer<CChar>) -> CInt).self) }

extension Int64 {
    /// This many nanoseconds plus `duration`, rounded up to a whole nanosecond, never before
    /// self and at most about 292 years on.
    fileprivate func adding(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 else { return self }
        let nanoseconds = (attoseconds + 999_999_999) / 1_000_000_000
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return .max }
        let (sum, overflowSum) = self.addingReportingOverflow(scaled)
        guard !overflowSum else { return .max }
        return sum.addingReportingOverflow(nanoseconds).overflow ? .max : sum + nanoseconds
    }
}
#else
/// Elsewhere (another platform or compiler) tasks keep the runtime's executor.
enum GlobalExecutor {
    static func install() {}
}
#endif
