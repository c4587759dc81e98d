import Foundation
import Synchronization
import Testing

@testable import ZappPlugins

/// `ProcessRunner` with real /bin/sh children: both output streams drained at once, and the
/// retry of a busy file waiting on the injected sleeper, not on the clock.
@Suite("ProcessRunner")
struct ProcessRunnerTests {
    /// The pause between attempts to start a busy file.
    static let retryPause: Duration = .milliseconds(20)

    /// A scratch folder with one executable script in it.
    private static func script(_ body: String) throws -> (folder: URL, file: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("process-runner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("run.sh")
        try Data(("#!/bin/sh\n" + body + "\n").utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        return (folder, file)
    }

    @Test("a child that fills stderr (over 64 KB, more than a pipe holds) before writing stdout finishes")
    func stderrBeforeStdout() async throws {
        // 2,000 lines of 99 characters: about 200 KB on stderr, then the answer on stdout. Read one
        // stream after the other, the child would block on the full stderr pipe until the timeout.
        let (folder, file) = try Self.script("""
            cat > /dev/null
            i=0
            while [ $i -lt 2000 ]; do
                echo "err-line-$(printf '%090d' $i)" >&2
                i=$((i + 1))
            done
            printf '{"success": true}'
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines = Mutex<[String]>([])
        let result = try await ProcessRunner().run(
            executable: file, arguments: [], workingDirectory: folder, input: Data("{}".utf8), timeout: .seconds(60),
            onErrorLine: { line in lines.withLock { $0.append(line) } })
        #expect(result.status == 0 && !result.signalled)
        #expect(String(decoding: result.standardOutput, as: UTF8.self) == #"{"success": true}"#)
        let received = lines.withLock { $0 }
        #expect(received.count == 2000)
        #expect(received.reduce(0) { $0 + $1.utf8.count + 1 } > 64 * 1024)
        #expect(received.last == "err-line-" + String(repeating: "0", count: 86) + "1999")
    }

    @Test("a file still open for writing is started once it is closed, retried on the injected sleeper")
    func busyFileRetry() async throws {
        let (folder, file) = try Self.script("cat > /dev/null; echo ok")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Close-on-exec, so that processes other tests start meanwhile do not keep it open.
        let writer = open(file.path, O_WRONLY | O_CLOEXEC)
        try #require(writer >= 0)
        // The first wait between attempts (20 ms) closes the file: a later attempt starts it (the
        // next one, unless a process forked by another test still held the descriptor until its
        // exec). The timeout's wait (60 s) is a real one, ended early when the process exits.
        let waits = Mutex<[Duration]>([])
        let runner = ProcessRunner(clock: RetryClock { duration in
            let first = waits.withLock { waits in
                waits.append(duration)
                return waits.count == 1
            }
            if first { close(writer) }
        })
        let result = try await runner.run(
            executable: file, arguments: [], workingDirectory: folder, input: Data(), timeout: .seconds(60),
            onErrorLine: { _ in })
        #expect(String(decoding: result.standardOutput, as: UTF8.self) == "ok\n")
        let recorded = waits.withLock { $0 }
        #expect(!recorded.isEmpty && recorded.allSatisfy { $0 == Self.retryPause })
    }

    @Test("a file that stays busy fails with the system's reason after its attempts, without waiting on the clock")
    func busyFileGivesUp() async throws {
        let (folder, file) = try Self.script("echo never")
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = open(file.path, O_WRONLY)
        try #require(writer >= 0)
        defer { close(writer) }
        let waits = Mutex(0)
        let runner = ProcessRunner(clock: RetryClock { _ in waits.withLock { $0 += 1 } })
        await #expect(throws: ProcessRunFailure.launchFailed("Text file busy")) {
            _ = try await runner.run(
                executable: file, arguments: [], workingDirectory: folder, input: Data(), timeout: .seconds(60),
                onErrorLine: { _ in })
        }
        #expect(waits.withLock { $0 } == 49)
    }
}

/// A clock whose pauses between attempts (`retryPause`) end at once, handed to `paused`; every
/// other sleep (the timeout, the drain) is a real one. Its time stands still, so a sleep's
/// duration is exactly the one asked for.
private struct RetryClock: Clock {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    let paused: @Sendable (Duration) -> Void
    var now: Instant { Instant(offset: .zero) }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let duration = now.duration(to: deadline)
        guard duration == ProcessRunnerTests.retryPause else { return try await Task.sleep(for: duration) }
        paused(duration)
    }
}
