import Dispatch

/// Runs lanes of work at once and waits for all of them: lane 0 on the calling thread, each other
/// lane on a serial dispatch queue of its own. Used instead of `DispatchQueue.concurrentPerform`,
/// whose worker threads belong to libdispatch's default (non-overcommit) pool, the first of which
/// starts libdispatch's thread-pool monitor: a timer that then wakes the process every second for
/// as long as it runs (ARCHITECTURE.md, "Time"). Serial queues run on the overcommit pool, which
/// has no monitor.
public enum ParallelLanes {
    /// Calls `lane(0)` … `lane(count - 1)` at once and returns when every call has returned.
    public static func run(_ count: Int, _ lane: @Sendable (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { lane(0) }
            return
        }
        // Every call returns before `run` does (the group is waited for), so the closure
        // outlives none of them.
        withoutActuallyEscaping(lane) { lane in
            let group = DispatchGroup()
            for number in 1..<count {
                DispatchQueue(label: "zapp-shell.lane").async(group: group) { lane(number) }
            }
            lane(0)
            group.wait()
        }
    }
}
