#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CProcess
import Synchronization
import ZappCore
import ZappModel

/// How a finished process ended and what it printed on standard output.
struct ProcessResult: Sendable {
    /// The exit status, or the signal number when `signalled`.
    var status: Int32
    var signalled: Bool
    var standardOutput: Data
    /// The last line on standard error that was not blank, trimmed ("" when none).
    var lastErrorLine = ""
}

/// Why a process could not be run to completion.
enum ProcessRunFailure: Error, Sendable, Hashable {
    /// The executable does not exist.
    case notFound(String)
    /// The file exists but cannot be executed.
    case notExecutable(String)
    /// The system refused to start it.
    case launchFailed(String)
    /// It ran longer than the limit and was killed.
    case timedOut(Duration)
    /// It printed more than the limit on standard output and was killed.
    case outputTooLarge(Int)
    /// The waiting task was cancelled; the process was killed.
    case cancelled
}

/// Runs one process (`ChildProcess`: posix_spawn, no shell, a process group of its own) with
/// pipes for its standard streams: writes `input` to its standard input, reads standard output
/// and standard error concurrently (so a chatty process never blocks on a full pipe), each on a
/// `DetachedThread` of its own, as is the wait for its exit; hands each standard-error line to
/// `onErrorLine`, and kills the process and its process group on timeout or cancellation
/// (ARCHITECTURE.md, "Child processes": why not Foundation's `Process` or swift-subprocess).
struct ProcessRunner: Sendable {
    /// The most standard output kept; a process printing more is killed.
    static let outputLimit = 4 * 1024 * 1024
    /// The longest standard-error line kept whole; longer ones are logged in pieces.
    static let errorLineLimit = 64 * 1024
    /// How long to wait, after the process exits, for descendants that still hold its output open.
    static let drainGrace: Duration = .seconds(2)

    /// The clock the runner waits on: the timeout, the drain and the pauses between attempts to
    /// start a busy file. Injected, so tests decide when a wait ends instead of the real clock.
    var clock: any Clock<Duration> = ContinuousClock()

    func run(
        executable: URL, arguments: [String], workingDirectory: URL?, input: Data, timeout: Duration,
        onErrorLine: @escaping @Sendable (String) -> Void
    ) async throws(ProcessRunFailure) -> ProcessResult {
        let path = executable.path
        switch FileSystem.kind(atPath: path) {
        case .missing: throw .notFound(path)
        case .directory, .other: throw .notExecutable(path)
        case .regularFile: guard access(path, X_OK) == 0 else { throw .notExecutable(path) }
        }

        guard let (standardInput, standardOutput, standardError) = Pipe.three() else {
            throw .launchFailed(String(cString: strerror(errno)))
        }
        let exited = OneShot<ProcessResult>()
        let streams = Streams()
        let process: ChildProcess
        do {
            process = try await Self.launch(
                clock: clock, path: path, arguments: arguments, workingDirectory: workingDirectory?.path,
                standardInput: standardInput.reading, standardOutput: standardOutput.writing,
                standardError: standardError.writing)
        } catch {
            [standardInput, standardOutput, standardError].forEach { $0.closeBoth() }
            throw .launchFailed(error.description)
        }
        // The child's ends are the child's now: the reads below end when it (and whatever it
        // started) has closed them.
        close(standardInput.reading)
        close(standardOutput.writing)
        close(standardError.writing)
        let processID = process.id
        let stop: @Sendable () -> Void = { Self.killGroup(of: processID, leaderRunning: exited.value == nil) }

        Self.background("zapp-shell wait", stop: stop) {
            let termination = process.waitForExit()
            exited.deliver(ProcessResult(
                status: termination.status, signalled: termination.signalled, standardOutput: Data()))
        }
        Self.background("zapp-shell stdin", stop: stop) {
            Self.blockBrokenPipeSignal()
            Self.writeAll(input, to: standardInput.writing)
            close(standardInput.writing)
        }
        Self.background("zapp-shell stdout", stop: stop) {
            defer { close(standardOutput.reading) }
            Self.readAll(standardOutput.reading) { chunk in
                guard streams.append(chunk) else {
                    stop()
                    return false
                }
                return true
            }
            streams.ended()
        }
        Self.background("zapp-shell stderr", stop: stop) {
            defer { close(standardError.reading) }
            var pending = Data()
            var lastLine = ""
            let line: (String) -> Void = { text in
                onErrorLine(text)
                let trimmed = text.trimmingWhitespace
                if !trimmed.isEmpty { lastLine = trimmed }
            }
            Self.readAll(standardError.reading) { chunk in
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    line(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending.removeSubrange(pending.startIndex...newline)
                }
                if pending.count > Self.errorLineLimit {
                    line(String(decoding: pending, as: UTF8.self))
                    pending.removeAll()
                }
                return true
            }
            if !pending.isEmpty { line(String(decoding: pending, as: UTF8.self)) }
            streams.ended(lastErrorLine: lastLine)
        }

        let finished = await withTaskCancellationHandler {
            await exited.wait(upTo: timeout, on: clock)
        } onCancel: {
            stop()
        }
        guard var result = finished, !Task.isCancelled else {
            stop()
            // Waits for the killed process to be reaped, even when this task is cancelled.
            let clock = self.clock
            _ = await Task.detached { await exited.wait(upTo: Self.drainGrace, on: clock) }.value
            throw Task.isCancelled ? .cancelled : .timedOut(timeout)
        }
        if await streams.done.wait(upTo: Self.drainGrace, on: clock) == nil {
            stop()
            _ = await streams.done.wait(upTo: Self.drainGrace, on: clock)
        }
        let read = streams.read
        if read.overflowed { throw .outputTooLarge(Self.outputLimit) }
        result.standardOutput = read.output
        result.lastErrorLine = read.lastErrorLine
        return result
    }

