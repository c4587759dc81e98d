import Foundation

/// Runs a program to completion with its output discarded and reports its wall-clock time,
/// exit status and peak resident memory (`wait4`'s `ru_maxrss`).
struct ProcessRun {
    var elapsed: Duration
    var status: Int32
    /// Peak resident set size in bytes.
    var peakResidentBytes: Int

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func run(_ executable: URL, _ arguments: [String]) throws -> ProcessRun {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let clock = ContinuousClock()
        let start = clock.now
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw Failure(description: "cannot start \(executable.path): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let elapsed = clock.now - start
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return ProcessRun(elapsed: elapsed, status: exitStatus, peakResidentBytes: Int(usage.ru_maxrss) * 1024)
    }
}
