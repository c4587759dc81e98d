import Foundation
import Synchronization

/// A pseudo-terminal of a given size standing in for this process's standard input and output,
/// so that `CursesTerminal` draws into it exactly as into a real terminal. A thread drains the
/// controlling side and counts every byte written.
final class PseudoTerminal: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `TIOCSPTLCK` and `TIOCGPTN` (Linux, x86_64 and arm64), which Swift does not import.
    private static let unlockRequest: UInt = 0x4004_5431
    private static let numberRequest: UInt = 0x8004_5430

    private let controller: Int32
    private let device: Int32
    private let savedInput: Int32
    private let savedOutput: Int32
    private let received = ByteCount()
    private var reader: Thread?

    /// Opens a pty of `columns` x `rows` and puts it in place of standard input and output.
    init(columns: Int, rows: Int) throws {
        controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard controller >= 0, ioctl(controller, Self.unlockRequest, &unlock) == 0,
            ioctl(controller, Self.numberRequest, &number) == 0
        else {
            throw Failure(description: "cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        let name = "/dev/pts/\(number)"
        device = open(name, O_RDWR | O_NOCTTY)
        guard device >= 0 else { throw Failure(description: "cannot open \(name): \(String(cString: strerror(errno)))") }
        var window = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(device, UInt(TIOCSWINSZ), &window)
        fflush(nil)
        savedInput = dup(STDIN_FILENO)
        savedOutput = dup(STDOUT_FILENO)
        dup2(device, STDIN_FILENO)
        dup2(device, STDOUT_FILENO)
        let controller = controller
        let received = received
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                received.value.add(count, ordering: .relaxed)
            }
        }
        thread.start()
        reader = thread
    }

    /// Bytes written to the terminal so far; waits until the output has settled (nothing new
    /// for a few milliseconds), so a count taken after a flush includes all of it.
    func bytesWritten() -> Int {
        var last = received.value.load(ordering: .relaxed)
        while true {
            usleep(3_000)
            let now = received.value.load(ordering: .relaxed)
            if now == last { return now }
            last = now
        }
    }

    /// Puts the original standard input and output back.
    func close() {
        fflush(nil)
        dup2(savedInput, STDIN_FILENO)
        dup2(savedOutput, STDOUT_FILENO)
        Foundation.close(savedInput)
        Foundation.close(savedOutput)
        Foundation.close(device)
        Foundation.close(controller)
    }
}

/// A byte count shared between the reading thread and the benchmark.
private final class ByteCount: Sendable {
    let value = Atomic<Int>(0)
}
