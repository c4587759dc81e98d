import CNCurses
#if canImport(Glibc)
import Glibc
#endif
import ShellCore
import ShellUI

/// The terminal's input path without a terminal: bytes as a terminal sends them (keys, escape
/// sequences, mouse reports) go through a private ncurses screen set up as `CursesTerminal`
/// sets up its own (keypad, the same mouse mask, the same terminfo entry) and through the same
/// `KeyDecoder`, into the `TerminalEvent`s the UI would get. Tests of escape sequences and the
/// key-decoding fuzz target (Fuzz/) use it; the app itself reads its real terminal.
///
/// ncurses has one current screen per process: use decoders from one thread at a time.
public final class RawInputDecoder {
    private let screen: OpaquePointer
    private let feed: Int32
    private let inputFile: UnsafeMutablePointer<FILE>
    private let outputFile: UnsafeMutablePointer<FILE>
    private let decoder = KeyDecoder()
    /// How many bytes go into ncurses before their events are read (the pipe must not fill).
    static let chunkSize = 4096

    /// A decoder reading as a terminal of this terminfo type; nil when the type is unknown.
    /// Like the terminal, it reads UTF-8: the process's character locale becomes C.UTF-8 when
    /// it is not UTF-8 already.
    public init?(terminalName: String) {
        if zs_locale_is_utf8() == 0 { setlocale(LC_CTYPE, "C.UTF-8") }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        guard let inputFile = fdopen(fds[0], "r"), let outputFile = fopen("/dev/null", "w") else {
            close(fds[0])
            close(fds[1])
            return nil
        }
        let started: OpaquePointer? = TerminfoLock.withLock {
            guard let screen = newterm(terminalName, outputFile, inputFile) else { return nil }
            set_term(screen)
            raw()
            noecho()
            keypad(zs_stdscr(), true)
            zs_define_focus_keys()
            wtimeout(zs_stdscr(), 0)
            zs_set_escdelay(0)
            _ = zs_enable_mouse()
            return screen
        }
        guard let screen = started else {
            fclose(inputFile)
            fclose(outputFile)
            close(fds[1])
            return nil
        }
        (self.screen, feed, self.inputFile, self.outputFile) = (screen, fds[1], inputFile, outputFile)
        // Neither end blocks: ncurses reads the rest of an escape sequence or mouse report with
        // plain reads, which on a terminal wait for bytes that always come, and here must end
        // where the input ends.
        for descriptor in fds { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
    }

    deinit {
        TerminfoLock.withLock {
            set_term(screen)
            endwin()
            delscreen(screen)
        }
        fclose(inputFile)
        fclose(outputFile)
        close(feed)
    }

    /// The events these bytes make, in order. Whatever is left unread (an unfinished escape
    /// sequence) is dropped, so each call starts afresh.
    public func decode(_ bytes: [UInt8]) -> [TerminalEvent] {
        TerminfoLock.withLock { decodeLocked(bytes) }
    }

    private func decodeLocked(_ bytes: [UInt8]) -> [TerminalEvent] {
        set_term(screen)
        var events: [TerminalEvent] = []
        var start = 0
        repeat {
            let end = Self.chunkEnd(bytes, from: start)
            let written = bytes[start..<end].withUnsafeBytes { write(feed, $0.baseAddress, $0.count) }
            start += max(written, 0)
            while true {
                var value: wint_t = 0
                let status = wget_wch(zs_stdscr(), &value)
                if status == ERR { break }
                let resize = TerminalEvent.resize(columns: Int(zs_cols()), rows: Int(zs_lines()))
                if let event = decoder.event(status: status, value: value, resized: { resize }) { events.append(event) }
            }
            if written <= 0 { break }
        } while start < bytes.count
        flushinp()
        return events
    }

    /// Where the chunk from `start` ends: at most `chunkSize` bytes, and never inside an escape
    /// sequence the rest of which is still to come, so chunks decode as the whole input would.
    /// An X10 mouse report (`ESC [ M` and three bytes) the input itself leaves unfinished is
    /// dropped: ncurses reads its last three bytes with plain reads and, when they fail on the
    /// empty pipe, parses whatever its buffer held before, a click at a random place (a
    /// terminal would send the rest).
    static func chunkEnd(_ bytes: [UInt8], from start: Int) -> Int {
        let end = min(start + chunkSize, bytes.count)
        if end < bytes.count {
            // The longest sequence a key or report sends is far shorter than this.
            let window = max(start + 1, end - 32)
            return bytes[window..<end].lastIndex(of: 0x1B) ?? end
        }
        let reportLength = 6
        var index = max(start, end - reportLength + 1)
        while index + 2 < end {
            if bytes[index] == 0x1B, bytes[index + 1] == 0x5B, bytes[index + 2] == 0x4D { return index }
            index += 1
        }
        return end
    }
}
