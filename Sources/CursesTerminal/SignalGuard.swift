import CNCurses

/// Restores the terminal when the process is stopped by a signal or crashes.
///
/// SIGINT, SIGTERM, SIGHUP and SIGQUIT are recorded and reported to the event loop (which quits and
/// restores the terminal through ncurses on its own thread); they, SIGWINCH and SIGCONT write
/// a byte to a self-pipe that wakes the loop's input watcher; if the loop has not finished two
/// seconds later, or a second signal arrives, the handler restores the terminal itself with
/// async-signal-safe calls and exits. Crash signals restore the terminal and then run the
/// previous handler. The C state lives in `shim.h`; this file is its only caller.
enum SignalGuard {
    /// Saves the shell's terminal modes and installs the handlers (before ncurses starts, so
    /// ncurses does not install its own SIGINT/SIGTERM handlers).
    static func install() {
        zs_guard_install()
    }

    /// Arms the emergency restore with the bytes that undo the terminal set-up.
    static func arm(restoreSequence: String) {
        restoreSequence.withCString { zs_guard_set_sequence($0) }
    }

    /// The terminal has been restored normally; an emergency restore must not run any more.
    static func disarm() {
        zs_guard_disarm()
    }

    /// The termination signal received so far, if any.
    static var pendingSignal: Int32? {
        let signal = zs_guard_pending_signal()
        return signal == 0 ? nil : signal
    }

    /// Installs the SIGWINCH handler (after ncurses has started: its own handler is chained).
    static func installResize() {
        zs_guard_install_resize()
    }

    /// The read end of the self-pipe that every handled signal writes a byte to, which wakes
    /// the input watcher; nil when the pipe could not be made.
    static var wakeDescriptor: Int32? {
        let descriptor = zs_guard_wake_fd()
        return descriptor < 0 ? nil : descriptor
    }

    /// Empties the self-pipe (the signals it announced are read from the guard's flags).
    static func drainWake() {
        zs_guard_drain_wake()
    }

    /// Whether the process was continued after a stop since the last call.
    static func takeContinued() -> Bool {
        zs_guard_take_continued() != 0
    }

    /// Stops the process group (Ctrl-Z) and returns true once continued; false when it could
    /// not stop (SIGTSTP ignored: a shell without job control). Called here, not from another
    /// file: the SIGCONT it waits for is recorded in the guard's state, and every Swift file
    /// that calls a `static inline` function of `shim.h` gets a copy of it with a state of its
    /// own, so a call from `CursesTerminal.swift` never saw the continue.
    static func suspendProcess() -> Bool {
        zs_suspend_process() != 0
    }
}