    /// Starts the process, retrying for up to a second while its file is busy (ETXTBSY: still
    /// open for writing, for instance just saved, or inherited by another process being started
    /// at that moment). The error's description is the system's reason ("Text file busy").
    private static func launch(
        clock: any Clock<Duration>, path: String, arguments: [String], workingDirectory: String?,
        standardInput: Int32, standardOutput: Int32, standardError: Int32
    ) async throws(ChildProcess.SpawnError) -> ChildProcess {
        var attempts = 1
        while true {
            do {
                return try ChildProcess.spawn(
                    path: path, arguments: arguments, workingDirectory: workingDirectory,
                    standardInput: standardInput, standardOutput: standardOutput, standardError: standardError)
            } catch where error.code == ETXTBSY && attempts < 50 {
                attempts += 1
                try? await clock.sleep(for: .milliseconds(20))
            }
        }
    }

    /// Writing to a process that has exited must fail with EPIPE, not kill ZappShell. The signal
    /// is blocked in the writer thread only (ignoring it process-wide would be inherited by every
    /// hook process); a SIGPIPE left pending is discarded when that thread ends.
    private static func blockBrokenPipeSignal() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    /// Runs blocking work on a thread of its own. When the system cannot start one, the
    /// process group is killed first (`stop`) and the work runs inline, where it then ends at
    /// once: a process that cannot be watched is not left running.
    private static func background(
        _ name: String, stop: @Sendable () -> Void, _ work: @escaping @Sendable () -> Void
    ) {
        if !DetachedThread.start(name: name, work) {
            stop()
            work()
        }
    }

    /// What the standard output and standard error readers share: the output so far, whether it
    /// passed the limit, the last error line, and when both streams have ended (`done`).
    private final class Streams: Sendable {
        private struct State {
            var output = Data()
            var overflowed = false
            var lastErrorLine = ""
            var open = 2
        }

        private let state = Mutex(State())
        let done = OneShot<Bool>()

        /// Appends a chunk of standard output; false once the output is past `outputLimit`.
        func append(_ chunk: Data) -> Bool {
            state.withLock { state in
                state.output.append(chunk)
                if state.output.count > ProcessRunner.outputLimit { state.overflowed = true }
                return !state.overflowed
            }
        }

        /// One stream has ended (standard error with its last line).
        func ended(lastErrorLine: String? = nil) {
            let allEnded = state.withLock { state in
                if let lastErrorLine { state.lastErrorLine = lastErrorLine }
                state.open -= 1
                return state.open == 0
            }
            if allEnded { done.deliver(true) }
        }

        var read: (output: Data, overflowed: Bool, lastErrorLine: String) {
            state.withLock { ($0.output, $0.overflowed, $0.lastErrorLine) }
        }
    }

    /// A pipe whose descriptors are closed on exec (the child gets its end through dup2).
    private struct Pipe: Sendable {
        let reading: Int32
        let writing: Int32

        init?() {
            var ends: [Int32] = [-1, -1]
            guard zapp_pipe_cloexec(&ends) == 0 else { return nil }
            reading = ends[0]
            writing = ends[1]
        }

        func closeBoth() {
            close(reading)
            close(writing)
        }

        /// Pipes for standard input, output and error; nil (none left open) when the system
        /// refuses one.
        static func three() -> (Pipe, Pipe, Pipe)? {
            guard let first = Pipe() else { return nil }
            guard let second = Pipe() else {
                first.closeBoth()
                return nil
            }
            guard let third = Pipe() else {
                first.closeBoth()
                second.closeBoth()
                return nil
            }
            return (first, second, third)
        }
    }

    /// Kills the process's group; the process itself too while it has not been reaped (its id
    /// cannot have been reused then), in case it left the group.
    private static func killGroup(of processID: Int32, leaderRunning: Bool) {
        guard processID > 0 else { return }
        _ = kill(-processID, SIGKILL)
        if leaderRunning { _ = kill(processID, SIGKILL) }
    }

    private static func writeAll(_ data: Data, to descriptor: Int32) {
        data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    /// Reads until end of file, handing each chunk to `consume` until it returns false.
    private static func readAll(_ descriptor: Int32, _ consume: (Data) -> Bool) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            if !consume(Data(buffer[0..<count])) { return }
        }
    }
}
