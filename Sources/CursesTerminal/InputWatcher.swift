#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import ZappCore

/// Tells the event loop when input is waiting, without reading it: a thread of its own
/// (`DetachedThread`) sleeps in `poll` on the terminal's input and the signal self-pipe, so
/// nothing polls on a timer (ARCHITECTURE.md, "The loop"). A key wakes that one thread, which
/// hands it to the loop at once: no dispatch source, whose event reaches its handler through
/// libdispatch's manager thread and then a worker (two thread switches more per key on the way
/// to the main actor; docs/performance.md, "Key → first byte").
///
/// After it has called `onReady` the watcher pauses (it waits on its control pipe instead)
/// until `resume()`, which the terminal calls once the UI's thread has read everything with
/// ncurses and written the frame that answers it (`Terminal.resumeInput()`); input that
/// arrives meanwhile is reported at once after the resume.
final class InputWatcher: Sendable {
    /// What the control pipe carries.
    private enum Control: UInt8 {
        case resume = 1
        case stop = 2
    }

    private let shared = Shared()

    /// What the watcher and its thread share: the control pipe's write end while the thread
    /// runs, nil once it has ended or was asked to (so nothing is written to a closed
    /// descriptor). The thread closes both ends of the pipe.
    private final class Shared: Sendable {
        let control = Mutex<Int32?>(nil)
    }

    /// Starts watching `descriptors` (each must stay open until `stop()`).
    init(descriptors: [Int32], onReady: @escaping @Sendable () -> Void) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        let (controlRead, controlWrite) = (ends[0], ends[1])
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        shared.control.withLock { $0 = controlWrite }
        let shared = shared
        let started = DetachedThread.start(name: "zapp-input") {
            Self.watch(descriptors, control: controlRead, onReady: onReady)
            shared.control.withLock { control in
                control = nil
                close(controlRead)
                close(controlWrite)
            }
        }
        if !started {
            shared.control.withLock { $0 = nil }
            close(controlRead)
            close(controlWrite)
        }
    }

    /// The thread's loop: sleeps until a descriptor is readable (or hung up), reports it, then
    /// sleeps on the control pipe until resumed; ends on `stop`.
    private static func watch(_ descriptors: [Int32], control: Int32, onReady: @Sendable () -> Void) {
        var watched = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        watched.append(pollfd(fd: control, events: Int16(POLLIN), revents: 0))
        var isPaused = false
        while true {
            if isPaused {
                switch read(control) {
                case .resume?: isPaused = false
                case .stop?, nil: return
                }
                continue
            }
            let count = poll(&watched, nfds_t(watched.count), -1)
            if count < 0 {
                if errno == EINTR { continue }
                return
            }
            if watched[watched.count - 1].revents != 0 {
                // A resume that was not needed (nothing was reported) is dropped; a stop ends.
                if read(control) != .resume { return }
            }
            if watched.dropLast().contains(where: { $0.revents != 0 }) {
                isPaused = true
                onReady()
            }
        }
    }

    /// One message from the control pipe, waiting for it; nil when the pipe failed.
    private static func read(_ control: Int32) -> Control? {
        var byte: UInt8 = 0
        while true {
            let count = Glibc.read(control, &byte, 1)
            if count == 1 { return Control(rawValue: byte) }
            if count < 0, errno == EINTR { continue }
            return nil
        }
    }

    /// Watches again after the waiting input has been read (nothing when nothing was reported:
    /// the thread drops a resume it was not waiting for).
    func resume() {
        shared.control.withLock { control in
            guard let control else { return }
            var byte = Control.resume.rawValue
            _ = write(control, &byte, 1)
        }
    }

    /// Stops watching for good: the thread ends and closes the control pipe.
    func stop() {
        shared.control.withLock { control in
            guard let descriptor = control else { return }
            var byte = Control.stop.rawValue
            _ = write(descriptor, &byte, 1)
            control = nil
        }
    }

    deinit {
        stop()
    }
}
