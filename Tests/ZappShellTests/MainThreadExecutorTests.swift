#if os(Linux) && compiler(>=6.3) && compiler(<6.4)
import Dispatch
import Foundation
import Synchronization
import Testing

@testable import zapp_shell

/// The main actor's executor (ARCHITECTURE.md, "Executor"). The test process keeps the runtime's
/// main actor: each test runs a fresh `MainThreadExecutor` on a thread of its own, and an actor
/// whose executor it is stands in for the main actor.
@Suite("main-thread executor", .timeLimit(.minutes(1)))
struct MainThreadExecutorTests {
    @Test("an actor's calls run on the thread that runs the executor, isolated, in the order made; stop ends run")
    func callsRunOnItsThread() async {
        let executor = MainThreadExecutor()
        let running = RunningExecutor(executor)
        let pinned = Pinned(executor: executor)
        for index in 0..<50 {
            await pinned.record(index)
        }
        let (indices, threads) = await pinned.recorded()
        #expect(indices == Array(0..<50))
        #expect(threads.count == 1)
        #expect(threads.first == running.thread)
        executor.stop()
        await running.ended()
    }
}

/// An actor whose calls run on `executor`.
private actor Pinned {
    let executor: MainThreadExecutor
    private var indices: [Int] = []
    private var threads: Set<UInt> = []

    init(executor: MainThreadExecutor) { self.executor = executor }

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    func record(_ index: Int) {
        // Crashes the test process if this job did not run on the executor's thread.
        executor.checkIsolated()
        indices.append(index)
        threads.insert(UInt(pthread_self()))
    }

    func recorded() -> (indices: [Int], threads: Set<UInt>) { (indices, threads) }
}

/// A thread that gives itself to `executor.run()` until it stops.
private final class RunningExecutor: Sendable {
    let thread: UInt
    private let done = DispatchSemaphore(value: 0)

    init(_ executor: MainThreadExecutor) {
        let started = DispatchSemaphore(value: 0)
        let identity = Mutex<UInt>(0)
        let done = done
        Thread {
            identity.withLock { $0 = UInt(pthread_self()) }
            started.signal()
            try? executor.run()
            done.signal()
        }.start()
        started.wait()
        thread = identity.withLock { $0 }
    }

    /// Waits (on a thread of its own, not the cooperative pool's) until `run()` has returned.
    func ended() async {
        let done = done
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread {
                done.wait()
                continuation.resume()
            }.start()
        }
    }
}
#endif
