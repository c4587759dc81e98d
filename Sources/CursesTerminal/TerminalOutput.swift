#if canImport(Glibc)
import Glibc
#endif

/// Writes a frame to the terminal in one `write()` where the kernel takes it whole, and
/// finishes partial writes: it retries after EINTR, waits for the descriptor to take more
/// after EAGAIN (standard output shares the terminal's non-blocking flag with the watched
/// input), and gives up on any other error (the terminal is gone; the loop learns it from
/// its input).
enum TerminalOutput {
    /// Returns whether every byte was written.
    @discardableResult
    static func write(_ bytes: [UInt8], to descriptor: Int32 = STDOUT_FILENO) -> Bool {
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
                    if poll(&ready, 1, -1) < 0 && errno != EINTR { return false }
                } else {
                    return false
                }
            }
            return true
        }
    }
}
