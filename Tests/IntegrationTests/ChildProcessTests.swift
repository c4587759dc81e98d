import Foundation
import Glibc
import Testing
import ZappCore

/// `ChildProcess` (posix_spawn) and `DetachedThread`: what hooks and the browser rely on.
@Suite("child processes")
struct ChildProcessTests {
    /// Runs `script` with /bin/sh, its output into a pipe; returns how it ended and what it printed.
    private static func run(_ script: String, workingDirectory: String? = nil) throws -> (ChildProcess.Termination, String) {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        let null = open("/dev/null", O_RDWR)
        defer { close(null) }
        let process = try ChildProcess.spawn(
            path: "/bin/sh", arguments: ["-c", script], workingDirectory: workingDirectory,
            standardInput: null, standardOutput: ends[1], standardError: null)
        close(ends[1])
        let output = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true).readDataToEndOfFile()
        return (process.waitForExit(), String(decoding: output, as: UTF8.self))
    }

    @Test("the exit status, arguments and working directory arrive")
    func exitStatusAndDirectory() throws {
        let (ended, output) = try Self.run("pwd; exit 3", workingDirectory: "/usr")
        #expect(ended == ChildProcess.Termination(status: 3, signalled: false))
        #expect(output == "/usr\n")
    }

    @Test("a process killed by a signal reports the signal")
    func signalled() throws {
        let (ended, _) = try Self.run("kill -TERM $$")
        #expect(ended == ChildProcess.Termination(status: SIGTERM, signalled: true))
    }

    @Test("it leads a process group of its own and inherits no other descriptor")
    func groupAndDescriptors() throws {
        let leaked = open("/dev/null", O_RDONLY)
        defer { close(leaked) }
        let (_, output) = try Self.run("read pid comm state parent group rest < /proc/$$/stat; echo $pid $group; [ -e /proc/$$/fd/\(leaked) ] && echo leaked; exit 0")
        let numbers = output.split(whereSeparator: \.isWhitespace).map(String.init)
        #expect(numbers.count == 2 && numbers[0] == numbers[1])
        #expect(!output.contains("leaked"))
    }

    @Test("a program that does not exist is refused with the system's reason")
    func missingProgram() {
        #expect(throws: ChildProcess.SpawnError(code: ENOENT)) {
            try ChildProcess.spawn(
                path: "/nonexistent/program", arguments: [], standardInput: 0, standardOutput: 1, standardError: 2)
        }
        #expect(ChildProcess.SpawnError(code: ENOENT).description == "No such file or directory")
    }

    @Test("a detached thread runs its work")
    func detachedThread() async {
        let ran = await withCheckedContinuation { continuation in
            let started = DetachedThread.start(name: "zapp-shell test") { continuation.resume(returning: true) }
            if !started { continuation.resume(returning: false) }
        }
        #expect(ran)
    }
}
