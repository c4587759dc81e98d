import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a finished process ended and what it printed on standard output.
struct ProcessResult: Sendable {
    /// The exit status, or the signal number when `signalled`.
    var status: Int32
    var signalled: Bool
    var standardOutput: Data
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

/// Runs one process with Foundation's `Process` and pipes, no shell: writes `input` to its
/// standard input (from a thread of its own), reads standard output and standard error concurrently (so a chatty process
/// never blocks on a full pipe), hands each standard-error line to `onErrorLine`, and kills the
/// process (and its process group, which Foundation gives it on Linux) on timeout or cancellation.
struct ProcessRunner: Sendable {
    /// The most standard output kept; a process printing more is killed.
    static let outputLimit = 4 * 1024 * 1024
    /// The longest standard-error line kept whole; longer ones are logged in pieces.
    static let errorLineLimit = 64 * 1024
    /// How long to wait, after the process exits, for descendants that still hold its output open.
    static let drainGrace: Duration = .seconds(2)

    var sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }

    func run(
        executable: URL, arguments: [String], workingDirectory: URL?, input: Data, timeout: Duration,
        onErrorLine: @escaping @Sendable (String) -> Void
    ) async throws(ProcessRunFailure) -> ProcessResult {
        let path = executable.path
        guard FileManager.default.fileExists(atPath: path) else { throw .notFound(path) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            FileManager.default.isExecutableFile(atPath: path)
        else { throw .notExecutable(path) }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        let standardInput = Pipe()
        let standardOutput = Pipe()
        let standardError = Pipe()
        process.standardInput = standardInput
        process.standardOutput = standardOutput
        process.standardError = standardError

        let exited = Latch<ProcessResult>()
        let output = Locked(Data())
        let streamsDone = Latch<Bool>()
        let openStreams = Locked(2)
        let streamEnded: @Sendable () -> Void = {
            if openStreams.withLock({ count in
                count -= 1
                return count == 0
            }) { streamsDone.fire(true) }
        }
        let overflowed = Locked(false)
        process.terminationHandler = { finished in
            exited.fire(ProcessResult(
                status: finished.terminationStatus, signalled: finished.terminationReason == .uncaughtSignal,
                standardOutput: Data()))
        }
        do {
            try await Self.launch(process)
        } catch {
            throw .launchFailed(Self.reason(error))
        }
        let processID = process.processIdentifier
        let stop: @Sendable () -> Void = { Self.killGroup(of: processID, leaderRunning: exited.delivered == nil) }

        Thread {
            Self.blockBrokenPipeSignal()
            Self.writeAll(input, to: standardInput.fileHandleForWriting.fileDescriptor)
            try? standardInput.fileHandleForWriting.close()
        }.start()
        Self.background {
            Self.readAll(standardOutput.fileHandleForReading.fileDescriptor) { chunk in
                let tooLarge = output.withLock { data in
                    data.append(chunk)
                    return data.count > Self.outputLimit
                }
                if tooLarge {
                    overflowed.withLock { $0 = true }
                    stop()
                    return false
                }
                return true
            }
            streamEnded()
        }
        Self.background {
            var pending = Data()
            Self.readAll(standardError.fileHandleForReading.fileDescriptor) { chunk in
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    onErrorLine(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending.removeSubrange(pending.startIndex...newline)
                }
                if pending.count > Self.errorLineLimit {
                    onErrorLine(String(decoding: pending, as: UTF8.self))
                    pending.removeAll()
                }
                return true
            }
            if !pending.isEmpty { onErrorLine(String(decoding: pending, as: UTF8.self)) }
            streamEnded()
        }

        let finished = await withTaskCancellationHandler {
            await exited.wait(upTo: timeout, sleep: sleep)
        } onCancel: {
            stop()
        }
        guard var result = finished, !Task.isCancelled else {
            stop()
            // Waits for the killed process to be reaped, even when this task is cancelled.
            _ = await Task.detached { await exited.wait(upTo: Self.drainGrace) }.value
            throw Task.isCancelled ? .cancelled : .timedOut(timeout)
        }
        if await streamsDone.wait(upTo: Self.drainGrace) == nil {
            stop()
            _ = await streamsDone.wait(upTo: Self.drainGrace)
        }
        if overflowed.current { throw .outputTooLarge(Self.outputLimit) }
        result.standardOutput = output.current
        return result
    }

    /// Writing to a process that has exited must fail with EPIPE, not kill ZappShell. The signal
    /// is blocked in the writer thread only (ignoring it process-wide would be inherited by every
    /// hook process); a SIGPIPE left pending is discarded when that thread ends.
    /// Starts `process`, retrying for up to a second while its file is busy (ETXTBSY: still open
    /// for writing, for instance just saved, or inherited by another process being started at
    /// that moment).
    private static func launch(_ process: Process) async throws {
        var attempts = 1
        while true {
            do {
                return try process.run()
            } catch where posixCode(of: error) == ETXTBSY && attempts < 50 {
                attempts += 1
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    /// Why a launch failed, in words: the system's reason ("Text file busy", "Permission
    /// denied") rather than Foundation's generic file error.
    private static func reason(_ error: any Error) -> String {
        guard let code = posixCode(of: error) else { return error.localizedDescription }
        return String(cString: strerror(code))
    }

    /// The POSIX error code behind a launch error, if there is one.
    private static func posixCode(of error: any Error) -> Int32? {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
        guard let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        else { return nil }
        return Int32(underlying.code)
    }

    private static func blockBrokenPipeSignal() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    private static func background(_ work: @escaping @Sendable () -> Void) {
        DispatchQueue.global(qos: .utility).async(execute: work)
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
