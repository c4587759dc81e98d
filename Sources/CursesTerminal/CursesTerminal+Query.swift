import CNCurses
#if canImport(Glibc)
import Glibc
#endif
import ShellCore
import ShellUI
import ZappCore

extension CursesTerminal {
    /// The one bounded query (`ShellEffect.queryTerminal`, after the first frame): asks the
    /// terminal for its image protocol (kitty's graphics answer, DA1's sixel attribute) and its
    /// cell size (`CSI 16 t`, `CSI 14 t`) in one write, and waits at most `milliseconds` for
    /// the reply, which DA1 ends. Keys typed meanwhile are given back to ncurses in order. A
    /// terminal that answers nothing, garbage or too late gets symbols; the cell size is
    /// `TIOCGWINSZ`'s where it has one, else the reply's, else unknown (nil). A reply later than
    /// the wait is dropped as it arrives, never taken for keys.
    public func queryTerminal(milliseconds: Int = 150) -> TerminalImageAnswer {
        guard !isRestored, !isSuspended else { return TerminalImageAnswer(mode: .symbols, cell: cellPixelSize) }
        TerminalOutput.write(ImageModeDetector.queryBytes)
        var received: [UInt8] = []
        var reply = ImageModeDetector.mode(fromReply: [])
        var clock = timespec()
        clock_gettime(CLOCK_MONOTONIC, &clock)
        let deadline = Int(clock.tv_sec) * 1000 + Int(clock.tv_nsec) / 1_000_000 + milliseconds
        while !reply.isComplete {
            clock_gettime(CLOCK_MONOTONIC, &clock)
            let left = deadline - (Int(clock.tv_sec) * 1000 + Int(clock.tv_nsec) / 1_000_000)
            guard left > 0 else { break }
            var ready = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let status = poll(&ready, 1, Int32(left))
            if status < 0 && errno == EINTR { continue }
            guard status > 0 else { break }
            var buffer = [UInt8](repeating: 0, count: 512)
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { break }
            received += buffer[0..<count]
            reply = ImageModeDetector.mode(fromReply: received)
        }
        for byte in reply.keys.reversed() { ungetch(Int32(byte)) }
        // The rest of a reply that comes later is not keys (`LateReplyFilter`).
        lateReplies.isArmed = !reply.isComplete
        let screen = size
        return TerminalImageAnswer(mode: reply.mode, cell: cellPixelSize ?? reply.cell(columns: screen.columns, rows: screen.rows))
    }
}
