#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CProcess

/// A program started with `posix_spawn`, no shell, in a process group of its own (so killing
/// the group reaches what it started too), with every signal at its default disposition and
/// none blocked, the given descriptors as its standard streams and no other descriptor of
/// ZappShell's. Hooks (`ProcessRunner`) and the browser (`BrowserLauncher`) run this way; it
/// replaces Foundation's `Process`, which would link full Foundation (ARCHITECTURE.md, "Child processes").
public struct ChildProcess: Sendable {
    /// How a process ended.
    public struct Termination: Sendable, Hashable {
        /// The exit status, or the signal number when `signalled`.
        public var status: Int32
        public var signalled: Bool

        public init(status: Int32, signalled: Bool) {
            self.status = status
            self.signalled = signalled
        }
    }

    /// The process id, which is also its process group's id.
    public let id: pid_t

    /// Starts `path` with `arguments` (not including the program name, which is `path`), in
    /// `workingDirectory` when given, with the current environment.
    /// - Throws: the `errno` value that `posix_spawn` reported (ENOENT, EACCES, ETXTBSY, …).
    public static func spawn(
        path: String, arguments: [String], workingDirectory: String? = nil,
        standardInput: Int32, standardOutput: Int32, standardError: Int32
    ) throws(SpawnError) -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
        posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
        posix_spawn_file_actions_adddup2(&actions, standardError, 2)
        zapp_spawn_file_actions_addclosefrom(&actions, 3)
        if let workingDirectory { zapp_spawn_file_actions_addchdir(&actions, workingDirectory) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([path] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var processID = pid_t()
        let code = (argv + [nil]).withUnsafeBufferPointer { pointers in
            posix_spawn(&processID, path, &actions, &attributes, pointers.baseAddress!, environ)
        }
        guard code == 0 else { throw SpawnError(code: code) }
        return ChildProcess(id: processID)
    }

    /// Blocks the calling thread until the process exits, and reaps it.
    public func waitForExit() -> Termination {
        var status: Int32 = 0
        while waitpid(id, &status, 0) < 0 {
            guard errno == EINTR else { return Termination(status: -1, signalled: false) }
        }
        // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift does not import (macros).
        let signal = status & 0x7f
        if signal != 0 && signal != 0x7f { return Termination(status: signal, signalled: true) }
        return Termination(status: (status >> 8) & 0xff, signalled: false)
    }

    /// Why a process could not be started: the system's error code, and its words.
    public struct SpawnError: Error, Sendable, Hashable, CustomStringConvertible {
        public var code: Int32
        public var description: String { String(cString: strerror(code)) }

        public init(code: Int32) {
            self.code = code
        }
    }
}
