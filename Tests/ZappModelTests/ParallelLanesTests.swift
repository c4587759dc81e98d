import Foundation
import Synchronization
import Testing

@testable import ZappModel

/// `ParallelLanes`: every lane once, at the same time, none on libdispatch's default pool (whose
/// first worker starts its 1 Hz thread-pool monitor; ARCHITECTURE.md, "Time").
@Suite("parallel lanes", .timeLimit(.minutes(1)))
struct ParallelLanesTests {
    @Test("every lane runs once and all have returned when run returns", arguments: [0, 1, 2, 5])
    func everyLaneOnce(count: Int) {
        let runs = Mutex([Int](repeating: 0, count: count))
        ParallelLanes.run(count) { lane in runs.withLock { $0[lane] += 1 } }
        #expect(runs.withLock { $0 } == [Int](repeating: 1, count: count))
    }

    @Test("the lanes run at the same time: each waits for all the others to start")
    func lanesRunAtOnce() {
        let count = 4
        let started = Mutex(0)
        // A lane that ran alone would wait here for ever; `.timeLimit` would end the test.
        ParallelLanes.run(count) { _ in
            started.withLock { $0 += 1 }
            while started.withLock({ $0 }) < count { sched_yield() }
        }
        #expect(started.withLock { $0 } == count)
    }

    #if os(Linux)
        @Test("lane 0 runs on the calling thread, the others on libdispatch's overcommit pool")
        func lanesStayOffTheDefaultPool() {
            let caller = threadName()
            let names = Mutex([String](repeating: "", count: 3))
            ParallelLanes.run(3) { lane in
                let name = threadName()
                names.withLock { $0[lane] = name }
            }
            let found = names.withLock { $0 }
            #expect(found[0] == caller)
            // libdispatch names its workers after their root queue, the last 15 bytes of
            // "com.apple.root.default-qos.overcommit".
            #expect(found.dropFirst().allSatisfy { $0.hasSuffix(".overcommit") })
        }

        private func threadName() -> String {
            ((try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "").trimmingCharacters(in: .newlines)
        }
    #endif
}
