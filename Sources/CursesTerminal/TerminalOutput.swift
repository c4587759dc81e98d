#if canImport(Glibc)
import Glibc
#endif

/// Writes a frame to the terminal in one `write()` where the kernel takes it whole, and
/// finishes partial writes: it retries after EINTR, waits for the descriptor to take more
/// after EAGAIN (standard output shares the terminal's non-blocking flag with the watched
/// input), and gives up on any other error (the terminal is gone; the loop learns it from
/// its input).
enum TerminalOutput {
    /// Returns whether every byte was written; a descriptor that takes nothing for
    /// `waitMilliseconds` (-1: forever) is given up.
    @discardableResult
    static func write(_ bytes: [UInt8], to descriptor: Int32 = STDOUT_FILENO, waitMilliseconds: Int32 = -1) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    let status = poll(&ready, 1, waitMilliseconds)
                    if status == 0 || status < 0 && errno != EINTR { return false }
                } else {
                    return false
                }
            }
            return true
        }
    }

    /// Writes `bytes` to the terminal device at `path` (a tmux client's terminal), opened
    /// without becoming the controlling terminal and without blocking on it; only a terminal
    /// (`isatty`) is written to, waiting at most 100 ms for it to take them.
    @discardableResult
    static func write(_ bytes: [UInt8], toDevice path: String) -> Bool {
        guard path.hasPrefix("/dev/") else { return false }
        let descriptor = open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard isatty(descriptor) == 1 else { return false }
        return write(bytes, to: descriptor, waitMilliseconds: 100)
    }
}
