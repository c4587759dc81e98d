#if canImport(Glibc)
import Glibc

/// A pthread mutex and its condition variables, which time out on `CLOCK_MONOTONIC`: what
/// `GlobalExecutor`'s threads need to sleep until there is work or a deadline, without a timeout
/// when neither is due (`Synchronization.Mutex` cannot wait).
final class ConditionLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
    }

    func lock() { pthread_mutex_lock(mutex) }

    func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the lock.
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }

    /// A condition variable waited on with this lock held.
    final class Condition: @unchecked Sendable {
        private let lock: ConditionLock
        private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

        init(_ lock: ConditionLock) {
            self.lock = lock
            var attributes = pthread_condattr_t()
            pthread_condattr_init(&attributes)
            pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
            pthread_cond_init(condition, &attributes)
            pthread_condattr_destroy(&attributes)
        }

        /// Releases the lock until signalled (or woken spuriously), then takes it again.
        func wait() { pthread_cond_wait(condition, lock.mutex) }

        /// As `wait()`, but also returns once `MonotonicTime.now` reaches `deadline`.
        func wait(until deadline: Int64) {
            var time = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
            pthread_cond_timedwait(condition, lock.mutex, &time)
        }

        /// Wakes one waiting thread.
        func signal() { pthread_cond_signal(condition) }
    }
}

/// Nanoseconds on `CLOCK_MONOTONIC` (read through the vDSO: no system call).
enum MonotonicTime {
    static var now: Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
#endif
