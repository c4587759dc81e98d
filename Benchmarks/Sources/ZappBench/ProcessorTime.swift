import Foundation

/// The processor time the whole process has used, on all its threads: beside a wall-clock
/// time it shows how much of the work ran in parallel.
enum ProcessorTime {
    static var now: Duration {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}
