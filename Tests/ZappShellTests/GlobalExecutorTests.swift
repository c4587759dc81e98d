#if os(Linux) && compiler(>=6.3) && compiler(<6.4)
import Dispatch
import Foundation
import Synchronization
import Testing

@testable import zapp_shell

/// The executor zapp-shell installs for its tasks (ARCHITECTURE.md, "The loop"). The test process
/// keeps the runtime's executor: each test gives its tasks a fresh `GlobalExecutor` as their
/// executor preference, which also makes their `Task.sleep` wait on its timer.
@Suite("global executor", .timeLimit(.minutes(1)))
struct GlobalExecutorTests {
    @Test("jobs run on the executor's own threads")
    func jobsRunOnItsThreads() async {
        let executor = GlobalExecutor(width: 2, threadName: "test-run")
        let threads = Shared<Set<String>>([])
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<50 {
                group.addTask(executorPreference: executor) {
                    let name = currentThreadName()
                    threads.withLock { _ = $0.insert(name) }
                    await Task.yield()
                }
            }
        }
        #expect(threads.withLock { $0 } == ["test-run"])
    }

    @Test("no more threads than the width start, however many jobs wait")
    func threadsStopAtTheWidth() async {
        let executor = GlobalExecutor(width: 2, threadName: "test-width")
        let release = DispatchSemaphore(value: 0)
        // Hold both threads.
        for _ in 0..<2 {
            await withCheckedContinuation { (started: CheckedContinuation<Void, Never>) in
                Task(executorPreference: executor) {
                    started.resume()
                    block(until: release)
                }
            }
        }
        let waiting = (0..<3).map { _ in Task(executorPreference: executor) { currentThreadName() } }
        #expect(executor.threadCount == 2)
        for _ in 0..<2 { release.signal() }
        for task in waiting { #expect(await task.value == "test-width") }
    }

    @Test("delayed jobs run no sooner than asked, earliest deadline first")
    func delayedJobsRunInOrder() async throws {
        // One thread, deadlines 50 ms apart: the order the sleeps end in is the order the timer
        // released them. (Sleeps that end together may resume in either order: the runtime
        // resumes the sleeping tasks after the executor has run their wake-up jobs in order.)
        let executor = GlobalExecutor(width: 1, threadName: "test-delay")
        let clock = ContinuousClock()
        let start = clock.now
        let offsets = [250, 100, 200, 150].map { Duration.milliseconds($0) }
        let woken = Shared<[(index: Int, late: Bool)]>([])
        await withTaskGroup(of: Void.self) { group in
            for (index, offset) in offsets.enumerated() {
                group.addTask(executorPreference: executor) {
                    try? await Task.sleep(until: start + offset, clock: clock)
                    let now = clock.now
                    woken.withLock { $0.append((index, now >= start + offset)) }
                }
            }
        }
        #expect(woken.withLock { $0.map(\.index) } == [1, 3, 2, 0])
        #expect(woken.withLock { $0.allSatisfy(\.late) })
        #expect(executor.delayedJobs == 4)
    }

    @Test("sleeps on the suspending clock and in nanoseconds wait on the same timer")
    func otherSleepsWaitOnTheTimer() async throws {
        let executor = GlobalExecutor(width: 1, threadName: "test-clocks")
        let suspending = SuspendingClock()
        let deadline = suspending.now + .milliseconds(20)
        let woke = await Task(executorPreference: executor) {
            try? await Task.sleep(until: deadline, clock: suspending)
            let afterDeadline = suspending.now >= deadline
            let before = ContinuousClock.now
            try? await Task.sleep(nanoseconds: 20_000_000)
            return afterDeadline && ContinuousClock.now - before >= .milliseconds(20)
        }.value
        #expect(woke)
        #expect(executor.delayedJobs == 2)
    }

    @Test("a ready job of higher priority runs before one of lower priority that came first")
    func higherPriorityFirst() async {
        let executor = GlobalExecutor(width: 1, threadName: "test-priority")
        let release = DispatchSemaphore(value: 0)
        // Hold the only thread, so that the next two wait in the queue together.
        await withCheckedContinuation { (started: CheckedContinuation<Void, Never>) in
            Task(executorPreference: executor) {
                started.resume()
                block(until: release)
            }
        }
        let order = Shared<[String]>([])
        let low = Task(executorPreference: executor, priority: .background) { order.withLock { $0.append("low") } }
        let high = Task(executorPreference: executor, priority: .high) { order.withLock { $0.append("high") } }
        release.signal()
        await low.value
        await high.value
        #expect(order.withLock { $0 } == ["high", "low"])
    }

    @Test("a deadline already passed runs the job at once")
    func pastDeadlineRunsAtOnce() async throws {
        let executor = GlobalExecutor(width: 1, threadName: "test-past")
        let ran = await Task(executorPreference: executor) {
            try? await Task.sleep(until: ContinuousClock.now - .seconds(1), clock: .continuous)
            return currentThreadName()
        }.value
        #expect(ran == "test-past")
        #expect(executor.delayedJobs == 1)
    }
}

/// A value the tasks of a test change under a lock.
private final class Shared<Value: Sendable>: Sendable {
    private let value: Mutex<Value>

    init(_ value: Value) { self.value = Mutex(value) }

    func withLock<T>(_ body: (inout Value) -> T) -> T { value.withLock { body(&$0) } }
}

/// Blocks the calling thread until `semaphore` is signalled (synchronous, so that a task can hold
/// its thread on purpose).
private func block(until semaphore: DispatchSemaphore) {
    semaphore.wait()
}

/// The name of the calling thread (`/proc/thread-self/comm`).
private func currentThreadName() -> String {
    let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
    return name.trimmingCharacters(in: .newlines)
}
#endif
