#if os(Linux) && compiler(>=6.3) && compiler(<6.4)
@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
import Glibc
import ZappModel
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The process's global executor (ARCHITECTURE.md, "The loop"): where every task runs that is not
/// on an actor, and where every `Task.sleep` waits. A few threads of its own, made when work
/// finds none idle (at most `width`), run the ready jobs, highest priority first and in the order
/// they came; one more thread waits for the earliest deadline of the delayed jobs (no leeway:
/// a deadline is checked on the clock it was given on, never met early), and without a timeout
/// while none is waiting. An idle process therefore makes no system call for it.
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
    /// Delayed jobs, one heap per `Timeline`.
    private var delayed = Timeline.allCases.map { _ in JobHeap<DelayedKey>() }
    private var sequence: UInt64 = 0
    private var threads = 0
    private var idleThreads = 0
    private var wakeupsPending = 0
    private var timerStarted = false
    private var delayedTotal = 0

    init(width: Int, threadName: String = "zapp-worker") {
        self.width = max(width, 1)
        self.threadName = threadName
        workAvailable = ConditionLock.Condition(lock)
        timerChanged = ConditionLock.Condition(lock)
    }

    /// The executor `install()` makes the default: as many threads as processors, at least two.
    static let shared = GlobalExecutor(width: max(Processors.available, 2))

    /// Makes `shared` the default executor of tasks and `MainThreadExecutor.shared` the main
    /// actor's. Call first thing in the process, before any task exists: jobs already given to
    /// the runtime's executors stay there.
    static func install() {
        _createExecutors(factory: Factory.self)
    }

    private enum Factory: ExecutorFactory {
        static var mainExecutor: any MainExecutor { MainThreadExecutor.shared }
        static var defaultExecutor: any TaskExecutor { GlobalExecutor.shared }
    }

    /// How many jobs were given a deadline (tests check that sleeps reach this executor).
    var delayedJobs: Int { lock.withLock { delayedTotal } }

    /// How many threads run jobs (the timer's not counted).
    var threadCount: Int { lock.withLock { threads } }

    // MARK: Enqueueing

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        lock.withLock { makeReady(job) }
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        guard let delay = delay as? Duration else {
            return Self.fallback.enqueue(job, after: delay, tolerance: tolerance, clock: clock)
        }
        let timeline: Timeline = clock is SuspendingClock ? .suspending : .continuous
        schedule(UnownedJob(job), on: timeline, at: timeline.now.adding(delay))
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        if let instant = instant as? ContinuousClock.Instant {
            schedule(UnownedJob(job), on: .continuous, at: ContinuousClock().systemEpoch.duration(to: instant).nanosecondsRoundedUp)
        } else if let instant = instant as? SuspendingClock.Instant {
            schedule(UnownedJob(job), on: .suspending, at: SuspendingClock().systemEpoch.duration(to: instant).nanosecondsRoundedUp)
        } else if let remaining = clock.now.duration(to: instant) as? Duration {
            // Another clock: as long from now on the continuous clock, read after the job's clock.
            schedule(UnownedJob(job), on: .continuous, at: Timeline.continuous.now.adding(remaining))
        } else {
            Self.fallback.enqueue(job, at: instant, tolerance: tolerance, clock: clock)
        }
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

    private func schedule(_ job: UnownedJob, on timeline: Timeline, at deadline: Int64) {
        lock.withLock {
            delayedTotal += 1
            guard deadline > timeline.now else { return makeReady(job) }
            let earliest = delayed[timeline.rawValue].first?.deadline
            delayed[timeline.rawValue].push(job, key: DelayedKey(deadline: deadline, sequence: nextSequence()))
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

    /// The timer thread: makes every delayed job that is due ready, then waits until the
    /// earliest deadline (without a timeout while no job is delayed). A deadline is checked on
    /// its own clock, so a wait that ends early only waits again.
    private func keepTime() {
        lock.lock()
        while true {
            var wakeUp: Int64?
            for timeline in Timeline.allCases {
                let now = timeline.now
                while let first = delayed[timeline.rawValue].first, first.deadline <= now,
                    let job = delayed[timeline.rawValue].pop()
                {
                    makeReady(job)
                }
                if let first = delayed[timeline.rawValue].first {
                    // Read after the job's clock: the moment is never early.
                    let moment = MonotonicTime.now.adding(.nanoseconds(first.deadline - now))
                    wakeUp = min(wakeUp ?? moment, moment)
                }
            }
            if let wakeUp {
                timerChanged.wait(until: wakeUp)
            } else {
                timerChanged.wait()
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

    /// The clocks a delayed job waits on. Each deadline is kept on its own clock (nanoseconds
    /// since its `systemEpoch`), so equal instants stay equal and a suspension of the machine,
    /// which only the continuous clock counts, moves neither kind early. (The timer waits on
    /// `CLOCK_MONOTONIC`, which stops during a suspension: a continuous deadline that passes
    /// while the machine sleeps is met when the wait that was running ends.)
    private enum Timeline: Int, CaseIterable {
        case continuous, suspending

        var now: Int64 {
            switch self {
            case .continuous: ContinuousClock().systemEpoch.duration(to: .now).nanosecondsRoundedUp
            case .suspending: SuspendingClock().systemEpoch.duration(to: .now).nanosecondsRoundedUp
            }
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

extension Duration {
    /// Whole nanoseconds, rounded up; zero for a negative duration, at most `Int64.max`.
    fileprivate var nanosecondsRoundedUp: Int64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return .max }
        let (sum, overflowSum) = scaled.addingReportingOverflow((attoseconds + 999_999_999) / 1_000_000_000)
        return overflowSum ? .max : sum
    }
}

extension Int64 {
    /// These nanoseconds plus `duration`, never before them, at most `Int64.max`.
    fileprivate func adding(_ duration: Duration) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(duration.nanosecondsRoundedUp)
        return overflow ? .max : sum
    }
}
#else
/// Elsewhere (another platform or compiler) tasks keep the runtime's executor.
enum GlobalExecutor {
    static func install() {}
}
#endif
